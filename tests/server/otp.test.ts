import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { Otp, type OtpPolicy } from '../../src/server/modules/otp/otp';
import { HttpSmsGateway } from '../../src/server/providers/sms/http-gateway';
import { SmsFailure, type SmsSender } from '../../src/server/providers/sms/sms';
import { build, type TestApp } from './helpers/app';
import { latestSms, nextIp, nextPhone, post, sendOtp } from './helpers/accounts';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(engines)('OTP on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const serviceWith = (policy: Partial<OtpPolicy>, sms: SmsSender = { send: async () => {} }) =>
    new Otp({ db: t.app.ctx.db, clock: t.app.ctx.clock, throttle: t.app.ctx.throttle, sms, country: 'TH' }, policy);
  const verify = (otpToken: string, otpCode: string, ip: string) => post(t.app, '/api/otp/verify', { otpToken, otpCode }, ip);
  const later = (ms: number) => {
    const base = Date.now();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base + ms));
  };

  it('sends a 6-digit code to the sandbox inbox and verifies it', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const sent = await sendOtp(t.app, phone, ip);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toEqual({ otpRef: expect.stringMatching(/^[A-Z0-9]{4}$/), otpToken: expect.any(String), code: 'OK' });

    const sms = await latestSms(t.app, phone);
    expect(sms).toMatchObject({ to: `+66${phone.slice(1)}`, code: expect.stringMatching(/^[0-9]{6}$/) });
    expect(sms!.text).toContain(sms!.code);
    expect(sms!.text).toContain(body.otpRef);

    const ok = await verify(body.otpToken, sms!.code, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it('keeps only hashes of the code and the token', async () => {
    const phone = nextPhone();
    const sent = (await sendOtp(t.app, phone, nextIp())).json();
    const sms = await latestSms(t.app, phone);
    const row = await t.app.ctx.db.selectFrom('otp').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(sent.otpToken);
    expect(row.code_hash).not.toContain(sms!.code);
  });

  it('lists the inbox newest first, narrowed to one phone', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    await sendOtp(t.app, phone, ip);
    later(61_000);
    await sendOtp(t.app, phone, ip);
    const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` });
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    expect(new Date(messages[0].createdAt).getTime()).toBeGreaterThan(new Date(messages[1].createdAt).getTime());
    expect(messages.every((m: { to: string }) => m.to === `+66${phone.slice(1)}`)).toBe(true);
  });

  it.each([
    ['a wrong code', (token: string, code: string) => [token, wrongCode(code)], 'OTP_CODE_INVALID'],
    ['an unknown token', (_token: string, code: string) => ['no-such-token', code], 'OTP_TOKEN_INVALID'],
  ] as const)('answers %s with its code', async (_name, tamper, code) => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
    const sms = await latestSms(t.app, phone);
    const [token, otpCode] = tamper(otpToken, sms!.code);
    const res = await verify(token, otpCode, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: code });
  });

  it('answers OTP_EXPIRED after 5 minutes', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
    const sms = await latestSms(t.app, phone);
    later(5 * 60_000 + 1_000);
    const res = await verify(otpToken, sms!.code, ip);
    expect(res.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('accepts only the newest code of a phone', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const first = (await sendOtp(t.app, phone, ip)).json();
    const firstCode = (await latestSms(t.app, phone))!.code;
    later(61_000);
    await sendOtp(t.app, phone, ip);
    expect((await verify(first.otpToken, firstCode, ip)).json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('blocks the phone for 15 minutes after 5 wrong codes: the 6th try and new sends answer OTP_BLOCK', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
    const right = (await latestSms(t.app, phone))!.code;
    const wrong = wrongCode(right);
    for (let i = 1; i <= 5; i++) {
      expect((await verify(otpToken, wrong, ip)).json(), `try ${i}`).toEqual({ message: 'OTP_CODE_INVALID' });
    }
    const sixth = await verify(otpToken, right, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'OTP_BLOCK' });

    later(2 * 60_000);
    expect((await sendOtp(t.app, phone, ip)).json()).toEqual({ message: 'OTP_BLOCK' });
    later(15 * 60_000 + 1_000);
    expect((await sendOtp(t.app, phone, ip)).json()).toMatchObject({ code: 'OK' });
  });

  it('does not let parallel guesses run past the 5 tries', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
    const right = (await latestSms(t.app, phone))!.code;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => verify(otpToken, g, ip)));
    const codes = answers.map((a) => a.json().message);
    expect(codes.filter((c) => c === 'OTP_CODE_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OTP_BLOCK')).toHaveLength(7);
  });

  it('answers REQUEST_LIMIT_1MIN to a second send within 60 s', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await sendOtp(t.app, phone, ip)).statusCode).toBe(200);
    const again = await sendOtp(t.app, phone, ip);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    later(60_000);
    expect((await sendOtp(t.app, phone, ip)).statusCode).toBe(200);
  });

  it('sends one code only when two sends race', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const answers = await Promise.all([sendOtp(t.app, phone, ip), sendOtp(t.app, phone, ip), sendOtp(t.app, phone, ip)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
  });

  it('caps the codes per phone per day with REQUEST_LIMIT', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const base = Date.now();
    let res;
    for (let i = 0; i < 11; i++) {
      vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base + i * 61_000));
      res = await sendOtp(t.app, phone, ip);
      if (i < 10) expect(res.statusCode, `send ${i + 1}`).toBe(200);
    }
    expect(res!.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('caps the codes per address per day with REQUEST_LIMIT', async () => {
    // The service itself, with a small cap: the route's per-minute limit would answer first.
    const otp = serviceWith({ dailyPerIp: 3 });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await otp.send(nextPhone(), ip);
    await expect(otp.send(nextPhone(), ip)).rejects.toMatchObject({ code: 'REQUEST_LIMIT' });
    await expect(otp.send(nextPhone(), nextIp())).resolves.toMatchObject({ code: 'OK' });
  });

  it('answers OTP_SEND_FAIL when the SMS cannot be handed over, and lets the member ask again at once', async () => {
    const failing: SmsSender = { send: async () => { throw new SmsFailure('gateway down'); } };
    const otp = serviceWith({}, failing);
    const phone = nextPhone();
    const ip = nextIp();
    await expect(otp.send(phone, ip)).rejects.toMatchObject({ code: 'OTP_SEND_FAIL' });
    await expect(otp.send(phone, ip)).rejects.toMatchObject({ code: 'OTP_SEND_FAIL' });
  });

  it('answers OTP_VERIFIED only to the client that sends back its verified token, within 30 minutes', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken, otpRef } = (await sendOtp(t.app, phone, ip)).json();
    await verify(otpToken, (await latestSms(t.app, phone))!.code, ip);

    later(10 * 60_000);
    const again = await post(t.app, '/api/otp/send', { phoneNumber: phone, otpToken }, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ otpRef, otpToken, code: 'OTP_VERIFIED' });
    // Anyone else, from the same address (a carrier NAT) or another, learns nothing: a fresh code goes to the phone.
    const sameAddress = await sendOtp(t.app, phone, ip);
    expect(sameAddress.json()).toMatchObject({ code: 'OK', otpToken: expect.not.stringMatching(otpToken) });
    later(11 * 60_000 + 61_000);
    expect((await post(t.app, '/api/otp/send', { phoneNumber: phone, otpToken: 'a-token-of-nothing' }, ip)).json()).toMatchObject({ code: 'OK' });

    later(31 * 60_000);
    expect((await post(t.app, '/api/otp/send', { phoneNumber: phone, otpToken }, ip)).json()).toMatchObject({ code: 'OK' });
  });

  it('answers OTP_VERIFIED to a second verify of the same code', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const { otpToken } = (await sendOtp(t.app, phone, ip)).json();
    const { code } = (await latestSms(t.app, phone))!;
    await verify(otpToken, code, ip);
    expect((await verify(otpToken, code, ip)).json()).toEqual({ message: 'OTP_VERIFIED' });
  });

  it.each([
    ['a registered phone', async (): Promise<string> => (await seedMember(t.app)).username, 409, 'EXISTING_USER'],
    ['a phone of 9 digits', async (): Promise<string> => '081234567', 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a phone not starting with 0', async (): Promise<string> => '8123456789', 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
  ] as const)('refuses to send to %s', async (_name, phoneOf, status, code) => {
    const res = await sendOtp(t.app, await phoneOf(), nextIp());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: code });
  });
});

describe('SMS outside sandbox mode', () => {
  it('refuses to start live without the SMS gateway, saying what to set', () => {
    expect(() => loadConfig({ APP_MODE: 'live' })).toThrow(/SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN/);
  });

  it('posts { to, text } with the bearer token to the gateway, and fails on a non-2xx answer', async () => {
    const seen: { auth?: string; body?: string }[] = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const gateway = new HttpSmsGateway({ url: `http://127.0.0.1:${port}/sms`, token: 'tok' });
      await gateway.send({ to: '+66812345678', text: 'hello 123456', code: '123456' });
      expect(seen[0]).toEqual({ auth: 'Bearer tok', body: JSON.stringify({ to: '+66812345678', text: 'hello 123456' }) });
      status = 503;
      await expect(gateway.send({ to: '+66812345678', text: 'x', code: '1' })).rejects.toBeInstanceOf(SmsFailure);
    } finally {
      server.close();
    }
  });
});
