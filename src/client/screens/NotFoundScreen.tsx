import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompassIcon } from '../ui/icons';
import { StatusScreen } from './StatusScreen';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      badge={<CompassIcon size={44} />}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={
        <Link to="/" className="btn btn--gold status__action">
          {t('notFound.back')}
        </Link>
      }
    />
  );
}
