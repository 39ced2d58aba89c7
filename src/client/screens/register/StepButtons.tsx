import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from '../../ui/icons';

/** Back and the step's main action, side by side. */
export function StepButtons({ busy, label, busyLabel, onBack }: { busy: boolean; label: string; busyLabel: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="register__buttons">
      <button type="button" className="btn btn--ghost" onClick={onBack} disabled={busy}>
        <ArrowLeftIcon size={18} />
        {t('register.back')}
      </button>
      <button type="submit" className="btn btn--gold" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
