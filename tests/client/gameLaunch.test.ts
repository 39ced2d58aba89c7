import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; params: unknown }[] = [];
/** The game accounts GET /api/wallet answers now. */
let walletSlots: { code: string; web: string | null; android: string | null; ios: string | null }[] = [];
vi.mock('../../src/client/api', () => ({
  call: vi.fn(async (endpoint: { path: string }, options?: { params: unknown }) => {
    calls.push({ path: endpoint.path, params: options?.params });
    if (endpoint.path === '/api/wallet') return { slots: walletSlots };
    return { link: `https://launch.example${endpoint.path}` };
  }),
}));

const { AUTO_LOGIN, canLaunch, launchTarget, resolveGameLaunch } = await import('../../src/client/wallet/gameLaunch');

const LOGIN = { username: 'player_1', password: 'p@ss word', event: null };
const account = (code: string, links: Partial<Record<'web' | 'android' | 'ios', string | null>> = {}) => ({
  code,
  web: null,
  android: null,
  ios: null,
  ...links,
});

describe('game launch', () => {
  beforeEach(() => {
    calls.length = 0;
    walletSlots = [
      account('JOKER', { web: 'https://joker.example/play' }),
      account('PG', { android: 'intent://pg' }),
      account('UFABET', { web: 'https://ufa.example/login' }),
    ];
  });

  it('knows the eleven providers with their own login handler (SPEC section 7)', () => {
    expect(Object.keys(AUTO_LOGIN).sort()).toEqual(
      ['AREASLOT', 'ASKMEBET', 'BETFLIX', 'CIRCUS', 'HUAYHD', 'IMI', 'JOKER2', 'PG', 'PGSLOT', 'SLOTRACHA', 'USUN'].sort(),
    );
  });

  it('turns a launch button off when its link is missing', () => {
    expect(canLaunch(account('PG'), 'web')).toBe(true);
    expect(canLaunch(account('JOKER'), 'web')).toBe(false);
    expect(canLaunch(account('JOKER', { web: 'https://joker.example' }), 'web')).toBe(true);
    expect(canLaunch(account('PG'), 'android')).toBe(false);
    expect(canLaunch(account('PG', { ios: 'app://pg' }), 'ios')).toBe(true);
  });

  it('asks the auto-login call for the link, with the password only where the path names it', async () => {
    expect(await resolveGameLaunch(account('PG'), 'web', LOGIN)).toEqual({ url: 'https://launch.example/api/autoLogin/pg/:username', form: null });
    await resolveGameLaunch(account('ASKMEBET'), 'web', LOGIN);
    expect(calls).toEqual([
      { path: '/api/autoLogin/pg/:username', params: { username: 'player_1' } },
      { path: '/api/autoLogin/askmebet/:username/:password', params: { username: 'player_1', password: 'p@ss word' } },
    ]);
  });

  it("opens the wallet's web url for other providers, and the app links, as the wallet gives them now", async () => {
    expect(await resolveGameLaunch(account('JOKER', { web: 'https://joker.example/play' }), 'web', LOGIN)).toEqual({ url: 'https://joker.example/play', form: null });
    expect(await resolveGameLaunch(account('PG', { android: 'intent://pg' }), 'android', LOGIN)).toEqual({ url: 'intent://pg', form: null });
    expect(calls.map((c) => c.path)).toEqual(['/api/wallet', '/api/wallet']);
    walletSlots = [account('JOKER')];
    await expect(resolveGameLaunch(account('JOKER', { web: 'https://joker.example/play' }), 'web', LOGIN)).rejects.toThrow();
  });

  it('never opens a link the home loaded earlier: after a password reset the old one has expired', async () => {
    const loadedWithTheHome = account('JOKER', { web: 'https://joker.example/play?t=before-reset' });
    walletSlots = [account('JOKER', { web: 'https://joker.example/play?t=after-reset' })];
    expect((await resolveGameLaunch(loadedWithTheHome, 'web', LOGIN)).url).toBe('https://joker.example/play?t=after-reset');
  });

  it("posts the credentials' hidden form values when the provider needs them", async () => {
    const event = { token: 'abc', lang: 'th' };
    expect(await resolveGameLaunch(account('UFABET', { web: 'https://ufa.example/login' }), 'web', { ...LOGIN, event })).toEqual({
      url: 'https://ufa.example/login',
      form: event,
    });
    expect((await resolveGameLaunch(account('UFABET', { web: 'https://ufa.example/login' }), 'web', { ...LOGIN, event: {} })).form).toBeNull();
  });

  it('opens games in a new tab unless the build says same-tab', () => {
    expect(launchTarget(undefined)).toBe('new-tab');
    expect(launchTarget('new-tab')).toBe('new-tab');
    expect(launchTarget('same-tab')).toBe('same-tab');
    expect(launchTarget('elsewhere')).toBe('new-tab');
  });
});
