import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract';
import { ResetCodes, type ResetCodePolicy } from '../../src/server/modules/otp/reset-codes';
import { SmsFailure, type SmsSender } from '../../src/server/providers/sms/sms';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { latestSms, login, nextIp, nextPhone, post, registerAndLogin, sendOtp } from './helpers/accounts';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';

/**
 * Forgot password (issue 28): a code sent by SMS to the registered phone, then the new password;
 * every session of the member ends. The answers never tell whether a phone is registered, and
 * nothing a stranger does locks the owner out.
 */
describe.each(engines)('forgot password on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const forgot = (phoneNumber: string, ip: string, language?: string) =>
    post(t.app, endpoints.passwordForgot.path, { phoneNumber }, ip, language ? { 'accept-language': language } : {});
  const verify = (otpToken: string, otpCode: string, ip: string) => post(t.app, endpoints.passwordVerify.path, { otpToken, otpCode }, ip);
  const reset = (otpToken: string, newPassword: string, ip: string) => post(t.app, endpoints.passwordReset.path, { otpToken, newPassword }, ip);
  /** The SMS goes out after the answer: wait for the gateway to have it. */
  const inbox = async (phone: string) => {
    await t.app.ctx.resetCodes.settled();
    return latestSms(t.app, phone);
  };
  const later = (ms: number) => {
    const base = Date.now();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base + ms));
  };
  const profileStatus = async (token: string) => (await contractCaller(t.app, token)(endpoints.accountProfile)).statusCode;
  const resetCodesWith = (policy: Partial<ResetCodePolicy>, sms: SmsSender = { send: async () => {} }, failed: unknown[] = []) =>
    new ResetCodes({ db: t.app.ctx.db, clock: t.app.ctx.clock, throttle: t.app.ctx.throttle, sms, country: 'TH', onDeliveryFailed: (e) => failed.push(e) }, policy);

  it('sends a code to the registered phone; the new password logs in, the old one not, and every other session ends', async () => {
    const member = await registerAndLogin(t.app, { password: 'old-secret-1' });
    const second = (await login(t.app, member.username, 'old-secret-1')).json().token as string;
    expect(await profileStatus(member.token)).toBe(200);

    const ip = nextIp();
    const sent = await forgot(member.username, ip, 'en');
    expect(sent.statusCode).toBe(200);
    const { otpRef, otpToken } = sent.json();
    expect(sent.json()).toEqual({ otpRef: expect.stringMatching(/^[A-Z0-9]{4}$/), otpToken: expect.any(String) });
    const sms = await inbox(member.username);
    expect(sms).toMatchObject({ to: `+66${member.username.slice(1)}`, code: expect.stringMatching(/^[0-9]{6}$/) });
    expect(sms!.text).toContain('password reset code');
    expect(sms!.text).toContain(sms!.code);
    expect(sms!.text).toContain(otpRef);

    expect((await verify(otpToken, sms!.code, ip)).json()).toEqual({ message: 'OTP_CODE_VALID' });
    const done = await reset(otpToken, 'new-secret-2', ip);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'OK' });

    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    expect((await login(t.app, member.username, 'old-secret-1')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const fresh = await login(t.app, member.username, 'new-secret-2');
    expect(fresh.statusCode).toBe(200);
    expect(await profileStatus(fresh.json().token)).toBe(200);
  });

  it('writes the SMS in the language of the request', async () => {
    const member = await registerAndLogin(t.app);
    await forgot(member.username, nextIp(), 'lo');
    expect((await inbox(member.username))!.text).toMatch(/^ລະຫັດສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່/);
  });

  it('keeps only hashes of the code and the token, apart from registration codes', async () => {
    const member = await registerAndLogin(t.app);
    const { otpToken } = (await forgot(member.username, nextIp())).json();
    const sms = await inbox(member.username);
    const rows = await t.app.ctx.db.selectFrom('otp').selectAll().where('phone', '=', member.username).where('purpose', '=', 'reset').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(otpToken);
    expect(JSON.stringify(rows)).not.toContain(sms!.code);
  });

  it('answers alike whether a member has the phone or not: same status, same shape, same throttle; no SMS for nobody', async () => {
    const member = await registerAndLogin(t.app);
    const nobody = nextPhone();
    const ip = nextIp();
    const [known, unknown] = [await forgot(member.username, ip), await forgot(nobody, ip)];
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json().otpRef).toMatch(/^[A-Z0-9]{4}$/);
    expect(unknown.json().otpToken).toHaveLength(known.json().otpToken.length);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(await inbox(nobody)).toBeUndefined();

    // Asked again at once: the same refusal for both.
    const [knownAgain, unknownAgain] = [await forgot(member.username, ip), await forgot(nobody, ip)];
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json()).toEqual(knownAgain.json());
    expect(knownAgain.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });

    // A guessed code: the same answer for both.
    const guessKnown = await verify(known.json().otpToken, '123456', ip);
    const guessUnknown = await verify(unknown.json().otpToken, '123456', ip);
    expect(guessUnknown.statusCode).toBe(guessKnown.statusCode);
    expect(guessUnknown.json()).toEqual(guessKnown.json());
  });

  it('gives one code per phone and address each minute, and a phone its daily number from strangers’ addresses', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await forgot(phone, ip)).statusCode).toBe(200);
    expect((await forgot(phone, ip)).json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    // Another address is not held up by this one's minute.
    expect((await forgot(phone, nextIp())).statusCode).toBe(200);
    later(60_000);
    expect((await forgot(phone, ip)).statusCode).toBe(200);

    // 3 so far; the phone's daily 10 from addresses its member never used.
    for (let i = 0; i < 7; i++) expect((await forgot(phone, nextIp())).statusCode, `code ${i + 4}`).toBe(200);
    const over = await forgot(phone, nextIp());
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('gives an address its daily number of codes', async () => {
    const codes = resetCodesWith({ dailyPerIp: 3 });
    const ip = nextIp();
    const ask = (phone: string, from: string) => codes.send({ phone, ip: from, registered: false, knownAddress: false });
    for (let i = 0; i < 3; i++) await ask(nextPhone(), ip);
    await expect(ask(nextPhone(), ip)).rejects.toMatchObject({ code: 'REQUEST_LIMIT' });
    await expect(ask(nextPhone(), nextIp())).resolves.toMatchObject({ otpToken: expect.any(String) });
  });

  it('does not let a stranger lock the owner out', async () => {
    const owner = await registerAndLogin(t.app, { password: 'owner-pass-1' });
    // The owner signed in from this address (registerAndLogin's login used its own address).
    const home = nextIp();
    expect((await login(t.app, owner.username, 'owner-pass-1', home)).statusCode).toBe(200);

    // A stranger asks for codes from many addresses until the phone's allowance for strangers is spent...
    const stranger = nextIp();
    const { otpToken: strangersToken } = (await forgot(owner.username, stranger)).json();
    for (let i = 0; i < 9; i++) expect((await forgot(owner.username, nextIp())).statusCode).toBe(200);
    expect((await forgot(owner.username, nextIp())).json()).toEqual({ message: 'REQUEST_LIMIT' });
    // ...and guesses the code until it is spent.
    for (let i = 0; i < 5; i++) expect((await verify(strangersToken, String(100000 + i), stranger)).json()).toEqual({ message: 'OTP_CODE_INVALID' });
    expect((await verify(strangersToken, '999999', stranger)).json()).toEqual({ message: 'OTP_BLOCK' });

    // The old password still logs in, from anywhere.
    expect((await login(t.app, owner.username, 'owner-pass-1')).statusCode).toBe(200);
    // From an address the owner signed in from, a code still comes, and resets the password.
    const sent = await forgot(owner.username, home);
    expect(sent.statusCode).toBe(200);
    const { code } = (await inbox(owner.username))!;
    expect((await verify(sent.json().otpToken, code, home)).statusCode).toBe(200);
    expect((await reset(sent.json().otpToken, 'owner-pass-2', home)).statusCode).toBe(200);
    expect((await login(t.app, owner.username, 'owner-pass-2')).statusCode).toBe(200);
  });

  it("keeps the owner's code working after a stranger asks for another", async () => {
    const owner = await registerAndLogin(t.app);
    const ip = nextIp();
    const mine = (await forgot(owner.username, ip)).json();
    const myCode = (await inbox(owner.username))!.code;
    await forgot(owner.username, nextIp());
    const theirs = (await inbox(owner.username))!;
    expect(theirs.code === myCode && theirs.text.includes(mine.otpRef)).toBe(false);
    expect((await verify(mine.otpToken, myCode, ip)).json()).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it('does not let parallel guesses run past the 5 tries', async () => {
    const owner = await registerAndLogin(t.app);
    const ip = nextIp();
    const { otpToken } = (await forgot(owner.username, ip)).json();
    const right = (await inbox(owner.username))!.code;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const codes = (await Promise.all(guesses.map((g) => verify(otpToken, g, ip)))).map((a) => a.json().message);
    expect(codes.filter((c) => c === 'OTP_CODE_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OTP_BLOCK')).toHaveLength(7);
    // Spent: even the right code no longer passes.
    expect((await verify(otpToken, right, ip)).json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it.each([
    ['a phone of 9 digits', { phoneNumber: '081234567' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a phone with letters', { phoneNumber: '08l2345678' }, 'INVALID_INPUT'],
    ['no phone', {}, 'INVALID_INPUT'],
  ] as const)('refuses to send for %s', async (_name, body, code) => {
    const res = await post(t.app, endpoints.passwordForgot.path, body, nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: code });
  });

  it.each([
    ['an unknown token', () => ({ otpToken: 'no-such-token', otpCode: '123456' }), 'OTP_TOKEN_INVALID'],
    ['a code with letters', () => ({ otpToken: 'x', otpCode: '12a456' }), 'INVALID_INPUT'],
    ['no code', () => ({ otpToken: 'x' }), 'INVALID_INPUT'],
  ] as const)('refuses to verify %s', async (_name, body, code) => {
    const res = await post(t.app, endpoints.passwordVerify.path, body(), nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: code });
  });

  it('answers OTP_EXPIRED after 5 minutes and OTP_VERIFIED to a second verify', async () => {
    const owner = await registerAndLogin(t.app);
    const ip = nextIp();
    const first = (await forgot(owner.username, ip)).json();
    const firstCode = (await inbox(owner.username))!.code;
    later(5 * 60_000 + 1_000);
    expect((await verify(first.otpToken, firstCode, ip)).json()).toEqual({ message: 'OTP_EXPIRED' });

    const second = (await forgot(owner.username, ip)).json();
    const secondCode = (await inbox(owner.username))!.code;
    expect((await verify(second.otpToken, secondCode, ip)).statusCode).toBe(200);
    expect((await verify(second.otpToken, secondCode, ip)).json()).toEqual({ message: 'OTP_VERIFIED' });
  });

  it('sets a password only with a verified code, once, within 15 minutes, and only a long enough one', async () => {
    const owner = await registerAndLogin(t.app, { password: 'first-pass-1' });
    const ip = nextIp();
    const { otpToken } = (await forgot(owner.username, ip)).json();
    expect((await reset(otpToken, 'another-pass-2', ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
    await verify(otpToken, (await inbox(owner.username))!.code, ip);
    const short = await reset(otpToken, 'abc', ip);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'PASSWORD_TOO_SHORT' });
    expect((await reset(otpToken, 'another-pass-2', ip)).statusCode).toBe(200);
    expect((await reset(otpToken, 'third-pass-3', ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
    expect((await login(t.app, owner.username, 'another-pass-2')).statusCode).toBe(200);

    later(61_000);
    const late = (await forgot(owner.username, ip)).json();
    await verify(late.otpToken, (await inbox(owner.username))!.code, ip);
    later(61_000 + 15 * 60_000 + 1_000);
    expect((await reset(late.otpToken, 'fourth-pass-4', ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
  });

  it('keeps reset codes and registration codes apart', async () => {
    const owner = await registerAndLogin(t.app);
    const ip = nextIp();
    const { otpToken } = (await forgot(owner.username, ip)).json();
    const { code } = (await inbox(owner.username))!;
    expect((await post(t.app, '/api/otp/verify', { otpToken, otpCode: code }, ip)).json()).toEqual({ message: 'OTP_TOKEN_INVALID' });

    const newcomer = nextPhone();
    const registration = (await sendOtp(t.app, newcomer, ip)).json();
    const registrationCode = (await latestSms(t.app, newcomer))!.code;
    expect((await verify(registration.otpToken, registrationCode, ip)).json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
    expect((await reset(registration.otpToken, 'whatever-pass', ip)).json()).toEqual({ message: 'UNVERIFIED_OTP' });
  });

  it('answers the same when the SMS cannot be handed over, reports it, and lets the member ask again at once', async () => {
    const failed: unknown[] = [];
    const codes = resetCodesWith({}, { send: async () => { throw new SmsFailure('gateway down'); } }, failed);
    const phone = nextPhone();
    const ip = nextIp();
    const ask = () => codes.send({ phone, ip, registered: true, knownAddress: false });
    await expect(ask()).resolves.toMatchObject({ otpRef: expect.any(String), otpToken: expect.any(String) });
    await codes.settled();
    expect(failed).toHaveLength(1);
    await expect(ask()).resolves.toMatchObject({ otpToken: expect.any(String) });
  });

  it('is closed with the service', async () => {
    await t.app.ctx.settings.set('service.active', false);
    try {
      const res = await t.app.inject({ method: 'POST', url: endpoints.passwordForgot.path, payload: { phoneNumber: nextPhone() }, headers: clientHeaders() });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: 'gone' });
    } finally {
      await t.app.ctx.settings.set('service.active', true);
    }
  });
});
