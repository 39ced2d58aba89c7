import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/modules/account/login';
import { SESSION_TTL_MS } from '../../src/server/modules/sessions/sessions';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { login, nextIp, nextPhone, registerAndLogin, seedMemberWithPassword } from './helpers/accounts';
import { engines } from './helpers/db';
import { PRODUCTION_PASSWORD_COST } from './helpers/password-cost';

describe.each(engines)('login on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const sessionOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/profile', headers: clientHeaders(token) });

  it('registers through OTP, then logs in with a token that opens member calls', async () => {
    const m = await registerAndLogin(t.app);
    const res = await sessionOf(m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.username).toBe(m.username);
  });

  it.each([
    [true, SESSION_TTL_MS.persistent],
    [false, SESSION_TTL_MS.sessionOnly],
    [undefined, SESSION_TTL_MS.sessionOnly],
  ])('remember %s gives a session of the matching lifetime', async (remember, ttl) => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    const res = await login(t.app, m.username, 'secret123', nextIp(), remember);
    expect(res.statusCode).toBe(200);
    const session = await t.app.ctx.db.selectFrom('session').select(['persistent', 'expires_at', 'created_at'])
      .where('member_id', '=', m.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.persistent).toBe(remember === true);
    expect(Math.abs(session.expires_at.getTime() - Date.now() - ttl)).toBeLessThan(60_000);
  });

  it.each([
    ['an unknown phone', async () => ({ username: nextPhone(), password: 'secret123' })],
    ['a wrong password', async () => ({ username: (await seedMemberWithPassword(t.app, 'secret123')).username, password: 'secret124' })],
    ['a phone that is not a phone', async () => ({ username: '12', password: 'secret123' })],
    ['a locked member with a wrong password', async () => ({ username: (await seedMemberWithPassword(t.app, 'secret123', { status: 'locked' })).username, password: 'nope-nope' })],
  ])('answers %s with WRONG_CREDENTIAL', async (_name, credentials) => {
    const { username, password } = await credentials();
    const res = await login(t.app, username, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('spends a password check on an unknown phone too', async () => {
    // On an app hashing at production's cost: at the tests' cost a check takes about a millisecond.
    const production = await build(engine, PRODUCTION_PASSWORD_COST);
    try {
      const started = performance.now();
      await login(production.app, nextPhone(), 'secret123');
      // A lookup alone answers in a few milliseconds; argon2id with 64 MiB does not.
      expect(performance.now() - started).toBeGreaterThan(25);
    } finally {
      await production.close();
    }
  });

  it('answers INACTIVE_USER to a locked member with the right password', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123', { status: 'locked' });
    const res = await login(t.app, m.username, 'secret123');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'INACTIVE_USER' });
  });

  /** Moves the clock `ms` forward from now on. */
  const later = (ms: number) => {
    const at = t.app.ctx.clock.now().getTime() + ms;
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(at));
  };

  it('answers REQUEST_LIMIT after 10 wrong passwords for one phone from one address, until the 15-minute window slides past', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) expect((await login(t.app, m.username, `wrong-${i}`, attacker)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const limited = await login(t.app, m.username, 'secret123', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });

    later(31 * 60_000);
    expect((await login(t.app, m.username, 'secret123', attacker)).statusCode).toBe(200);
  });

  it("does not let a stranger's failures lock the owner out: the owner's own address still logs in", async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    // Guesses from several addresses, each up to its limit for this phone.
    for (const attacker of [nextIp(), nextIp()]) {
      for (let i = 0; i < 10; i++) await login(t.app, m.username, `guess-${i}`, attacker);
      expect((await login(t.app, m.username, 'guess-x', attacker)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    }
    const owner = await login(t.app, m.username, 'secret123', nextIp());
    expect(owner.statusCode).toBe(200);
  });

  it('counts failures only: a good login does not use up the allowance', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    const ip = nextIp();
    for (let i = 0; i < 9; i++) await login(t.app, m.username, 'wrong-one', ip);
    expect((await login(t.app, m.username, 'secret123', ip)).statusCode).toBe(200);
    expect((await login(t.app, m.username, 'wrong-one', ip)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await login(t.app, m.username, 'secret123', ip)).json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('slows an address that spreads guesses over phones with a doubling wait, without locking its other members out', async () => {
    const ip = nextIp();
    const { freeFailures, firstWaitMs, maxWaitMs } = LOGIN_LIMITS.address;
    for (let i = 0; i < freeFailures; i++) expect((await login(t.app, nextPhone(), 'secret123', ip)).statusCode).toBe(401);
    // One failure past the allowance earns the first wait; tries during it are refused unchecked.
    expect((await login(t.app, nextPhone(), 'secret123', ip)).statusCode).toBe(401);
    expect((await login(t.app, nextPhone(), 'secret123', ip)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    later(firstWaitMs + 10);
    expect((await login(t.app, nextPhone(), 'secret123', ip)).statusCode).toBe(401);
    // The second wait is twice the first.
    later(firstWaitMs + 10);
    expect((await login(t.app, nextPhone(), 'secret123', ip)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    later(firstWaitMs + 10);
    expect((await login(t.app, nextPhone(), 'secret123', ip)).statusCode).toBe(401);

    // Whatever the failures, a member behind the same address waits at most the cap, then gets in.
    for (let i = 0; i < 6; i++) {
      later(maxWaitMs + 10);
      await login(t.app, nextPhone(), 'secret123', ip);
    }
    const m = await seedMemberWithPassword(t.app, 'secret123');
    expect((await login(t.app, m.username, 'secret123', ip)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    later(maxWaitMs + 10);
    expect((await login(t.app, m.username, 'secret123', ip)).statusCode).toBe(200);
    // Another address is not slowed by this one.
    expect((await login(t.app, m.username, 'secret123', nextIp())).statusCode).toBe(200);
  });

  it('does not let parallel guesses run past the limit', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => login(t.app, m.username, `guess-${i}`, ip)));
    const codes = answers.map((a) => a.json().message);
    expect(codes.filter((c) => c === 'WRONG_CREDENTIAL')).toHaveLength(10);
    expect(codes.filter((c) => c === 'REQUEST_LIMIT')).toHaveLength(6);
  });
});
