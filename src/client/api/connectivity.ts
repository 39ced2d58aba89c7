import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { SERVICE_ACTIVE_PATH } from './serviceCheck';

/**
 * Whether the app can reach the server now (issue 32, offline and flaky networks), for the banner
 * of both shells, the api layer (which refuses a call that changes something while the browser
 * is offline, ./http.ts) and the money actions (which ask again with the same key when the
 * connection comes back, machines/moneyActionMachine.ts).
 *
 * - `offline`: the browser says it has no network (navigator.onLine, the offline event).
 * - `unreachable`: the browser says it is online, but a call got no answer at all. The server is
 *   asked again (`probe`) after PROBE.firstMs, then after twice as long each time, at most
 *   PROBE.maxMs apart, until something answers.
 * - `online`: otherwise. Any answer (a refusal too) proves the server is reachable.
 *
 * Beside it, `reconnecting` says that a live socket (the wallet's, the chat's) that was connected
 * lost its connection and is trying again.
 *
 * Entry chunk: no axios, no XState (the login page's budget, issue 18).
 */

export type ConnectionState = 'online' | 'offline' | 'unreachable';

export interface ConnectionView {
  state: ConnectionState;
  /** A socket that was connected is trying to connect again. */
  reconnecting: boolean;
}

/** The pauses between probes of an unreachable server: doubling from the first, never above the cap. */
export const PROBE = { firstMs: 2_000, maxMs: 30_000 } as const;
export const probePauseMs = (failedProbes: number): number => Math.min(PROBE.maxMs, PROBE.firstMs * 2 ** Math.max(0, failedProbes));

/** What the api layer tells and asks (./http.ts); the console's client passes the same one. */
export interface ConnectionReports {
  /** The browser says it has no network: a call that changes something is not sent. */
  isOffline(): boolean;
  /** An answer came (any status). */
  answered(): void;
  /** A call got no answer at all (NETWORK_ERROR). */
  unanswered(): void;
  /** Calls `listener` each time the browser goes offline (an upload in flight is cut, ./uploadGuard.ts). */
  onOffline(listener: () => void): () => void;
}

export interface Connectivity extends ConnectionReports {
  /** The same object until something changes (useSyncExternalStore). */
  view(): ConnectionView;
  subscribe(listener: () => void): () => void;
  /** Called each time the connection comes back (offline or unreachable, then online). */
  onRestored(listener: () => void): () => void;
  /** A socket that had connected lost its connection (`down`), or is connected again. */
  socket(id: object, down: boolean): void;
  /** Ends the probes and the browser listeners (tests). */
  stop(): void;
}

export interface ConnectivityWorld {
  /** navigator.onLine */
  browserOnline(): boolean;
  /** Listens to the browser's online and offline events; returns what stops listening. */
  listen(onOnline: () => void, onOffline: () => void): () => void;
  /** Asks the server once: resolves true when any answer came. */
  probe(): Promise<boolean>;
  /** setTimeout; returns what cancels it. */
  schedule(run: () => void, ms: number): () => void;
}

export function createConnectivity(world: ConnectivityWorld): Connectivity {
  let state: ConnectionState = world.browserOnline() ? 'online' : 'offline';
  const socketsDown = new Set<object>();
  let current: ConnectionView = { state, reconnecting: false };
  const listeners = new Set<() => void>();
  const restoredListeners = new Set<() => void>();
  const offlineListeners = new Set<() => void>();
  let failedProbes = 0;
  let cancelProbe: (() => void) | null = null;
  let probing = false;

  const publish = () => {
    const reconnecting = socketsDown.size > 0;
    if (current.state === state && current.reconnecting === reconnecting) return;
    current = { state, reconnecting };
    for (const listener of [...listeners]) listener();
  };

  const stopProbing = () => {
    cancelProbe?.();
    cancelProbe = null;
    failedProbes = 0;
  };

  const moveTo = (next: ConnectionState) => {
    if (next === state) return;
    const restored = next === 'online';
    state = next;
    if (next !== 'unreachable') stopProbing();
    publish();
    if (restored) for (const listener of [...restoredListeners]) listener();
    if (next === 'offline') for (const listener of [...offlineListeners]) listener();
  };

  const scheduleProbe = () => {
    if (cancelProbe || probing) return;
    cancelProbe = world.schedule(() => {
      cancelProbe = null;
      probing = true;
      world.probe().then(
        (answered) => settleProbe(answered),
        () => settleProbe(false),
      );
    }, probePauseMs(failedProbes));
  };

  const settleProbe = (answered: boolean) => {
    probing = false;
    if (state !== 'unreachable') return;
    if (answered) {
      moveTo('online');
      return;
    }
    failedProbes += 1;
    scheduleProbe();
  };

  const stopListening = world.listen(
    () => moveTo('online'),
    () => moveTo('offline'),
  );

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRestored(listener) {
      restoredListeners.add(listener);
      return () => restoredListeners.delete(listener);
    },
    onOffline(listener) {
      offlineListeners.add(listener);
      return () => offlineListeners.delete(listener);
    },
    isOffline: () => !world.browserOnline(),
    answered() {
      // The browser's word wins: an answer may still arrive from a request sent before it went offline.
      if (state === 'unreachable') moveTo('online');
    },
    unanswered() {
      if (!world.browserOnline()) {
        moveTo('offline');
        return;
      }
      if (state === 'online') moveTo('unreachable');
      scheduleProbe();
    },
    socket(id, down) {
      if (down) socketsDown.add(id);
      else socketsDown.delete(id);
      publish();
    },
    stop() {
      stopProbing();
      stopListening();
      listeners.clear();
      restoredListeners.clear();
      offlineListeners.clear();
    },
  };
}

const PROBE_TIMEOUT_MS = 10_000;

/** Any answer of the service check (even 410 gone) means the server is reachable; none means it is not. */
const probeServer = async (): Promise<boolean> => {
  try {
    await fetch(SERVICE_ACTIVE_PATH, {
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'cache-control': 'no-cache' },
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
};

const browserWorld: ConnectivityWorld = {
  browserOnline: () => navigator.onLine,
  listen(onOnline, onOffline) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  },
  probe: probeServer,
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** Node has no window: the tests that import the api layer there get a world that is always online. */
const quietWorld: ConnectivityWorld = {
  browserOnline: () => true,
  listen: () => () => undefined,
  probe: () => Promise.resolve(true),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** The page's connection, one per page as the network is. */
export const connectivity: Connectivity = createConnectivity(typeof window === 'undefined' ? quietWorld : browserWorld);
