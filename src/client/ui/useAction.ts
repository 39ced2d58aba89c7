import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, errorText } from '../api/errors';
import { useToast } from './toastContext';

export interface ActionState {
  /** The action's call is out: its buttons are off. */
  busy: boolean;
  /** The last run succeeded. */
  done: boolean;
  /** The code the last run failed with (the server's, or the client's NETWORK_ERROR, TIMEOUT, ...). */
  error: string | null;
}

const IDLE: ActionState = { busy: false, done: false, error: null };

/**
 * One-shot actions of the member app and the console (a refund taken as a bonus, an operator's
 * lock or reset): one at a time, a toast says how it went (the success text given, or the
 * failure's code translated), and `after` runs either way (a reload of what changed). A second
 * press while one is out sends nothing: the guard is a ref, because `busy` only reaches the
 * button on the next render, after a quick double click has already come in. Decisions with
 * more states than that (a review, a retry with the same key) are machines.
 */
export function useAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const running = useRef(false);
  const [state, setState] = useState<ActionState>(IDLE);

  const run = async <T,>(action: () => Promise<T>, done: string | ((result: T) => string), after?: () => void): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setState({ busy: true, done: false, error: null });
    try {
      const result = await action();
      toast.success(typeof done === 'function' ? done(result) : done);
      setState({ busy: false, done: true, error: null });
    } catch (error) {
      const code = errorCodeOf(error);
      toast.error(errorText(t, code));
      setState({ busy: false, done: false, error: code });
    } finally {
      running.current = false;
    }
    after?.();
  };

  return { ...state, run };
}
