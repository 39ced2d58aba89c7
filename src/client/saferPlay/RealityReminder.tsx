import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RealityCheck } from '../../../machines/realityCheckMachine';
import { errorText } from '../api';
import { ClockIcon } from '../deposit/depositIcons';
import { formatAmount } from '../format';
import { useModalDialog } from '../ui/useModalDialog';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { playedText, signedAmount } from './limitText';
import '../ui/dialog.css';

interface RealityReminderProps {
  open: boolean;
  busy: boolean;
  check: RealityCheck | null;
  error: string | null;
  onAcknowledge: () => void;
  onSignOut: () => void;
}

/**
 * The reality check's reminder (issue 31): a modal alertdialog over the page with the session's
 * time and result and the 30 days' net deposits. It goes only when acknowledged: Escape does
 * nothing, there is no close icon; the other ways out are to stop (sign out) or to open the
 * limits, each of which acknowledges it too. Focus starts on "carry on", and the figures are the
 * dialog's description, so a screen reader reads them as it opens.
 */
export function RealityReminder({ open, busy, check, error, onAcknowledge, onSignOut }: RealityReminderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useCurrencyLabel();
  const carryOnRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, carryOnRef);
  const ids = { title: useId(), body: useId() };

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="dialog alert alert--info"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      data-testid="reality-reminder"
      onCancel={(event) => {
        // Acknowledging is the only way on.
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {open && check && (
        <div className="dialog__panel alert__panel">
          <span className="alert__icon">
            <ClockIcon size={30} />
          </span>
          <h2 id={ids.title} className="alert__title">
            {t('saferPlay.reality.reminderTitle')}
          </h2>
          <div id={ids.body} className="alert__body reality-reminder__body">
            <p data-testid="reality-reminder-played">{t('saferPlay.reality.reminderPlayed', { played: playedText(t, check.minutesPlayed) })}</p>
            <p data-testid="reality-reminder-net">{t('saferPlay.reality.reminderNet', { amount: signedAmount(check.netResult), currency })}</p>
            <p>{t('saferPlay.reality.reminderDeposits', { amount: formatAmount(check.netDeposits30d), currency })}</p>
            <p>{t('saferPlay.reality.reminderAsk')}</p>
            {error && (
              <p className="form-error" role="alert">
                {errorText(t, error)}
              </p>
            )}
          </div>
          <div className="alert__actions reality-reminder__actions">
            <button ref={carryOnRef} type="button" className="btn btn--gold" onClick={onAcknowledge} disabled={busy} aria-busy={busy} data-testid="reality-carry-on">
              {busy && <span className="spinner" aria-hidden="true" />}
              {t('saferPlay.reality.carryOn')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() => {
                onAcknowledge();
                void navigate('/user/safer-play');
              }}
            >
              {t('saferPlay.reality.limits')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={onSignOut}>
              {t('saferPlay.reality.signOut')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
