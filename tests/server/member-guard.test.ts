import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestSms, login, nextIp, post, registration, seedMemberWithPassword, sendOtp } from './helpers/accounts';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

describe.each(engines)('member endpoints on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout', headers });

  it('refuses a call without the client marker header', async () => {
    const m = await seedMember(t.app);
    const res = await logout({ authorization: `Bearer ${m.token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'CLIENT_REQUIRED' });
  });

  it('answers invalid-token without a token, with an unknown one, and after logout', async () => {
    expect((await logout(clientHeaders())).json()).toEqual({ message: 'invalid-token' });
    const unknown = await logout(clientHeaders('not-a-token'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'invalid-token' });

    const m = await seedMember(t.app);
    const first = await logout(clientHeaders(m.token));
    expect(first.statusCode).toBe(200);
    const again = await logout(clientHeaders(m.token));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'invalid-token' });
  });

  it('answers invalid-token for a locked member', async () => {
    const m = await seedMember(t.app, { status: 'locked' });
    expect((await logout(clientHeaders(m.token))).json()).toEqual({ message: 'invalid-token' });
  });

  it('answers 410 gone on every member endpoint while the service is switched off', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.settings.set('service.active', false);
    try {
      const res = await logout(clientHeaders(m.token));
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: 'gone' });
    } finally {
      await t.app.ctx.settings.set('service.active', true);
    }
    expect((await logout(clientHeaders(m.token))).statusCode).toBe(200);
  });

  describe('takes exactly `Bearer <token>` from the Authorization header', () => {
    const malformed: [string, (token: string) => string][] = [
      ['a word after the token', (tk) => `Bearer ${tk} extra`],
      ['a second credential', (tk) => `Bearer ${tk}, Bearer ${tk}`],
      ['two spaces', (tk) => `Bearer  ${tk}`],
      ['a tab', (tk) => `Bearer\t${tk}`],
      ['no scheme', (tk) => tk],
      ['another scheme', (tk) => `Token ${tk}`],
      ['a glued scheme', (tk) => `Bearer${tk}`],
    ];
    // Each guard that reads a bearer token: the member guard, the operator guard, the support chat's.
    const guarded = {
      member: (auth: string) => t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { ...clientHeaders(), authorization: auth } }),
      operator: (auth: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { ...clientHeaders(), authorization: auth } }),
      chat: (auth: string) => t.app.inject({ method: 'POST', url: '/api/chat/history', headers: { ...clientHeaders(), authorization: auth }, payload: { guestId: 'g'.repeat(20), limit: 10, skip: 0 } }),
    };
    const tokens = async () => ({ member: (await seedMember(t.app)).token, operator: (await operatorWith(t.app, 'support')).token, chat: (await seedMember(t.app)).token });

    it.each(malformed)('refuses %s with 401 invalid-token on member, operator and chat routes', async (_name, header) => {
      const token = await tokens();
      for (const kind of ['member', 'operator', 'chat'] as const) {
        const res = await guarded[kind](header(token[kind]));
        expect([res.statusCode, res.json()], kind).toEqual([401, { message: 'invalid-token' }]);
      }
    });

    it('accepts the exact form, the scheme in any case (RFC 6750)', async () => {
      const token = await tokens();
      for (const kind of ['member', 'operator', 'chat'] as const) {
        for (const scheme of ['Bearer', 'bearer']) expect((await guarded[kind](`${scheme} ${token[kind]}`)).statusCode, `${kind} ${scheme}`).toBe(200);
      }
    });
  });

  describe('while the service is switched off, the public ways in answer gone too', () => {
    const sessionsOf = async (memberId: number) =>
      Number((await t.app.ctx.db.selectFrom('session').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).executeTakeFirstOrThrow()).n);
    const membersNamed = async (username: string) =>
      (await t.app.ctx.db.selectFrom('member').select('id').where('username', '=', username).execute()).length;
    const switchedOff = async <T>(call: () => Promise<T>) => {
      await t.app.ctx.settings.set('service.active', false);
      try {
        return await call();
      } finally {
        await t.app.ctx.settings.set('service.active', true);
      }
    };

    it.each([
      ['POST /api/login issues no token', async () => {
        const m = await seedMemberWithPassword(t.app, 'secret123');
        const before = await sessionsOf(m.id);
        const res = await switchedOff(() => login(t.app, m.username, 'secret123'));
        expect(await sessionsOf(m.id)).toBe(before);
        expect((await login(t.app, m.username, 'secret123')).statusCode).toBe(200);
        return res;
      }],
      ['POST /api/otp/send sends no SMS', async () => {
        const phone = registration().username;
        const res = await switchedOff(() => sendOtp(t.app, phone, nextIp()));
        expect(await latestSms(t.app, phone)).toBeUndefined();
        expect((await sendOtp(t.app, phone, nextIp())).statusCode).toBe(200);
        return res;
      }],
      ['POST /api/otp/verify verifies nothing', async () => {
        const phone = registration().username;
        const ip = nextIp();
        const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
        const code = (await latestSms(t.app, phone))!.code;
        const res = await switchedOff(() => post(t.app, '/api/otp/verify', { otpToken, otpCode: code }, ip));
        expect((await post(t.app, '/api/otp/verify', { otpToken, otpCode: code }, ip)).json()).toEqual({ message: 'OTP_CODE_VALID' });
        return res;
      }],
      ['POST /api/account/validate', async () => switchedOff(() => post(t.app, '/api/account/validate', registration(), nextIp()))],
      ['POST /api/account registers nobody', async () => {
        const body = registration();
        const res = await switchedOff(() => post(t.app, '/api/account', body, nextIp()));
        expect(await membersNamed(body.username)).toBe(0);
        return res;
      }],
    ])('%s', async (_name, call) => {
      const res = await call();
      expect([res.statusCode, res.json()]).toEqual([410, { message: 'gone' }]);
    });
  });
});
