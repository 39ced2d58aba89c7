import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from './helpers/app';
import { login, nextAccountNo, nextIp, nextPhone, post, register, registration, verifyPhone, type RegistrationBody } from './helpers/accounts';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

const memberBy = (t: TestApp, username: string) =>
  t.app.ctx.db.selectFrom('member').selectAll().where('username', '=', username).executeTakeFirst();

describe.each(engines)('registration in Thailand on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  describe('without OTP', () => {
    beforeAll(async () => { await t.app.ctx.settings.set('registerOTP', false); });
    afterAll(async () => { await t.app.ctx.settings.set('registerOTP', true); });

    it('creates the member with a hashed password, upper-cased bank name, wallet and game accounts', async () => {
      const body = registration({ bankAccountName: ' somchai   jaidee ', bankAccountNo: `123-${nextAccountNo()}` });
      const res = await register(t.app, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
      const m = await memberBy(t, body.username);
      expect(m).toMatchObject({ name: body.name, currency: 'BAHT', country: 'TH', bank_account_name: 'SOMCHAI JAIDEE', source_code: 'FACEBOOK', referrer_id: null });
      expect(m!.bank_account_no).toBe(body.bankAccountNo.replace(/-/g, ''));
      expect(m!.password_hash).toMatch(/^\$argon2id\$/);
      const accounts = await t.app.ctx.db.selectFrom('ledger_account').select(['kind']).where('member_id', '=', m!.id).execute();
      expect(accounts.filter((a) => a.kind === 'wallet')).toHaveLength(1);
      expect(accounts.filter((a) => a.kind === 'game').length).toBeGreaterThan(0);
      expect((await login(t.app, body.username, body.password)).statusCode).toBe(200);
    });

    it('links the member to the referrer of an invite code PR<id>', async () => {
      const referrer = await seedMember(t.app);
      const body = registration({ inviteCode: `PR${referrer.id}` });
      expect((await register(t.app, body)).statusCode).toBe(200);
      expect((await memberBy(t, body.username))!.referrer_id).toBe(referrer.id);
    });

    const cases: [string, () => Promise<Partial<RegistrationBody>>, number, string][] = [
      ['a registered phone', async () => ({ username: (await seedMember(t.app)).username }), 409, 'EXISTING_USER'],
      ['a bank account of another member', async () => {
        const other = registration();
        await register(t.app, other);
        return { bankCode: other.bankCode, bankAccountNo: other.bankAccountNo };
      }, 409, 'EXISTING_BANK'],
      ['the same account number written with dashes', async () => {
        const other = registration({ bankAccountNo: '4445556667' });
        await register(t.app, other);
        return { bankAccountNo: '444-555-6667' };
      }, 409, 'EXISTING_BANK'],
      ['a bank not in the list', async () => ({ bankCode: 'NOPE' }), 400, 'INVALID_BANK'],
      ['a bank of Laos', async () => ({ bankCode: 'BCEL' }), 400, 'INVALID_BANK'],
      ['an account number with letters', async () => ({ bankAccountNo: '12345ABC' }), 400, 'INVALID_BANK'],
      ['a Thai name at KTB', async () => ({ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }), 400, 'BANK_ACCOUNT_NAME_ENG'],
      ['a name with digits at TMB', async () => ({ bankCode: 'TMB', bankAccountName: 'SOMCHAI 2' }), 400, 'BANK_ACCOUNT_NAME_ENG'],
      ['a Thai name at BBL', async () => ({ bankCode: 'BBL', bankAccountName: 'สมชาย ใจดี' }), 400, 'BANK_ACCOUNT_NAME_ENG'],
      ['a phone of 9 digits', async () => ({ username: '081234567' }), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      ['a phone of 11 digits', async () => ({ username: '08123456789' }), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      ['a phone in +66 form', async () => ({ username: '+66812345678' }), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      ['a password of 5 characters', async () => ({ password: 'abcde' }), 400, 'PASSWORD_TOO_SHORT'],
      ['an unknown source', async () => ({ sourceCode: 'RADIO' }), 400, 'INVALID_USER_INFO'],
      ['kip in Thailand', async () => ({ currency: 'LAK' }), 400, 'INVALID_USER_INFO'],
      ['an invite code of nobody', async () => ({ inviteCode: 'PR999999999' }), 400, 'INVALID_INVITE_CODE'],
      ['an invite code without PR', async () => ({ inviteCode: 'XYZ' }), 400, 'INVALID_INVITE_CODE'],
      // Only the form the invite link writes resolves to a member: PR and the id, nothing more.
      ['an invite code in lower case', async () => ({ inviteCode: `pr${(await seedMember(t.app)).id}` }), 400, 'INVALID_INVITE_CODE'],
      ['an invite code with a leading zero', async () => ({ inviteCode: `PR0${(await seedMember(t.app)).id}` }), 400, 'INVALID_INVITE_CODE'],
      ['an invite code with a trailing space', async () => ({ inviteCode: `PR${(await seedMember(t.app)).id} ` }), 400, 'INVALID_INVITE_CODE'],
      ['an invite code with a leading space', async () => ({ inviteCode: ` PR${(await seedMember(t.app)).id}` }), 400, 'INVALID_INVITE_CODE'],
      ['an invite code of spaces', async () => ({ inviteCode: '   ' }), 400, 'INVALID_INVITE_CODE'],
      ['the invite code PR0', async () => ({ inviteCode: 'PR0' }), 400, 'INVALID_INVITE_CODE'],
    ];

    it.each(cases)('refuses %s', async (_name, overrides, status, code) => {
      const body = registration(await overrides());
      const res = await register(t.app, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: code });
      if (code === 'INVALID_INVITE_CODE') expect(await memberBy(t, body.username)).toBeUndefined();
    });

    it('accepts an English name at KTB, Thai names elsewhere, and no source or invite code', async () => {
      expect((await register(t.app, registration({ bankCode: 'KTB', bankAccountName: 'somchai jaidee' }))).statusCode).toBe(200);
      expect((await register(t.app, registration({ bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี', sourceCode: '', inviteCode: undefined }))).statusCode).toBe(200);
    });

    it('gives one of two racing registrations of one bank account EXISTING_BANK, through the unique constraint', async () => {
      const bankAccountNo = nextAccountNo();
      const answers = await Promise.all([
        register(t.app, registration({ bankAccountNo })),
        register(t.app, registration({ bankAccountNo })),
        register(t.app, registration({ bankAccountNo })),
      ]);
      expect(answers.map((a) => a.json().message).sort()).toEqual(['EXISTING_BANK', 'EXISTING_BANK', 'OK']);
    });

    it('gives one of two racing registrations of one phone EXISTING_USER', async () => {
      const username = nextPhone();
      const answers = await Promise.all([register(t.app, registration({ username })), register(t.app, registration({ username }))]);
      expect(answers.map((a) => a.json().message).sort()).toEqual(['EXISTING_USER', 'OK']);
    });

    it('answers REQUEST_LIMIT to more than 20 registrations a minute from one address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) expect((await register(t.app, registration({ password: 'short' }), ip)).json()).toEqual({ message: 'PASSWORD_TOO_SHORT' });
      const res = await register(t.app, registration(), ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: 'REQUEST_LIMIT' });
    });

    it('validates the profile step without writing, bank details optional', async () => {
      const body = registration();
      const { bankCode: _c, bankAccountName: _n, bankAccountNo: _no, ...profileStep } = body;
      const ok = await post(t.app, '/api/account/validate', profileStep, nextIp());
      expect(ok.json()).toEqual({ message: 'OK' });
      expect(await memberBy(t, body.username)).toBeUndefined();

      const taken = await post(t.app, '/api/account/validate', { ...profileStep, username: (await seedMember(t.app)).username }, nextIp());
      expect(taken.json()).toEqual({ message: 'EXISTING_USER' });
      const english = await post(t.app, '/api/account/validate', { ...profileStep, bankCode: 'BBL', bankAccountName: 'สมชาย' }, nextIp());
      expect(english.json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG' });
    });
  });

  describe('with OTP (the registerOTP setting on)', () => {
    it('refuses a phone that was not verified with UNVERIFIED_OTP', async () => {
      const res = await register(t.app, registration());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect((await post(t.app, '/api/account/validate', registration(), nextIp())).json()).toEqual({ message: 'UNVERIFIED_OTP' });
    });

    it('registers a verified phone with its OTP token, from any address', async () => {
      const withToken = registration();
      const otpToken = await verifyPhone(t.app, withToken.username, nextIp());
      expect((await register(t.app, { ...withToken, otpToken }, nextIp())).json()).toEqual({ message: 'OK' });
    });

    it('refuses a verification without its token (even from the address that verified), a wrong token, another phone\'s token, and one older than 30 minutes', async () => {
      const body = registration();
      const ip = nextIp();
      const otpToken = await verifyPhone(t.app, body.username, ip);
      expect((await register(t.app, body, ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect((await register(t.app, body, nextIp())).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect((await register(t.app, { ...body, otpToken: 'not-the-token' }, ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      const other = registration();
      expect((await register(t.app, { ...other, otpToken }, ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      const base = Date.now();
      const spy = vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base + 31 * 60_000));
      try {
        expect((await register(t.app, { ...body, otpToken }, ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      } finally {
        spy.mockRestore();
      }
    });

    it('does not let someone behind the same address take over a phone its owner just verified', async () => {
      const nat = nextIp();
      const victim = registration();
      const victimToken = await verifyPhone(t.app, victim.username, nat);

      // The attacker, on the same carrier NAT, asks for the victim's number: no verification, no token.
      const probe = await post(t.app, '/api/otp/send', { phoneNumber: victim.username }, nat);
      expect(probe.json().code).not.toBe('OTP_VERIFIED');
      const attacker = registration({ username: victim.username, name: 'Mallory', bankAccountName: 'MALLORY X' });
      for (const otpToken of [undefined, '', probe.json().otpToken as string | undefined]) {
        expect((await register(t.app, { ...attacker, otpToken }, nat)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
      }
      // The owner registers with the token their own client holds, once.
      expect((await register(t.app, { ...victim, otpToken: victimToken }, nat)).json()).toEqual({ message: 'OK' });
      const again = registration({ otpToken: victimToken });
      expect((await register(t.app, { ...again, username: victim.username }, nat)).json()).toEqual({ message: 'EXISTING_USER' });
    });

    it('marks the verification used by the registration', async () => {
      const ip = nextIp();
      const body = registration();
      const otpToken = await verifyPhone(t.app, body.username, ip);
      expect((await register(t.app, { ...body, otpToken }, ip)).statusCode).toBe(200);
      const row = await t.app.ctx.db.selectFrom('otp').select('consumed_at').where('phone', '=', body.username).executeTakeFirstOrThrow();
      expect(row.consumed_at).toBeInstanceOf(Date);
    });
  });
});

describe.each(engines)('registration in Laos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { COUNTRY: 'LA' });
    await t.app.ctx.settings.set('registerOTP', false);
  });
  afterAll(async () => { await t.close(); });

  const lao = (overrides: Partial<RegistrationBody>) =>
    registration({ bankCode: 'BCEL', bankAccountName: 'SOMSAK PHOMMA', ...overrides });

  it.each([
    ['02055512345', '02055512345'],
    ['2055512346', '02055512346'],
    ['+8562055512347', '02055512347'],
    ['8562055512348', '02055512348'],
    ['0305551234', '0305551234'],
    ['+856305551235', '0305551235'],
  ])('stores %s as %s and logs in with any of its forms', async (typed, stored) => {
    const body = lao({ username: typed });
    expect((await register(t.app, body)).json()).toEqual({ message: 'OK' });
    const m = await memberBy(t, stored);
    expect(m).toMatchObject({ country: 'LA', currency: 'LAK' });
    expect((await login(t.app, `+856${stored.slice(1)}`, body.password)).statusCode).toBe(200);
  });

  it.each([['0812345678'], ['0205551234'], ['020555123456'], ['0405551234']])('refuses %s with INVALID_PHONE_NUMBER', async (username) => {
    const res = await register(t.app, lao({ username }));
    expect(res.json()).toEqual({ message: 'INVALID_PHONE_NUMBER' });
  });

  it('takes baht when asked, and refuses a Thai bank', async () => {
    const body = lao({ username: '02055519999', currency: 'BAHT' });
    expect((await register(t.app, body)).statusCode).toBe(200);
    expect((await memberBy(t, '02055519999'))!.currency).toBe('BAHT');
    expect((await register(t.app, lao({ username: '02055519998', bankCode: 'SCB' }))).json()).toEqual({ message: 'INVALID_BANK' });
  });
});
