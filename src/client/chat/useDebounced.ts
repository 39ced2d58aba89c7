import { useEffect, useRef } from 'react';

/** Calls `effect` once `value` has stayed the same for `ms` (the chat's mark-as-read, SPEC section 9). */
export function useDebounced<T>(value: T, ms: number, effect: () => void) {
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  }, [effect]);
  useEffect(() => {
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}
