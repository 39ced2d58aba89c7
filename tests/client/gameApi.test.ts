import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApiNavigation } from '../../src/client/api/navigation';
import { ApiError } from '../../src/client/api/errors';
import { loadGameSession, spinReels } from '../../src/client/game/gameApi';

/** The demo game's own calls: no member token, contract-checked answers, and no logout on its invalid-token. */

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
afterEach(() => vi.unstubAllGlobals());

const spin = {
  reels: [['cherry', 'lemon', 'melon'], ['bell', 'star', 'seven'], ['lemon', 'lemon', 'bell']],
  stake: 5, win: 0, balance: 95, lines: [],
};

describe('demo game calls', () => {
  it('sends the launch token in the query and the body, and no member token', async () => {
    const fetch = answer(200, spin);
    vi.stubGlobal('fetch', fetch);
    expect(await spinReels('tok.en', 5)).toEqual(spin);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sandbox/game/spin');
    expect(JSON.parse(String(init.body))).toEqual({ t: 'tok.en', stake: 5 });
    expect(init.headers).not.toHaveProperty('authorization');

    const session = answer(200, { provider: 'PG', name: 'PG Soft', balance: 10, stakes: [1], paytable: [] });
    vi.stubGlobal('fetch', session);
    await loadGameSession('a b');
    expect((session.mock.calls[0] as unknown as [string])[0]).toBe('/api/sandbox/game/session?t=a+b');
  });

  it("rejects with the server's code and leaves the member's session alone on invalid-token", async () => {
    const navigations: string[] = [];
    const stop = onApiNavigation((to) => navigations.push(to));
    vi.stubGlobal('fetch', answer(401, { message: 'invalid-token' }));
    const error = await loadGameSession('expired').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid-token', status: 401 });
    expect(navigations).toEqual([]);
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.stubGlobal('fetch', answer(200, { ...spin, reels: [['cherry']] }));
    await expect(spinReels('t', 5)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(spinReels('t', 5)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
