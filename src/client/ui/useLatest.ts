import { useEffect, useRef } from 'react';

/**
 * A ref holding the last render's value, for callbacks made once that must not keep the first
 * render's: a machine's provided actions (useMachine builds its actor once) that toast in the
 * language shown now and reload with the page's current loader.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
