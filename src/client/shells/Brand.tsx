import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../ui/icons';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand">
      <BrandMark size={34} />
      <span className="brand__name">{t('app.name')}</span>
    </Link>
  );
}
