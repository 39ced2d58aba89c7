import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DELAYS } from '../../contract/constants';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { ToastContext, type ToastApi } from './toastContext';
import { createToastQueue, type ToastKind } from './toastQueue';
import { useTopModal } from './useTopModal';
import './toasts.css';

const ICONS: Record<ToastKind, typeof CheckIcon> = { success: CheckIcon, error: AlertIcon, info: InfoIcon };

/**
 * Provides useToast() and renders the toasts at the top of the column, above everything: in the
 * page's own layer order (`--layer-toast` in styles/global.css), and inside the modal dialog on
 * top when one is open, because a modal dialog's top layer covers and disables all else.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue] = useState(() => createToastQueue(DELAYS.toastMs));
  useEffect(() => () => queue.dispose(), [queue]);
  const toasts = useSyncExternalStore(queue.subscribe, queue.list, queue.list);
  const topModal = useTopModal();

  const api = useMemo<ToastApi>(
    () => ({
      show: (kind, text) => void queue.show(kind, text),
      success: (text) => void queue.show('success', text),
      error: (text) => void queue.show('error', text),
      info: (text) => void queue.show('info', text),
    }),
    [queue],
  );

  const region = (
    <div className="toasts" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => {
        const Icon = ICONS[toast.kind];
        return (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <Icon className="toast__icon" size={20} />
            <span className="toast__text">{toast.text}</span>
            <button type="button" className="toast__close" aria-label={t('common.dismiss')} onClick={() => queue.dismiss(toast.id)}>
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {createPortal(region, topModal ?? document.body)}
    </ToastContext.Provider>
  );
}
