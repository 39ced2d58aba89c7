import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { useModalDialog } from './useModalDialog';
import { useScrollableRegion } from './useScrollableRegion';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; the close icon is always there. */
  footer?: ReactNode;
  /** Wider than the member column on a large screen (the console's reviews); a phone's width either way. */
  wide?: boolean;
  testId?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and the page
 * behind is inert. A tap on the backdrop closes it too.
 */
export function Dialog({ open, onClose, title, children, footer, wide = false, testId }: DialogProps) {
  const { t } = useTranslation();
  // The browser focuses the first control (the close icon); a form can name a better start.
  const ref = useModalDialog(open, '[data-autofocus]');
  const titleId = useId();
  // A backdrop tap closes the modal only if it began there: the click that ends the tap which
  // opened the modal (a lobby card) lands on the new backdrop and must not close it again.
  const pressedBackdrop = useRef(false);
  // A long text (the Thai refund conditions) scrolls: then the body takes the focus, so a
  // keyboard or a screen reader can scroll it too.
  const [bodyRef, bodyScrolls] = useScrollableRegion<HTMLDivElement>();

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to the dialogs this one was opened from (a modal portalled
        // out of another, as the bank-name editor over the deposit modal): Escape closes this one only.
        event.stopPropagation();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) onClose();
        pressedBackdrop.current = false;
      }}
    >
      {open && (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={t('common.close')} onClick={onClose}>
              <CloseIcon size={20} />
            </button>
          </header>
          <div
            ref={bodyRef}
            className="dialog__body"
            {...(bodyScrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
          >
            {children}
          </div>
          {footer && <footer className="dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
