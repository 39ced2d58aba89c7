import { useEffect, useState } from 'react';

/**
 * True once `ready` has held and the browser has had an idle moment (or `timeoutMs` passed).
 * The home starts the lobby's canvas (Pixi, the card art) this way: after its own text has
 * painted, so the heavy chunk neither delays the page's first content nor competes with it.
 */
export function useIdleAfter(ready: boolean, timeoutMs = 800): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!ready || due) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setDue(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setDue(true), 0);
    return () => window.clearTimeout(handle);
  }, [ready, due, timeoutMs]);
  return due;
}
