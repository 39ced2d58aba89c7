import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS } from '../../src/server/modules/sessions/sessions';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { login, nextIp, nextPhone, registerAndLogin, seedMemberWithPassword } from './helpers/accounts';
import { engines } from './helpers/db';

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
    const started = performance.now();
    await login(t.app, nextPhone(), 'secret123');
    // A lookup alone answers in a few milliseconds; argon2id with 64 MiB does not.
    expect(performance.now() - started).toBeGreaterThan(25);
  });

  it('answers INACTIVE_USER to a locked member with the right password', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123', { status: 'locked' });
    const res = await login(t.app, m.username, 'secret123');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'INACTIVE_USER' });
  });

  it('answers REQUEST_LIMIT after 10 wrong passwords for one phone, from any address, until the 15-minute window slides past', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    for (let i = 0; i < 10; i++) expect((await login(t.app, m.username, `wrong-${i}`)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const limited = await login(t.app, m.username, 'secret123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });

    const base = Date.now();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base + 31 * 60_000));
    expect((await login(t.app, m.username, 'secret123')).statusCode).toBe(200);
  });

  it('counts failures only: a good login does not use up the allowance', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    for (let i = 0; i < 9; i++) await login(t.app, m.username, 'wrong-one');
    expect((await login(t.app, m.username, 'secret123')).statusCode).toBe(200);
    expect((await login(t.app, m.username, 'wrong-one')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect((await login(t.app, m.username, 'secret123')).json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('answers REQUEST_LIMIT after 30 failures from one address, whatever the phones', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await login(t.app, nextPhone(), 'secret123', ip)).statusCode).toBe(401);
    const m = await seedMemberWithPassword(t.app, 'secret123');
    expect((await login(t.app, m.username, 'secret123', ip)).json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await login(t.app, m.username, 'secret123', nextIp())).statusCode).toBe(200);
  });

  it('does not let parallel guesses run past the limit', async () => {
    const m = await seedMemberWithPassword(t.app, 'secret123');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => login(t.app, m.username, `guess-${i}`)));
    const codes = answers.map((a) => a.json().message);
    expect(codes.filter((c) => c === 'WRONG_CREDENTIAL')).toHaveLength(10);
    expect(codes.filter((c) => c === 'REQUEST_LIMIT')).toHaveLength(6);
  });
});
