/**
 * The api layer must send the member to /terminated or /login, but it lives outside React
 * and must not import the router. The router registers a listener here instead
 * (see ApiNavigationBridge); without one, requests are simply not redirected.
 */
export type ApiNavigationTarget = '/login' | '/terminated';
type Listener = (to: ApiNavigationTarget) => void;

const listeners = new Set<Listener>();

export const onApiNavigation = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const requestNavigation = (to: ApiNavigationTarget): void => {
  for (const listener of listeners) listener(to);
};
