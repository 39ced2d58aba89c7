import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from './icons';
import { useModalDialog } from './useModalDialog';
import './dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The one primary action, named by what it does ("Withdraw 1,200.00 baht"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The ghost button, Escape: nothing happens. */
  onCancel: () => void;
  cancelLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  confirmTestId?: string;
}

/**
 * A question before something is done (issue 27: money actions on the whole balance, a claim):
 * exactly one primary button, which does it, and a ghost one that leaves everything as it was.
 * Focus starts on the ghost button, so a stray Enter does nothing irreversible.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, cancelLabel, busy = false, disabled = false, confirmTestId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, cancelRef);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="dialog alert alert--info"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to the dialogs this one was opened from (a modal portalled
        // out of another, as the bank-name editor over the deposit modal): Escape closes this one only.
        event.stopPropagation();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className="dialog__panel alert__panel">
          <span className="alert__icon">
            <InfoIcon size={30} />
          </span>
          <h2 id={titleId} className="alert__title">
            {title}
          </h2>
          {children && (
            <div id={bodyId} className="alert__body">
              {children}
            </div>
          )}
          <div className="alert__actions">
            <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
              {cancelLabel ?? t('common.cancel')}
            </button>
            <button type="button" className="btn btn--gold" onClick={onConfirm} disabled={disabled || busy} aria-busy={busy} data-testid={confirmTestId}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
