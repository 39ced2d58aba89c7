import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { connectionStore, type ConnectionStore } from './connectionStore';
import { SERVICE_ACTIVE_PATH } from './serviceCheck';

/**
 * Whether the app can reach the server now (issue 32, offline and flaky networks), for the api
 * layer (which refuses a call that changes something while the browser is offline, ./http.ts),
 * the money actions (which ask again with the same key when the connection comes back,
 * machines/moneyActionMachine.ts) and the banner of both shells (through ./connectionStore.ts,
 * which the browser's online and offline events move by themselves).
 *
 * A call that got no answer at all while the browser says it is online makes the connection
 * `unreachable`: the server is asked again (`probe`) after PROBE.firstMs, then after twice as long
 * each time, at most PROBE.maxMs apart, until something answers. Any answer (a refusal too)
 * proves the server reachable. Sockets that were connected and are connecting again make it
 * `reconnecting`.
 */

export type { ConnectionState, ConnectionView } from './connectionStore';

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
  view: ConnectionStore['view'];
  /** Called each time the connection comes back (offline or unreachable, then online). */
  onRestored(listener: () => void): () => void;
  /** A socket that had connected lost its connection (`down`), or is connected again. */
  socket(id: object, down: boolean): void;
}

export interface ConnectivityWorld {
  /** navigator.onLine */
  browserOnline(): boolean;
  /** Asks the server once: resolves true when any answer came. */
  probe(): Promise<boolean>;
  /** setTimeout; returns what cancels it. */
  schedule(run: () => void, ms: number): () => void;
}

export function createConnectivity(store: ConnectionStore, world: ConnectivityWorld): Connectivity {
  const socketsDown = new Set<object>();
  const restoredListeners = new Set<() => void>();
  const offlineListeners = new Set<() => void>();
  let failedProbes = 0;
  let cancelProbe: (() => void) | null = null;
  let probing = false;
  let last = store.view().state;

  const stopProbing = () => {
    cancelProbe?.();
    cancelProbe = null;
    failedProbes = 0;
  };

  // Every move of the state, whoever made it (the browser's events move the store by themselves).
  store.subscribe(() => {
    const { state } = store.view();
    if (state === last) return;
    last = state;
    if (state !== 'unreachable') stopProbing();
    const listeners = state === 'online' ? restoredListeners : state === 'offline' ? offlineListeners : new Set<() => void>();
    for (const listener of [...listeners]) listener();
  });

  const scheduleProbe = () => {
    if (cancelProbe || probing) return;
    cancelProbe = world.schedule(() => {
      cancelProbe = null;
      probing = true;
      world.probe().then(settleProbe, () => settleProbe(false));
    }, probePauseMs(failedProbes));
  };

  const settleProbe = (answered: boolean) => {
    probing = false;
    if (store.view().state !== 'unreachable') return;
    if (answered) {
      store.set('online');
      return;
    }
    failedProbes += 1;
    scheduleProbe();
  };

  return {
    view: store.view,
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
      if (store.view().state === 'unreachable') store.set('online');
    },
    unanswered() {
      if (!world.browserOnline()) {
        store.set('offline');
        return;
      }
      if (store.view().state === 'online') store.set('unreachable');
      scheduleProbe();
    },
    socket(id, down) {
      if (down) socketsDown.add(id);
      else socketsDown.delete(id);
      store.set(store.view().state, socketsDown.size > 0);
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

/** The page's connection, one per page as the network is (Node, for tests: always online). */
export const connectivity: Connectivity = createConnectivity(connectionStore, {
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  probe: probeServer,
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
});
