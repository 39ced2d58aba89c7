import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; params: unknown }[] = [];
/** The game accounts GET /api/wallet answers now. */
let walletSlots: { code: string; web: string | null; android: string | null; ios: string | null }[] = [];
/** What the form provider's launch call answers. */
let ufabetForm: { action: string; method: 'POST'; fields: Record<string, string> };
vi.mock('../../src/client/api', () => ({
  call: vi.fn(async (endpoint: { path: string }, options?: { params: unknown }) => {
    calls.push({ path: endpoint.path, params: options?.params });
    if (endpoint.path === '/api/wallet') return { slots: walletSlots };
    if (endpoint.path.startsWith('/api/autoLogin/ufabet/')) return { form: ufabetForm };
    return { link: `https://launch.example${endpoint.path}` };
  }),
}));

const { AUTO_LOGIN, buildHiddenForm, canLaunch, launchTarget, resolveGameLaunch } = await import('../../src/client/wallet/gameLaunch');

const LOGIN = { username: 'player_1', password: 'p@ss word', event: null };
const account = (code: string, links: Partial<Record<'web' | 'android' | 'ios', string | null>> = {}) => ({
  code,
  web: null,
  android: null,
  ios: null,
  ...links,
});

/** The sixteen providers SPEC section 2 gives their own login handler. */
const SIXTEEN = ['JOKER', 'SEXYGAME', 'BETFLIX', 'ASKMEBET', 'UFABET', 'SUPERSLOT', 'PG', 'SLOTXO', 'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD'];

describe('game launch', () => {
  beforeEach(() => {
    calls.length = 0;
    walletSlots = [account('OTHER', { web: 'https://other.example/play' }), account('PG', { android: 'intent://pg' })];
    ufabetForm = { action: 'https://ufa.example/login', method: 'POST', fields: { token: 'abc', lang: 'th' } };
  });

  it('knows the sixteen providers with their own login handler (SPEC section 2)', () => {
    expect(Object.keys(AUTO_LOGIN).sort()).toEqual([...SIXTEEN].sort());
    // The password travels in a path only where SPEC section 7 puts it there.
    expect(Object.entries(AUTO_LOGIN).filter(([, a]) => a.withPassword).map(([code]) => code).sort()).toEqual(
      ['ASKMEBET', 'CIRCUS', 'IMI', 'PGSLOT', 'SLOTRACHA', 'USUN'],
    );
  });

  it('turns a launch button off when its link is missing', () => {
    for (const code of SIXTEEN) expect(canLaunch(account(code), 'web'), code).toBe(true);
    expect(canLaunch(account('OTHER'), 'web')).toBe(false);
    expect(canLaunch(account('OTHER', { web: 'https://other.example' }), 'web')).toBe(true);
    expect(canLaunch(account('PG'), 'android')).toBe(false);
    expect(canLaunch(account('PG', { ios: 'app://pg' }), 'ios')).toBe(true);
  });

  it("asks each provider's own launch call, with the password only where the path names it", async () => {
    expect(await resolveGameLaunch(account('PG'), 'web', LOGIN)).toEqual({ url: 'https://launch.example/api/autoLogin/pg/:username', form: null });
    await resolveGameLaunch(account('ASKMEBET'), 'web', LOGIN);
    expect(await resolveGameLaunch(account('JOKER'), 'web', LOGIN)).toEqual({ url: 'https://launch.example/api/autoLogin/joker/:username', form: null });
    expect(calls).toEqual([
      { path: '/api/autoLogin/pg/:username', params: { username: 'player_1' } },
      { path: '/api/autoLogin/askmebet/:username/:password', params: { username: 'player_1', password: 'p@ss word' } },
      { path: '/api/autoLogin/joker/:username', params: { username: 'player_1' } },
    ]);
  });

  it('turns a form answer into a post of its hidden fields to its action', async () => {
    expect(await resolveGameLaunch(account('UFABET'), 'web', LOGIN)).toEqual({ url: 'https://ufa.example/login', form: { token: 'abc', lang: 'th' } });
    ufabetForm = { action: '/sandbox/game/UFABET', method: 'POST', fields: { t: 'signed.token' } };
    expect(await resolveGameLaunch(account('UFABET'), 'web', LOGIN)).toEqual({ url: '/sandbox/game/UFABET', form: { t: 'signed.token' } });
  });

  it('refuses a form to an address it must not post to, with GAME_LAUNCH_FAIL', async () => {
    for (const action of ['http://ufa.example/login', 'javascript:alert(1)', '/user/home', 'https://user:pw@ufa.example/']) {
      ufabetForm = { action, method: 'POST', fields: { t: 'x' } };
      await expect(resolveGameLaunch(account('UFABET'), 'web', LOGIN), action).rejects.toMatchObject({ code: 'GAME_LAUNCH_FAIL' });
    }
  });

  it("opens the wallet's web url for a provider without a login handler, and the app links, as the wallet gives them now", async () => {
    expect(await resolveGameLaunch(account('OTHER', { web: 'https://other.example/play' }), 'web', LOGIN)).toEqual({ url: 'https://other.example/play', form: null });
    expect(await resolveGameLaunch(account('PG', { android: 'intent://pg' }), 'android', LOGIN)).toEqual({ url: 'intent://pg', form: null });
    expect(calls.map((c) => c.path)).toEqual(['/api/wallet', '/api/wallet']);
    walletSlots = [account('OTHER')];
    await expect(resolveGameLaunch(account('OTHER', { web: 'https://other.example/play' }), 'web', LOGIN)).rejects.toThrow();
  });

  it('never opens a link the home loaded earlier: after a password reset the old one has expired', async () => {
    const loadedWithTheHome = account('OTHER', { web: 'https://other.example/play?t=before-reset' });
    walletSlots = [account('OTHER', { web: 'https://other.example/play?t=after-reset' })];
    expect((await resolveGameLaunch(loadedWithTheHome, 'web', LOGIN)).url).toBe('https://other.example/play?t=after-reset');
  });

  it('opens games in a new tab unless the build says same-tab', () => {
    expect(launchTarget(undefined)).toBe('new-tab');
    expect(launchTarget('new-tab')).toBe('new-tab');
    expect(launchTarget('same-tab')).toBe('same-tab');
    expect(launchTarget('elsewhere')).toBe('new-tab');
  });
});

describe('the hidden form of a form launch', () => {
  const page = () => new JSDOM('<!doctype html><body></body>', { url: 'https://wallet.example/user/home' }).window.document;

  it('posts each field as a hidden input, to the action, into the given window', () => {
    const doc = page();
    const form = buildHiddenForm(doc, 'https://ufa.example/login?from=wallet', { token: 'abc.def', lang: 'th' }, 'game-x1');
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://ufa.example/login?from=wallet');
    expect(form.target).toBe('game-x1');
    expect(form.hidden).toBe(true);
    expect(form.getAttribute('rel')).toBeNull();
    const inputs = [...form.querySelectorAll('input')].map((i) => ({ type: i.type, name: i.name, value: i.value }));
    expect(inputs).toEqual([
      { type: 'hidden', name: 'token', value: 'abc.def' },
      { type: 'hidden', name: 'lang', value: 'th' },
    ]);
    expect(form.children).toHaveLength(2);
    // Built, not placed: the caller puts it in the page only to submit it.
    expect(doc.body.children).toHaveLength(0);
    expect(buildHiddenForm(doc, 'https://ufa.example/login', {}, '_blank').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("posts the sandbox demo game's path to the page's own origin", () => {
    const form = buildHiddenForm(page(), '/sandbox/game/UFABET', { t: 'signed' }, '_self');
    expect(form.action).toBe('https://wallet.example/sandbox/game/UFABET');
    expect(form.target).toBe('_self');
  });

  it('keeps markup in a value as text: no element, no script', () => {
    const evil = '"><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">';
    const form = buildHiddenForm(page(), 'https://ufa.example/login', { token: evil }, '_self');
    expect(form.querySelectorAll('*')).toHaveLength(1);
    expect(form.querySelector('input')!.value).toBe(evil);
    expect(form.querySelector('script, img')).toBeNull();
  });

  it('refuses an action that is not https or the sandbox game, and names or values it must not post', () => {
    const build = (action: string, fields: Record<string, unknown>) => () => buildHiddenForm(page(), action, fields as Record<string, string>, '_self');
    const refused = { code: 'GAME_LAUNCH_FAIL' };
    for (const action of ['http://ufa.example/login', 'javascript:alert(1)', 'data:text/html,hi', '//ufa.example/login', '/api/wallet', '/sandbox/game/../../api', 'https://u:p@ufa.example/', 'not a url', '']) {
      expect(build(action, { t: 'x' }), action).toThrow(expect.objectContaining(refused));
    }
    for (const name of ['', '1st', 'a b', 'x"y', '<b>', 'a'.repeat(65)]) {
      expect(build('https://ufa.example/', { [name]: 'x' }), name).toThrow(expect.objectContaining(refused));
    }
    expect(build('https://ufa.example/', { t: 42 })).toThrow(expect.objectContaining(refused));
    expect(build('https://ufa.example/', { t: 'a\u0000b' })).toThrow(expect.objectContaining(refused));
    expect(build('https://ufa.example/', { t: 'x'.repeat(4097) })).toThrow(expect.objectContaining(refused));
    expect(build('https://ufa.example/', Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`f${i}`, 'x'])))).toThrow(expect.objectContaining(refused));
    // The bounds themselves are allowed.
    expect(build('https://ufa.example/', Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`f${i}`, 'x'.repeat(4096)])))).not.toThrow();
  });
});
