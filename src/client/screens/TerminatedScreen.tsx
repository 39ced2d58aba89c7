import { useTranslation } from 'react-i18next';
import { PowerIcon } from '../ui/icons';
import { StatusScreen } from './StatusScreen';

export function TerminatedScreen() {
  const { t } = useTranslation();
  return <StatusScreen badge={<PowerIcon size={44} />} title={t('terminated.title')} body={t('terminated.body')} />;
}
