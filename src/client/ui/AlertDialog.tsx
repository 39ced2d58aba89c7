import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';
import { useModalDialog } from './useModalDialog';
import './dialog.css';

export type AlertKind = 'success' | 'error' | 'info';
const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon } as const;

interface AlertDialogProps {
  open: boolean;
  kind: AlertKind;
  title: string;
  children?: ReactNode;
  /** The OK button and Escape. */
  onClose: () => void;
  /** Extra actions beside OK (e.g. try again). */
  actions?: ReactNode;
}

/**
 * The answer to something the member did (transfer done, withdrawal failed): a modal
 * alertdialog over whatever is open, with one OK button that has focus.
 */
export function AlertDialog({ open, kind, title, children, onClose, actions }: AlertDialogProps) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, okRef);
  const titleId = useId();
  const bodyId = useId();
  const Icon = ICONS[kind];

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className={`dialog alert alert--${kind}`}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to the dialogs this one was opened from (a modal portalled
        // out of another, as the bank-name editor over the deposit modal): Escape closes this one only.
        event.stopPropagation();
        onClose();
      }}
    >
      {open && (
        <div className="dialog__panel alert__panel">
          <span className="alert__icon">
            <Icon size={30} />
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
            {actions}
            <button ref={okRef} type="button" className="btn btn--gold" onClick={onClose}>
              {t('common.ok')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
