import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, errorText } from '../api/errors';
import { useToast } from '../ui/toastContext';

/** Runs one operator action at a time: a toast says how it went; `busy` disables the buttons. */
export function useAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string, after?: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      toast.success(done);
      after?.();
    } catch (error) {
      toast.error(errorText(t, errorCodeOf(error)));
      after?.();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
