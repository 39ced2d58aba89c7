import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract';
import { onApiNavigation, type ApiNavigationTarget } from '../../src/client/api/navigation';
import { askServiceActive, checkServiceOnLogin, readServiceState, SERVICE_ACTIVE_PATH } from '../../src/client/api/serviceCheck';

/** The login page's service check goes out with fetch (not axios); it must ask and follow as a call would. */
const asked: { url: string; headers: Record<string, string>; cache: RequestCache | undefined }[] = [];
const answerWith = (status: number, body: string) =>
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, headers: init.headers as Record<string, string>, cache: init.cache });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });

const went: ApiNavigationTarget[] = [];
let stopListening: () => void;
beforeAll(async () => {
  await i18next.init({ lng: 'la', resources: { la: { translation: {} } } });
  stopListening = onApiNavigation((to) => went.push(to));
});
afterAll(() => stopListening());
afterEach(() => {
  vi.unstubAllGlobals();
  asked.length = 0;
  went.length = 0;
});

describe('askServiceActive', () => {
  it("asks the contract's lookupActive", () => {
    expect(endpoints.lookupActive.method).toBe('GET');
    expect(SERVICE_ACTIVE_PATH).toBe(endpoints.lookupActive.path);
  });

  it('sends the client marker and the language, as every call does, and hears that the service runs', async () => {
    answerWith(200, JSON.stringify({ message: 'OK' }));
    expect(await askServiceActive()).toBe('active');
    expect(asked).toEqual([
      {
        url: '/api/lookup/active',
        headers: expect.objectContaining({ 'x-client': 'member-wallet', 'accept-language': 'lo' }),
        cache: expect.anything(),
      },
    ]);
    expect(went).toEqual([]);
  });

  it("goes to /terminated when the service answers 'gone'", async () => {
    answerWith(410, JSON.stringify({ message: 'gone' }));
    expect(await askServiceActive()).toBe('gone');
    expect(went).toEqual(['/terminated']);
  });

  it('stays on the page when the answer is neither', async () => {
    answerWith(502, '<html>Bad gateway</html>');
    expect(await askServiceActive()).toBe('unknown');
    expect(went).toEqual([]);
  });

  it('asks the server, never the browser cache: a kept 410 must not lock the member out (issue 27)', async () => {
    answerWith(200, JSON.stringify({ message: 'OK' }));
    await askServiceActive();
    expect(asked[0].cache).toBe('no-store');
    expect(asked[0].headers).toEqual(expect.objectContaining({ 'cache-control': 'no-cache', pragma: 'no-cache' }));
  });
});

describe('checkServiceOnLogin', () => {
  /** The page's body: which style removals it saw. */
  const body = () => {
    const removed: string[] = [];
    return { removed, element: { removeAttribute: (name: string) => removed.push(name) } as unknown as HTMLElement };
  };

  it.each([
    ['the service runs', 200, JSON.stringify({ message: 'OK' })],
    ['an answer that is neither', 502, '<html>Bad gateway</html>'],
    ['another message', 503, JSON.stringify({ message: 'SERVICE_UNAVAILABLE' })],
  ])('clears the body style when %s (SPEC: every answer but gone)', async (_name, status, answer) => {
    answerWith(status, answer);
    const page = body();
    await checkServiceOnLogin(page.element);
    expect(page.removed).toEqual(['style']);
    expect(went).toEqual([]);
  });

  it("keeps it on 'gone', and goes to /terminated", async () => {
    answerWith(410, JSON.stringify({ message: 'gone' }));
    const page = body();
    expect(await checkServiceOnLogin(page.element)).toBe('gone');
    expect(page.removed).toEqual([]);
    expect(went).toEqual(['/terminated']);
  });

  it('clears it when no answer comes at all', async () => {
    vi.stubGlobal('fetch', async () => { throw new TypeError('Failed to fetch'); });
    const page = body();
    expect(await checkServiceOnLogin(page.element)).toBe('unreachable');
    expect(page.removed).toEqual(['style']);
  });
});

describe('readServiceState', () => {
  it('names the state without moving the member: /terminated asks it while it waits', async () => {
    answerWith(410, JSON.stringify({ message: 'gone' }));
    expect((await readServiceState()).state).toBe('gone');
    answerWith(200, JSON.stringify({ message: 'OK' }));
    expect((await readServiceState()).state).toBe('active');
    answerWith(502, '<html>Bad gateway</html>');
    expect((await readServiceState()).state).toBe('unknown');
    expect(went).toEqual([]);
  });
});
