import { useCallback, useEffect, useState } from 'react';
import { errorCodeOf } from '../api/errors';

/**
 * Loads data for a page when `deps` change; `reload` runs it again (after an action). The error
 * is a code to translate.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(deps);
  useEffect(() => {
    let live = true;
    load().then((value) => { if (live) { setData(value); setError(null); } }, (e: unknown) => { if (live) setError(errorCodeOf(e)); });
    return () => { live = false; };
    // `load` is a new closure each render; what it reads is named in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
  // The same function on every render, so it can be handed to effects and sockets.
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
