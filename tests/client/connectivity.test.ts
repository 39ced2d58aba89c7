import { AxiosError, type AxiosAdapter, type AxiosProgressEvent, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract';
import { changesSomething } from '../../src/client/api/changes';
import { createConnectionStore } from '../../src/client/api/connectionStore';
import { createConnectivity, PROBE, probePauseMs, type ConnectivityWorld } from '../../src/client/api/connectivity';
import { createHttp } from '../../src/client/api/http';
import { guardUpload, UPLOAD_STALL_MS } from '../../src/client/api/uploadGuard';
import { reportSocketHealth, type WatchedSocket } from '../../src/client/realtime/socketHealth';

/**
 * Issue 32, offline and flaky networks: the page's connection (what the banner shows and the money
 * actions wait for), the api layer's refusal of a change while offline, its reports of answers
 * and of calls that got none, the upload guard, and the sockets' reconnecting state. Fake clock,
 * a fake browser and a fake server.
 */

/** A browser whose network the test switches (its events move the store, as the page's do), and a server the probe reaches or not. */
function fakeWorld() {
  let online = true;
  let reachable = true;
  const store = createConnectionStore(true);
  const probes: number[] = [];
  const world: ConnectivityWorld = {
    browserOnline: () => online,
    probe: async () => {
      probes.push(Date.now());
      return reachable;
    },
    schedule(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  };
  return {
    store,
    world,
    probes,
    connectivity: () => createConnectivity(store, world),
    goOffline() {
      online = false;
      store.set('offline');
    },
    goOnline() {
      online = true;
      store.set('online');
    },
    serverReachable(value: boolean) {
      reachable = value;
    },
  };
}

/** Lets a probe's promise reach the store. */
const flush = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  vi.useRealTimers();
});

describe('the page connection', () => {
  it('follows the browser: offline at its event, online again at its event, and says when it came back', () => {
    const net = fakeWorld();
    const connection = net.connectivity();
    const changes: string[] = [];
    net.store.subscribe(() => changes.push(connection.view().state));
    let restored = 0;
    connection.onRestored(() => (restored += 1));

    expect(connection.view()).toEqual({ state: 'online', reconnecting: false });
    net.goOffline();
    expect(connection.view().state).toBe('offline');
    expect(connection.isOffline()).toBe(true);
    expect(restored).toBe(0);
    net.goOnline();
    expect(connection.view().state).toBe('online');
    expect(connection.isOffline()).toBe(false);
    expect(changes).toEqual(['offline', 'online']);
    expect(restored).toBe(1);
  });

  it('keeps the same view object until something changes (useSyncExternalStore)', () => {
    const connection = fakeWorld().connectivity();
    const first = connection.view();
    connection.answered();
    expect(connection.view()).toBe(first);
  });

  it('a call without an answer while the browser is online: unreachable, probed after 2 s, then 4, 8 … at most 30 s apart, until an answer', async () => {
    vi.useFakeTimers();
    const net = fakeWorld();
    const connection = net.connectivity();
    let restored = 0;
    connection.onRestored(() => (restored += 1));
    net.serverReachable(false);
    const started = Date.now();

    connection.unanswered();
    expect(connection.view().state).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(PROBE.firstMs - 1);
    expect(net.probes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(4_000 + 8_000 + 16_000 + 30_000 + 30_000);
    expect(net.probes.map((at) => at - started)).toEqual([2_000, 6_000, 14_000, 30_000, 60_000, 90_000]);
    expect(probePauseMs(10)).toBe(PROBE.maxMs);
    // A second failed call while probing starts no second round of probes.
    connection.unanswered();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(net.probes).toHaveLength(6);

    net.serverReachable(true);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(connection.view().state).toBe('online');
    expect(restored).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(net.probes).toHaveLength(7);
  });

  it('any answer ends the unreachable state at once, and the probes stop', async () => {
    vi.useFakeTimers();
    const net = fakeWorld();
    const connection = net.connectivity();
    connection.unanswered();
    connection.answered();
    expect(connection.view().state).toBe('online');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.probes).toHaveLength(0);
  });

  it('a call without an answer while the browser is offline stays offline (no probes: the online event says when)', async () => {
    vi.useFakeTimers();
    const net = fakeWorld();
    const connection = net.connectivity();
    net.goOffline();
    connection.unanswered();
    connection.answered();
    expect(connection.view().state).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.probes).toHaveLength(0);
  });

  it('reconnecting while a socket that was connected is down; offline wins in the view state', () => {
    const net = fakeWorld();
    const connection = net.connectivity();
    const wallet = {};
    const chat = {};
    connection.socket(wallet, true);
    connection.socket(chat, true);
    expect(connection.view()).toEqual({ state: 'online', reconnecting: true });
    connection.socket(wallet, false);
    expect(connection.view().reconnecting).toBe(true);
    net.goOffline();
    expect(connection.view()).toEqual({ state: 'offline', reconnecting: true });
    connection.socket(chat, false);
    net.goOnline();
    expect(connection.view()).toEqual({ state: 'online', reconnecting: false });
  });
});

describe('sockets report their drops', () => {
  function fakeSocket() {
    const listeners = new Map<string, (reason?: string) => void>();
    const socket: WatchedSocket = {
      on: (event, listener) => listeners.set(event, listener),
      off: (event) => listeners.delete(event),
    };
    return { socket, emit: (event: string, reason?: string) => listeners.get(event)?.(reason), listening: () => listeners.size };
  }

  it('a dropped transport is reconnecting until the socket connects again; our own or the server\'s disconnect is not', () => {
    const connection = fakeWorld().connectivity();
    const { socket, emit, listening } = fakeSocket();
    const stop = reportSocketHealth(socket, connection);
    emit('connect');
    emit('disconnect', 'transport close');
    expect(connection.view().reconnecting).toBe(true);
    emit('connect');
    expect(connection.view().reconnecting).toBe(false);
    emit('disconnect', 'ping timeout');
    expect(connection.view().reconnecting).toBe(true);
    emit('disconnect', 'io server disconnect');
    expect(connection.view().reconnecting).toBe(false);
    emit('disconnect', 'transport error');
    stop();
    expect(connection.view().reconnecting).toBe(false);
    expect(listening()).toBe(0);
  });
});

describe('calls that change something', () => {
  it('are every call but a GET, and the GETs that claim or change money or state', () => {
    expect(changesSomething(endpoints.walletTransfer)).toBe(true);
    expect(changesSomething(endpoints.qrcodeCreate)).toBe(true);
    expect(changesSomething(endpoints.login)).toBe(true);
    for (const claim of [endpoints.inviteBonus, endpoints.refundAddWallet, endpoints.refundReceive, endpoints.bonusActivate, endpoints.promotionActivate, endpoints.bonusClear]) {
      expect(changesSomething(claim), claim.path).toBe(true);
    }
    expect(changesSomething(endpoints.wallet)).toBe(false);
    expect(changesSomething(endpoints.lookupActive)).toBe(false);
  });
});

describe('the api layer and the connection', () => {
  function client(answer: (config: InternalAxiosRequestConfig) => Promise<{ status: number; data?: unknown }>) {
    const net = fakeWorld();
    const connection = net.connectivity();
    const sent: InternalAxiosRequestConfig[] = [];
    const http = createHttp({ tokenSource: () => 'member-token', onSessionEnd: () => undefined, language: () => 'en', connection });
    const adapter: AxiosAdapter = async (config) => {
      sent.push(config);
      const reply = await answer(config);
      const response = { status: reply.status, statusText: String(reply.status), data: reply.data, headers: {}, config };
      if (reply.status < 300) return response;
      throw new AxiosError(`status ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
    };
    http.axios.defaults.adapter = adapter;
    return { http, net, connection, sent };
  }
  const codeOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (e: { code: string }) => e.code);
  const noAnswer = (config: InternalAxiosRequestConfig) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));

  it('offline: a money call is refused before anything is sent (OFFLINE); a read still goes out', async () => {
    const { http, net, sent } = client(async () => ({ status: 200, data: { message: 'OK' } }));
    net.goOffline();
    expect(await codeOf(http.call(endpoints.walletTransfer, { body: { from: 'wallet', to: 'PG', amount: 300 }, idempotencyKey: 'key-1' }))).toBe('OFFLINE');
    expect(await codeOf(http.call(endpoints.inviteBonus))).toBe('OFFLINE');
    expect(sent).toHaveLength(0);
    expect(await codeOf(http.call(endpoints.lookupActive))).toBe('answered');
    expect(sent.map((c) => c.url)).toEqual(['/api/lookup/active']);
  });

  it('no answer: NETWORK_ERROR and the connection is unreachable; an answer, even a refusal, brings it back', async () => {
    let answer: (config: InternalAxiosRequestConfig) => Promise<{ status: number; data?: unknown }> = noAnswer;
    const { http, connection } = client((config) => answer(config));
    expect(await codeOf(http.call(endpoints.walletTransfer, { body: { from: 'wallet', to: 'PG', amount: 300 }, idempotencyKey: 'key-1' }))).toBe('NETWORK_ERROR');
    expect(connection.view().state).toBe('unreachable');
    answer = async () => ({ status: 400, data: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await codeOf(http.call(endpoints.walletTransfer, { body: { from: 'wallet', to: 'PG', amount: 300 }, idempotencyKey: 'key-1' }))).toBe('MONEY_NOT_ENOUGH');
    expect(connection.view().state).toBe('online');
  });

  it('an upload is cut when the browser goes offline, and fails as NETWORK_ERROR (not CANCELED)', async () => {
    const { http, net, sent } = client(
      (config) =>
        new Promise((_, reject) => {
          config.signal?.addEventListener?.('abort', () => reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, config)));
        }),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(10)]), 'slip.png');
    const upload = codeOf(http.call(endpoints.walletSlip, { body: { file: new Blob() }, formData: form, idempotencyKey: 'slip-1' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(1);
    net.goOffline();
    expect(await upload).toBe('NETWORK_ERROR');
  });
});

describe('the upload guard', () => {
  const progress = (loaded: number, total: number) => ({ loaded, total, bytes: 0, lengthComputable: true }) as AxiosProgressEvent;
  const world = () => {
    let offline: (() => void) | null = null;
    return {
      onOffline: (listener: () => void) => {
        offline = listener;
        return () => (offline = null);
      },
      schedule: (run: () => void, ms: number) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      goOffline: () => offline?.(),
      listening: () => offline !== null,
    };
  };

  it('cuts an upload no byte of which went out for UPLOAD_STALL_MS; each byte out starts the wait again', () => {
    vi.useFakeTimers();
    const guard = guardUpload(undefined, world());
    const seen: number[] = [];
    const onProgress = guard.progress((event) => seen.push(event.loaded));
    vi.advanceTimersByTime(UPLOAD_STALL_MS - 1);
    onProgress(progress(10, 100));
    vi.advanceTimersByTime(UPLOAD_STALL_MS - 1);
    expect(guard.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.signal.aborted).toBe(true);
    expect(guard.cut).toBe('stalled');
    expect(seen).toEqual([10]);
  });

  it('once every byte is out the server is reading it: no stall cut; the end stops listening', () => {
    vi.useFakeTimers();
    const w = world();
    const guard = guardUpload(undefined, w);
    guard.progress()(progress(100, 100));
    vi.advanceTimersByTime(10 * UPLOAD_STALL_MS);
    expect(guard.signal.aborted).toBe(false);
    guard.end();
    expect(w.listening()).toBe(false);
  });

  it("the caller's own abort passes through and is not a cut", () => {
    const outer = new AbortController();
    const guard = guardUpload(outer.signal, world());
    outer.abort();
    expect(guard.signal.aborted).toBe(true);
    expect(guard.cut).toBeNull();
    guard.end();
  });
});
