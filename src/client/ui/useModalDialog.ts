import { useEffect, useRef, type RefObject } from 'react';

/**
 * Opens the native <dialog> as a modal while `open` and closes it otherwise; on opening, focus
 * goes to `focusStart` (an element's ref, or a selector inside the dialog), else where the
 * browser puts it. One copy for Dialog, AlertDialog and ConfirmDialog.
 */
export function useModalDialog(open: boolean, focusStart?: RefObject<HTMLElement | null> | string) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const start = typeof focusStart === 'string' ? dialog.querySelector<HTMLElement>(focusStart) : focusStart?.current;
      start?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focusStart]);
  return ref;
}
