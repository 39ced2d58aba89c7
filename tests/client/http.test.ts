import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import i18next, { type TFunction } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { adminMe, endpoints } from '../../src/contract';
import type { SessionEnd } from '../../src/client/api/answers';
import type { ConnectionReports } from '../../src/client/api/connectivity';
import { errorCodeOf, errorText } from '../../src/client/api/errors';
import { createHttp, type Http } from '../../src/client/api/http';
import { onApiNavigation, type ApiNavigationTarget } from '../../src/client/api/navigation';

/** A Storage kept in a Map: the tests run in Node, which has no localStorage or sessionStorage. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) { return this.items.get(key) ?? null; }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
  removeItem(key: string) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

/** An adapter that answers like the server would and records what was sent. */
function fakeServer(answer: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | Error) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const reply = answer(config);
    if (reply instanceof Error) throw reply;
    const response = { status: reply.status, statusText: String(reply.status), data: reply.data, headers: {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`status ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
  };
  return { sent, adapter, header: (i: number, name: string) => AxiosHeaders.from(sent[i].headers).get(name) };
}

const OK = { status: 200, data: { message: 'OK' } };

/** A connection that is always online and hears nothing (tests/client/connectivity.test.ts tests what it hears). */
const quietConnection: ConnectionReports = { isOffline: () => false, answered: () => undefined, unanswered: () => undefined, onOffline: () => () => undefined };

function client(options: { token?: () => string | null; language?: () => string | undefined; answer?: Parameters<typeof fakeServer>[0] } = {}) {
  const ends: SessionEnd[] = [];
  const http: Http = createHttp({
    tokenSource: options.token ?? (() => null),
    onSessionEnd: (end) => void ends.push(end),
    language: options.language ?? (() => undefined),
    connection: quietConnection,
  });
  const server = fakeServer(options.answer ?? (() => OK));
  http.axios.defaults.adapter = server.adapter;
  return { http, server, ends };
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('the call succeeded'); }, (e: unknown) => e);

describe('createHttp: what every call sends', () => {
  it('sends the bearer token of the token source, read when each call starts, and none when there is none', async () => {
    let token: string | null = 'member-token-1';
    const { http, server } = client({ token: () => token });
    await http.call(endpoints.lookupActive);
    token = 'member-token-2';
    await http.call(endpoints.lookupActive);
    token = null;
    await http.call(endpoints.lookupActive);
    expect([0, 1, 2].map((i) => server.header(i, 'authorization'))).toEqual(['Bearer member-token-1', 'Bearer member-token-2', undefined]);
    expect(server.header(0, 'x-client')).toBe('member-wallet');
  });

  it('a call started before the token is forgotten on the next line still carries it (logout), and each call goes out in a task of its own', async () => {
    let token: string | null = 'member-token-1';
    const { http, server } = client({ token: () => token });
    const logout = http.call(endpoints.logout);
    token = null;
    // Nothing is sent in the task that started the calls: a render that starts several keeps short.
    const other = http.call(endpoints.lookupActive);
    expect(server.sent).toHaveLength(0);
    await Promise.all([logout, other]);
    expect([0, 1].map((i) => server.header(i, 'authorization'))).toEqual(['Bearer member-token-1', undefined]);
  });

  it('asks past every cache, so a 410 a browser kept is never taken for the service state (issue 27)', async () => {
    const { http, server } = client();
    await http.call(endpoints.lookupActive);
    await http.axios.get('/api/statement/slip/reference/x');
    for (const i of [0, 1]) {
      expect(server.header(i, 'cache-control')).toBe('no-cache');
      expect(server.header(i, 'pragma')).toBe('no-cache');
    }
  });

  it('sends the Accept-Language of its own argument: two clients, two languages', async () => {
    let memberLanguage = 'lo';
    const member = client({ language: () => memberLanguage });
    const console_ = client({ language: () => 'en' });
    await member.http.call(endpoints.lookupActive);
    await console_.http.call(endpoints.lookupActive);
    memberLanguage = 'th';
    await member.http.call(endpoints.lookupActive);
    expect(member.server.header(0, 'accept-language')).toBe('lo');
    expect(console_.server.header(0, 'accept-language')).toBe('en');
    expect(member.server.header(1, 'accept-language')).toBe('th');

    const unnamed = client();
    await unnamed.http.call(endpoints.lookupActive);
    expect(unnamed.server.header(0, 'accept-language')).toBeUndefined();
  });

  it('sends the idempotency key given, and makes one for an idempotent endpoint called without', async () => {
    const { http, server } = client({ answer: () => ({ status: 200, data: { wallet: { amount: 0 } } }) });
    await http.call(endpoints.walletWithdraw, { body: { amount: 200 }, idempotencyKey: 'action-1' });
    await http.call(endpoints.walletWithdraw, { body: { amount: 200 } });
    expect(server.header(0, 'idempotency-key')).toBe('action-1');
    expect(server.header(1, 'idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});

describe('createHttp: the end of a session', () => {
  it('401 invalid-token: the session-end callback hears signedOut once, and the call fails with that code', async () => {
    const { http, ends } = client({ token: () => 'stale', answer: () => ({ status: 401, data: { message: 'invalid-token' } }) });
    const error = await failureOf(http.call(endpoints.lookupActive));
    expect(error).toMatchObject({ code: 'invalid-token', status: 401 });
    expect(ends).toEqual(['signedOut']);
  });

  it("the catalogue's other identity messages end it too; a refusal that is not about identity does not", async () => {
    for (const message of ['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']) {
      const { http, ends } = client({ answer: () => ({ status: 401, data: { message } }) });
      await failureOf(http.call(endpoints.lookupActive));
      expect(ends, message).toEqual(['signedOut']);
    }
    const { http, ends } = client({ answer: () => ({ status: 403, data: { message: 'FORBIDDEN' } }) });
    expect(await failureOf(http.call(endpoints.lookupActive))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(ends).toEqual([]);
  });

  it('410 gone: the callback hears serviceGone', async () => {
    const { http, ends } = client({ answer: () => ({ status: 410, data: { message: 'gone' } }) });
    expect(await failureOf(http.call(endpoints.lookupActive))).toMatchObject({ code: 'gone', status: 410 });
    expect(ends).toEqual(['serviceGone']);
  });
});

describe('createHttp: one error mapping', () => {
  const cases: [string, Parameters<typeof fakeServer>[0], string][] = [
    ["the answer's message", () => ({ status: 409, data: { message: 'ALREADY_DECIDED' } }), 'ALREADY_DECIDED'],
    ['a 5xx without a message', () => ({ status: 502, data: '<html>bad gateway</html>' }), 'INTERNAL_SERVER_ERROR'],
    ['a 404 without a message', () => ({ status: 404, data: '' }), 'NOT_FOUND'],
    ['another status without a message', () => ({ status: 400, data: {} }), 'INVALID_RESPONSE'],
    ['no answer at all', (config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config), 'NETWORK_ERROR'],
    ['a timeout', (config) => new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config), 'TIMEOUT'],
  ];
  for (const [what, answer, code] of cases) {
    it(`${what} -> ${code}`, async () => {
      const { http } = client({ answer });
      expect(errorCodeOf(await failureOf(http.call(endpoints.lookupActive)))).toBe(code);
    });
  }

  it('a 200 that does not match the contract is INVALID_RESPONSE, and a good one is the typed answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = client({ answer: () => ({ status: 200, data: { message: 42 } }) });
    expect(await failureOf(bad.http.call(endpoints.lookupActive))).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(await client().http.call(endpoints.lookupActive)).toEqual({ message: 'OK' });
  });

  describe('the code, translated', () => {
    const ts: Record<string, TFunction> = {};
    beforeAll(async () => {
      for (const [lng, translation] of Object.entries({ th, en })) {
        const instance = i18next.createInstance();
        await instance.init({ lng, resources: { [lng]: { translation } } });
        ts[lng] = instance.t;
      }
    });

    it("an operator's refusal and a member's read the same way in each language", async () => {
      const console_ = client({ answer: () => ({ status: 403, data: { message: 'OWN_PROPOSAL' } }) });
      const member = client({ answer: () => ({ status: 400, data: { message: 'MONEY_NOT_ENOUGH' } }) });
      const operatorCode = errorCodeOf(await failureOf(console_.http.call(endpoints.lookupActive)));
      const memberCode = errorCodeOf(await failureOf(member.http.call(endpoints.lookupActive)));
      expect(errorText(ts.en, operatorCode)).toBe(en.errors.OWN_PROPOSAL);
      expect(errorText(ts.th, operatorCode)).toBe(th.errors.OWN_PROPOSAL);
      expect(errorText(ts.en, memberCode)).toBe(en.errors.MONEY_NOT_ENOUGH);
      const offline = client({ answer: (config) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config) });
      expect(errorText(ts.th, errorCodeOf(await failureOf(offline.http.call(endpoints.lookupActive))))).toBe(th.errors.NETWORK_ERROR);
    });
  });
});

describe('the two clients the apps make', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the member's: its stored token; invalid-token forgets it and goes to /login, gone to /terminated", async () => {
    const { call, http } = await import('../../src/client/api/call');
    const { getToken, storeToken } = await import('../../src/client/auth/storage');
    const went: ApiNavigationTarget[] = [];
    const stop = onApiNavigation((to) => void went.push(to));
    const original = http.defaults.adapter;
    try {
      storeToken('member-token', true);
      const server = fakeServer(() => ({ status: 401, data: { message: 'invalid-token' } }));
      http.defaults.adapter = server.adapter;
      await failureOf(call(endpoints.lookupActive));
      expect(server.header(0, 'authorization')).toBe('Bearer member-token');
      expect(getToken()).toBeNull();
      expect(went).toEqual(['/login']);

      storeToken('member-token', true);
      http.defaults.adapter = fakeServer(() => ({ status: 410, data: { message: 'gone' } })).adapter;
      await failureOf(call(endpoints.lookupActive));
      expect(went).toEqual(['/login', '/terminated']);
      // The service being off does not end the member's login: it comes back with the service.
      expect(getToken()).toBe('member-token');
    } finally {
      http.defaults.adapter = original;
      stop();
    }
  });

  it("the console's: the operator's token, never the member's; invalid-token forgets it and tells the console; gone does not", async () => {
    const { adminCall, consoleHttp, operatorToken, whenSessionEnds } = await import('../../src/client/admin/api');
    const { storeToken } = await import('../../src/client/auth/storage');
    let ended = 0;
    whenSessionEnds(() => void ended++);
    storeToken('member-token', true);
    operatorToken.set('operator-token');
    const original = consoleHttp.axios.defaults.adapter;
    try {
      const server = fakeServer(() => ({ status: 410, data: { message: 'gone' } }));
      consoleHttp.axios.defaults.adapter = server.adapter;
      expect(await failureOf(adminCall(adminMe))).toMatchObject({ code: 'gone' });
      expect(server.header(0, 'authorization')).toBe('Bearer operator-token');
      expect(ended).toBe(0);
      expect(operatorToken.get()).toBe('operator-token');

      consoleHttp.axios.defaults.adapter = fakeServer(() => ({ status: 401, data: { message: 'invalid-token' } })).adapter;
      expect(await failureOf(adminCall(adminMe))).toMatchObject({ code: 'invalid-token', status: 401 });
      expect(ended).toBe(1);
      expect(operatorToken.get()).toBeNull();
    } finally {
      consoleHttp.axios.defaults.adapter = original;
    }
  });
});
