import { useEffect, useState } from 'react';

const isModal = (node: Node): node is HTMLDialogElement => node instanceof HTMLDialogElement && node.open && node.matches(':modal');

/**
 * The modal dialog on top, or null. A modal <dialog> sits in the browser's top layer and makes
 * everything outside it inert, a popover or a z-index of a million included; whatever must show
 * above it (the toasts) has to be rendered inside it. Watches the document, so every dialog of
 * the app counts, newest on top.
 */
export function useTopModal(): HTMLDialogElement | null {
  const [stack, setStack] = useState<HTMLDialogElement[]>([]);
  useEffect(() => {
    const sync = (records: MutationRecord[]) =>
      setStack((current) => {
        const next = current.filter((dialog) => dialog.isConnected && isModal(dialog));
        for (const record of records) {
          if (isModal(record.target) && !next.includes(record.target)) next.push(record.target);
        }
        return next.length === current.length && next.every((dialog, i) => dialog === current[i]) ? current : next;
      });
    const observer = new MutationObserver(sync);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return stack.at(-1) ?? null;
}
