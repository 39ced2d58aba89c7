/**
 * What the connection's banner shows (ui/ConnectionBanner.tsx, issue 32), in the entry chunk: the
 * browser's online and offline events move it at once, on every page. The rest of the logic (calls
 * that got no answer, the probes that follow, sockets connecting again) arrives with the api
 * layer and the sockets (./connectivity.ts), which move it too. Kept this small for the login
 * page's JavaScript budget (issue 18).
 */

/**
 * - `offline`: the browser says it has no network.
 * - `unreachable`: the browser says it is online, but calls get no answer at all.
 * - `online`: otherwise.
 */
export type ConnectionState = 'online' | 'offline' | 'unreachable';

export interface ConnectionView {
  state: ConnectionState;
  /** A live socket that was connected is connecting again. */
  reconnecting: boolean;
}

export interface ConnectionStore {
  /** The same object until something changes (useSyncExternalStore). */
  view(): ConnectionView;
  subscribe(listener: () => void): () => void;
  set(state: ConnectionState, reconnecting?: boolean): void;
}

export function createConnectionStore(online: boolean): ConnectionStore {
  let current: ConnectionView = { state: online ? 'online' : 'offline', reconnecting: false };
  const listeners = new Set<() => void>();
  return {
    view: () => current,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    set(state, reconnecting = current.reconnecting) {
      if (state === current.state && reconnecting === current.reconnecting) return;
      current = { state, reconnecting };
      listeners.forEach((listener) => listener());
    },
  };
}

/** The page's, one per page as the network is; Node (tests) has no window and is always online. */
export const connectionStore = createConnectionStore(typeof navigator === 'undefined' || navigator.onLine);
if (typeof window !== 'undefined') {
  addEventListener('online', () => connectionStore.set('online'));
  addEventListener('offline', () => connectionStore.set('offline'));
}
