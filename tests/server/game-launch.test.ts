import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SLOT } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { ProviderFault } from '../../src/server/providers/games/adapter';
import { DemoGameProvider } from '../../src/server/providers/games/demo-adapter';
import { checkLaunchAnswer } from '../../src/server/providers/games/launch-form';
import { signLaunchToken } from '../../src/server/sandbox/simulators/demo-provider/launch-token';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

/**
 * Launching a game (SPEC section 7 auto-login) and the demo provider's slot game behind the
 * link: the link is the caller's own, signed and short-lived; spins move the balance at the
 * provider, and the ledger learns the result through the balance sync.
 */

const SECRET = 'game-launch-test-secret';

/**
 * The launch call of each of the sixteen providers with their own login handler (SPEC section 2):
 * section 7's eleven, then the product's five; whether its path names the password.
 */
const AUTO_LOGIN: [code: string, path: string, withPassword: boolean][] = [
  ['PG', 'pg', false], ['BETFLIX', 'betflix', false], ['ASKMEBET', 'askmebet', true], ['IMI', 'imi', true],
  ['USUN', 'usun', true], ['AREASLOT', 'areaslot', false], ['CIRCUS', 'circus', true], ['SLOTRACHA', 'slotracha', true],
  ['PGSLOT', 'pgslot', true], ['JOKER2', 'joker2', false], ['HUAYHD', 'huayhd', false],
  ['JOKER', 'joker', false], ['SEXYGAME', 'sexygame', false], ['UFABET', 'ufabet', false], ['SUPERSLOT', 'superslot', false], ['SLOTXO', 'slotxo', false],
];
/** The sandbox's provider that launches by hidden form. */
const FORM_PROVIDER = 'UFABET';

interface LaunchForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

interface Credentials {
  username: string;
  password: string;
  event: Record<string, string> | null;
}
interface Spin {
  reels: string[][];
  stake: number;
  win: number;
  balance: number;
  lines: { line: number; symbol: string; count: number; win: number }[];
}

describe.each(engines)('game launch and the demo slot on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_PROVIDER_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function memberWithGames(codes: string[]) {
    const m = await seedMember(t.app);
    const w = walletClient(t.app, m.token);
    const logins: Record<string, Credentials> = {};
    for (const code of codes) {
      expect((await w.activate(code)).statusCode).toBe(200);
      const res = await w.get(`/api/wallet/account/${code}`);
      expect(res.statusCode).toBe(200);
      logins[code] = res.json();
    }
    return { ...m, w, logins };
  }

  const autoLoginUrl = (path: string, withPassword: boolean, login: { username: string; password: string }) =>
    `/api/autoLogin/${path}/${encodeURIComponent(login.username)}${withPassword ? `/${encodeURIComponent(login.password)}` : ''}`;
  const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
  const session = (token: string) => t.app.inject({ method: 'GET', url: `/api/sandbox/game/session?t=${encodeURIComponent(token)}` });
  const spin = (token: string, stake: number) => t.app.inject({ method: 'POST', url: '/api/sandbox/game/spin', payload: { t: token, stake } });
  /** What a browser does with a launch form: posts its fields, urlencoded, to its action. */
  const postForm = (form: LaunchForm | { action: string; fields: Record<string, string> }) => t.app.inject({
    method: 'POST', url: form.action, payload: new URLSearchParams(form.fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });

  async function launchPg(m: Awaited<ReturnType<typeof memberWithGames>>) {
    const res = await m.w.get(autoLoginUrl('pg', false, m.logins.PG));
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(res.json().link);
  }

  it("gives each of the sixteen providers' own launch call its own game for the owner: a signed link, or UFABET's hidden form", async () => {
    const m = await memberWithGames(AUTO_LOGIN.map(([code]) => code));
    for (const [code, path, withPassword] of AUTO_LOGIN) {
      const res = await m.w.get(autoLoginUrl(path, withPassword, m.logins[code]));
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      // The launch names no player: only the signed token opens the game.
      expect(res.body).not.toContain(m.logins[code].username);
      let token: string;
      if (code === FORM_PROVIDER) {
        expect(Object.keys(res.json())).toEqual(['form']);
        const form: LaunchForm = res.json().form;
        expect(form).toEqual({ action: `/sandbox/game/${code}`, method: 'POST', fields: { t: expect.any(String) } });
        // The browser posts the form; the demo game takes it and sends the browser on to the game page.
        const posted = await postForm(form);
        expect(posted.statusCode, posted.body).toBe(303);
        expect(posted.headers['cache-control']).toBe('no-store');
        const landing = new URL(posted.headers.location as string, 'http://wallet.test');
        expect(landing.pathname).toBe(`/sandbox/game/${code}`);
        token = landing.searchParams.get('t')!;
        expect(token).toBe(form.fields.t);
      } else {
        expect(Object.keys(res.json())).toEqual(['link']);
        const link = new URL(res.json().link);
        expect(link.pathname).toBe(`/sandbox/game/${code}`);
        token = link.searchParams.get('t')!;
      }
      const opened = await session(token);
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({ provider: code, balance: 0, stakes: [...DEMO_SLOT.stakes] });
    }
    // The lobby: every other provider's web link comes with the home; the form provider has none to open.
    const slots: { code: string; web: string | null }[] = (await m.w.home()).json().slots;
    for (const slot of slots) {
      if (slot.code === FORM_PROVIDER) expect(slot.web).toBeNull();
      else expect(new URL(slot.web!).pathname, slot.code).toBe(`/sandbox/game/${slot.code}`);
    }
  });

  it("takes the form provider's posted login only with its own good token, and keeps the player's language", async () => {
    const m = await memberWithGames([FORM_PROVIDER, 'PG']);
    const inLao = await t.app.inject({ method: 'GET', url: autoLoginUrl('ufabet', false, m.logins.UFABET), headers: { ...clientHeaders(m.token), 'accept-language': 'lo' } });
    const form: LaunchForm = inLao.json().form;
    expect(form.fields).toEqual({ t: expect.any(String), lang: 'la' });
    const landing = (await postForm(form)).headers.location;
    expect(landing).toBe(`/sandbox/game/UFABET?t=${encodeURIComponent(form.fields.t)}&lang=la`);

    const pg = new URL((await m.w.get(autoLoginUrl('pg', false, m.logins.PG))).json().link).searchParams.get('t')!;
    const [payload] = form.fields.t.split('.');
    const cases: [string, Record<string, string>][] = [
      ['no token', {}],
      ['a forged token', { t: `${payload}.AAAA` }],
      ['another provider\'s token', { t: pg }],
      ['an expired token', { t: signLaunchToken(SECRET, { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: Date.now() - 1 }) }],
    ];
    for (const [name, fields] of cases) {
      const res = await postForm({ action: '/sandbox/game/UFABET', fields });
      // The game page without a token shows "Game link expired" and the way back to the lobby.
      expect({ name, status: res.statusCode, location: res.headers.location }).toEqual({ name, status: 303, location: '/sandbox/game/UFABET' });
    }
    // A language the game does not speak is dropped; markup in a field goes nowhere.
    const odd = await postForm({ action: '/sandbox/game/UFABET', fields: { t: form.fields.t, lang: '"><script>' } });
    expect(odd.headers.location).toBe(`/sandbox/game/UFABET?t=${encodeURIComponent(form.fields.t)}`);
    expect((await postForm({ action: '/sandbox/game/..%2Fapi', fields: {} })).statusCode).toBe(404);
    // Only a form post: JSON is not a browser's login form.
    const json = await t.app.inject({ method: 'POST', url: '/sandbox/game/UFABET', payload: { t: form.fields.t } });
    expect(json.statusCode).toBe(415);
  });

  it("names the player's language in the link (the game may open on another origin), in the lobby and on auto-login", async () => {
    const m = await memberWithGames(['PG']);
    const as = (language: string) => ({ ...clientHeaders(m.token), 'accept-language': language });
    for (const [header, lang] of [['lo', 'la'], ['th-TH,th;q=0.9', 'th'], ['en-US', 'en']] as const) {
      const auto = await t.app.inject({ method: 'GET', url: autoLoginUrl('pg', false, m.logins.PG), headers: as(header) });
      expect(new URL(auto.json().link).searchParams.get('lang')).toBe(lang);
      const home = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: as(header) });
      const pg = home.json().slots.find((s: { code: string }) => s.code === 'PG');
      expect(new URL(pg.web).searchParams.get('lang')).toBe(lang);
    }
    // No language asked for: the game keeps its own choice.
    const plain = await t.app.inject({ method: 'GET', url: autoLoginUrl('pg', false, m.logins.PG), headers: { ...clientHeaders(m.token), 'accept-language': 'fr' } });
    expect(new URL(plain.json().link).searchParams.has('lang')).toBe(false);
  });

  it("keeps the credentials call answering the login, and the form provider's hidden form values as its event", async () => {
    const m = await memberWithGames(['PG', FORM_PROVIDER]);
    expect(m.logins.PG).toEqual({ username: expect.any(String), password: expect.any(String), event: null });
    expect(m.logins.UFABET).toEqual({ username: expect.any(String), password: expect.any(String), event: { t: expect.any(String) } });
    expect((await session(m.logins.UFABET.event!.t)).json()).toMatchObject({ provider: FORM_PROVIDER });
  });

  it("refuses another member's login, a wrong password, an inactive account and no session", async () => {
    const owner = await memberWithGames(['PG', 'AREASLOT', 'IMI', FORM_PROVIDER]);
    const other = await memberWithGames(['PG', 'IMI', FORM_PROVIDER]);
    const refused = async (url: string, headers: Record<string, string> = clientHeaders(other.token)) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, message: res.json().message };
    };
    expect(await refused(autoLoginUrl('pg', false, owner.logins.PG))).toEqual({ status: 400, message: 'SLOT_NO_ACCOUNT' });
    expect(await refused(autoLoginUrl('areaslot', false, owner.logins.AREASLOT))).toEqual({ status: 400, message: 'NOT_AREASLOT' });
    expect(await refused(autoLoginUrl('imi', true, owner.logins.IMI))).toEqual({ status: 400, message: 'SLOT_NO_ACCOUNT' });
    expect(await refused(autoLoginUrl('ufabet', false, owner.logins.UFABET))).toEqual({ status: 400, message: 'NOT_UFABET' });
    // Right username, wrong password.
    expect(await refused(autoLoginUrl('imi', true, { ...other.logins.IMI, password: 'not-it' }))).toEqual({ status: 400, message: 'SLOT_NO_ACCOUNT' });
    // Not opened yet.
    expect(await refused(autoLoginUrl('joker2', false, { username: 'joker2x', password: '' }))).toEqual({ status: 400, message: 'SLOT_NO_ACCOUNT' });
    // Member access: the bearer token and the client marker header.
    expect((await refused(autoLoginUrl('pg', false, owner.logins.PG), clientHeaders())).status).toBe(401);
    expect((await refused(autoLoginUrl('pg', false, owner.logins.PG), { authorization: `Bearer ${owner.token}` })).message).toBe('CLIENT_REQUIRED');
  });

  it('refuses a forged, tampered, expired or outdated launch token with invalid-token', async () => {
    const m = await memberWithGames(['PG']);
    const token = await launchPg(m);
    expect((await session(token)).statusCode).toBe(200);

    const [payload, signature] = token.split('.');
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPlayer = Buffer.from(JSON.stringify({ ...claim, username: 'pg999999' })).toString('base64url');
    const later = Buffer.from(JSON.stringify({ ...claim, exp: claim.exp + 86_400_000 })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const cases = {
      'another player, same signature': `${otherPlayer}.${signature}`,
      'a later expiry, same signature': `${later}.${signature}`,
      'a changed signature': `${payload}.${flipped}`,
      'no signature': payload,
      'signed with another secret': signLaunchToken('not-the-secret', claim),
      expired: signLaunchToken(SECRET, { ...claim, exp: Date.now() - 1 }),
      garbage: 'not a token',
    };
    for (const [name, bad] of Object.entries(cases)) {
      const opened = await session(bad);
      expect({ name, status: opened.statusCode, body: opened.json() }).toEqual({ name, status: 401, body: { message: 'invalid-token' } });
      expect((await spin(bad, 1)).json(), name).toEqual({ message: 'invalid-token' });
    }

    // The link lives 30 minutes on the app's clock.
    const clock = t.app.ctx.clock;
    const realNow = clock.now;
    try {
      clock.now = () => new Date(Date.now() + DEMO_SLOT.launchTokenTtlMs - 60_000);
      expect((await session(token)).statusCode).toBe(200);
      clock.now = () => new Date(Date.now() + DEMO_SLOT.launchTokenTtlMs + 1_000);
      expect((await session(token)).json()).toEqual({ message: 'invalid-token' });
    } finally {
      clock.now = realNow;
    }

    // A password reset ends the links given out before it.
    expect((await m.w.get('/api/wallet/resetpassword/PG')).statusCode).toBe(200);
    expect((await session(token)).json()).toEqual({ message: 'invalid-token' });
  });

  it('plays spins at the provider, then the ledger, the transfer back, the audit and the statement agree', async () => {
    const m = await memberWithGames(['PG']);
    const fund = await t.app.inject({
      method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount: 500 }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }),
    });
    expect(fund.statusCode).toBe(200);
    expect((await m.w.transfer('wallet', 'PG', 200)).statusCode).toBe(200);
    const token = await launchPg(m);
    expect((await session(token)).json()).toMatchObject({ provider: 'PG', name: 'PG Soft', balance: 200 });

    let balance = 200;
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 12; i++) {
      const stake = DEMO_SLOT.stakes[i % 3];
      const res = await spin(token, stake);
      expect(res.statusCode, res.body).toBe(200);
      const s: Spin = res.json();
      expect(s.reels).toHaveLength(3);
      for (const reel of s.reels) {
        expect(reel).toHaveLength(3);
        for (const symbol of reel) expect(DEMO_SLOT.symbols).toContain(symbol);
      }
      expect(s.stake).toBe(stake);
      expect(s.win).toBeCloseTo(s.lines.reduce((sum, l) => sum + l.win, 0), 2);
      balance = Math.round((balance - stake + s.win) * 100) / 100;
      expect(s.balance).toBe(balance);
      staked += stake;
      won += s.win;
    }
    const { username } = m.logins.PG;
    expect(await t.app.demoProvider!.balance('PG', username)).toBe(BigInt(Math.round(balance * 100)));
    const bets = await t.app.ctx.db.selectFrom('demo_bet').select(['bet', 'win'])
      .where('provider_code', '=', 'PG').where('username', '=', username).execute();
    expect(bets).toHaveLength(12);
    expect(bets.reduce((sum, b) => sum + Number(b.bet), 0)).toBe(staked * 100);
    expect(bets.reduce((sum, b) => sum + Number(b.win), 0)).toBe(Math.round(won * 100));

    // Until the wallet asks, the ledger still holds what was transferred; refresh books the result.
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 300, PG: 200 });
    const refreshed = await m.w.refresh();
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().slots.find((s: { code: string }) => s.code === 'PG').amount).toBe(balance);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 300, PG: balance });

    // Everything back to the wallet.
    if (balance > 0) expect((await m.w.transfer('PG', 'wallet', balance)).statusCode).toBe(200);
    expect(await t.app.demoProvider!.balance('PG', username)).toBe(0n);
    const after = await balances(t.app, m.id);
    expect(after.PG).toBe(0);
    expect(after.wallet).toBeCloseTo(300 + balance, 2);
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true, drift: [], unbalancedEntries: [], negativeAccounts: [] });

    const statement = (await m.w.statement(1, 10)).json() as { statements: { statementType: string; status: string; from: string | null; to: string | null; amount: number }[] };
    const rows = statement.statements.map(({ statementType, status, from, to, amount }) => ({ statementType, status, from, to, amount }));
    expect(rows).toEqual([
      ...(balance > 0 ? [{ statementType: 'transfer', status: 'SUCCESS', from: 'PG', to: 'wallet', amount: balance }] : []),
      { statementType: 'transfer', status: 'SUCCESS', from: 'wallet', to: 'PG', amount: 200 },
      { statementType: 'deposit', status: 'SUCCESS', from: 'sandbox', to: 'wallet', amount: 500 },
    ]);
    const walletFromStatement = rows.reduce((sum, r) => sum + (r.to === 'wallet' ? r.amount : -r.amount), 0);
    expect(walletFromStatement).toBeCloseTo(after.wallet, 2);
  });

  it('refuses a stake above the balance with MONEY_NOT_ENOUGH and takes nothing', async () => {
    const m = await memberWithGames(['PG']);
    await t.app.inject({
      method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount: 10 }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }),
    });
    expect((await m.w.transfer('wallet', 'PG', 4)).statusCode).toBe(200);
    const token = await launchPg(m);
    const res = await spin(token, 5);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await session(token)).json().balance).toBe(4);
    const bets = await t.app.ctx.db.selectFrom('demo_bet').select('id').where('username', '=', m.logins.PG.username).execute();
    expect(bets).toEqual([]);
    // A stake that is not one of the game's is not a request the game takes.
    expect((await spin(token, 3)).json()).toEqual({ message: 'INVALID_INPUT' });
  });
});

describe.each(engines)('game launch over the signed provider protocol on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_PROVIDERS_OVER_HTTP: '1', SANDBOX_PROVIDER_SECRET: SECRET, PROVIDER_TIMEOUT_MS: '3000', RECONCILE_INTERVAL_MS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets the link from the provider for the owner, and the provider refuses a stale password', async () => {
    const m = await seedMember(t.app);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('IMI')).statusCode).toBe(200);
    const login: Credentials = (await w.get('/api/wallet/account/IMI')).json();
    const ok = await w.get(`/api/autoLogin/imi/${login.username}/${login.password}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: `/api/sandbox/game/session?t=${encodeURIComponent(new URL(ok.json().link).searchParams.get('t')!)}` });
    expect(opened.json()).toMatchObject({ provider: 'IMI', name: 'IMI' });
    const inLao = await t.app.inject({ method: 'GET', url: `/api/autoLogin/imi/${login.username}/${login.password}`, headers: { ...clientHeaders(m.token), 'accept-language': 'lo-LA' } });
    expect(new URL(inLao.json().link).searchParams.get('lang')).toBe('la');

    // Our copy of the password is out of date (changed at the provider): the provider says no.
    await t.app.demoProvider!.resetPassword('IMI', login.username);
    const stale = await w.get(`/api/autoLogin/imi/${login.username}/${login.password}`);
    expect(stale.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
  });

  it("passes the form provider's hidden form on over the protocol, and refuses a form to an address not allowed with GAME_LAUNCH_FAIL", async () => {
    const m = await seedMember(t.app);
    const w = walletClient(t.app, m.token);
    expect((await w.activate(FORM_PROVIDER)).statusCode).toBe(200);
    const login: Credentials = (await w.get(`/api/wallet/account/${FORM_PROVIDER}`)).json();
    expect(login.event).toEqual({ t: expect.any(String) });
    const url = `/api/autoLogin/ufabet/${login.username}`;
    const ok = await w.get(url);
    expect(ok.json()).toEqual({ form: { action: '/sandbox/game/UFABET', method: 'POST', fields: { t: expect.any(String) } } });

    // A provider (here the demo one, told to misbehave) answers forms we must not post: they never reach the member.
    const unsafe = [
      { action: 'https://elsewhere.example/login', method: 'POST', fields: { t: 'x' } },
      { action: 'http://127.0.0.1/sandbox/game/UFABET', method: 'POST', fields: { t: 'x' } },
      { action: 'javascript:alert(1)', method: 'POST', fields: { t: 'x' } },
      { action: '/sandbox/game/UFABET', method: 'GET', fields: { t: 'x' } },
      { action: '/sandbox/game/UFABET', method: 'POST', fields: { '"><b>': 'x' } },
    ];
    const launch = vi.spyOn(DemoGameProvider.prototype, 'launch');
    try {
      for (const form of unsafe) {
        launch.mockResolvedValueOnce({ web: null, android: null, ios: null, form: form as never });
        const res = await w.get(url);
        expect({ form: form.action, status: res.statusCode, body: res.json() }).toEqual({ form: form.action, status: 502, body: { message: 'GAME_LAUNCH_FAIL' } });
      }
    } finally {
      launch.mockRestore();
    }
  });
});

describe('the launch answers a provider may give', () => {
  const live = { origins: ['https://games.example'], sandbox: false };
  const form = (action: string, fields: Record<string, unknown> = { token: 'abc' }, method = 'POST') => ({ web: null, android: null, ios: null, form: { action, method, fields } });

  it('takes a link, or a form to an allowed https origin (the sandbox game only in sandbox mode)', () => {
    expect(checkLaunchAnswer({ web: 'https://games.example/play?t=1', android: null, ios: 'app://x' }, live))
      .toEqual({ web: 'https://games.example/play?t=1', android: null, ios: 'app://x', form: null });
    expect(checkLaunchAnswer(form('https://games.example/login'), live).form).toEqual({ action: 'https://games.example/login', method: 'POST', fields: { token: 'abc' } });
    expect(checkLaunchAnswer(form('/sandbox/game/UFABET'), { origins: [], sandbox: true }).form?.action).toBe('/sandbox/game/UFABET');
    // A form launch opens by its form only.
    expect(checkLaunchAnswer({ ...form('https://games.example/login'), web: 'https://games.example/login' }, live).web).toBeNull();
  });

  it('refuses anything else as a provider fault', () => {
    const refused: [string, unknown][] = [
      ['nothing', null],
      ['no link and no form', { web: null, android: 'app://x', ios: null }],
      ['a link that is not text', { web: 42 }],
      ['an origin not configured', form('https://elsewhere.example/login')],
      ['http', form('http://games.example/login')],
      ['a login in the address', form('https://user:pw@games.example/login')],
      ['a script address', form('javascript:alert(1)')],
      ['the sandbox game in live mode', form('/sandbox/game/UFABET')],
      ['another path of ours', form('/api/wallet')],
      ['GET', form('https://games.example/login', { token: 'abc' }, 'GET')],
      ['a field name with markup', form('https://games.example/login', { '"><script>': 'x' })],
      ['a value that is not text', form('https://games.example/login', { token: 1 })],
      ['a NUL in a value', form('https://games.example/login', { token: 'a\u0000b' })],
      ['too many fields', form('https://games.example/login', Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`f${i}`, 'x'])))],
    ];
    for (const [name, answer] of refused) expect(() => checkLaunchAnswer(answer, live), name).toThrow(ProviderFault);
  });
});
