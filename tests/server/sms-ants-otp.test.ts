import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, nextIp, nextPhone, post, register, registration } from './helpers/accounts';
import { build, type TestApp } from './helpers/app';
import { ANTS_STATUSES, antsAccepted, antsAnswer, startAnts } from './helpers/ants-stand-in';
import { engines } from './helpers/db';
import { liveEnv } from './helpers/live-env';
import type { StandIn, StandInReply } from './helpers/stand-in';

/** The destination our last request to the stand-in named. */
const lastDestination = (ants: StandIn): string => JSON.parse(ants.requests.at(-1)!.body).messages[0].destinations[0].to;
const lastText = (ants: StandIn): string => JSON.parse(ants.requests.at(-1)!.body).messages[0].text;

/**
 * A live-mode app with SMS_PROVIDER=ants, its variables only (README, Going live): a member asks
 * for a code at the OTP endpoint, ANTS (a stand-in answering as its document does) carries the
 * text, and the member registers with the code the text holds. A refusal ANTS names is
 * OTP_SEND_FAIL, and the member may ask again at once.
 */
describe.each(engines)('OTP through ANTS on %s', (engine) => {
  let t: TestApp;
  let ants: StandIn;
  let reply: () => StandInReply = () => antsAccepted(lastDestination(ants));

  beforeAll(async () => {
    ants = await startAnts('ants-user', 'ants-pass', () => reply());
    t = await build(engine, {
      ...liveEnv({ omg: 'http://127.0.0.1:9' }),
      SMS_PROVIDER: 'ants', ANTS_API_URL: ants.url, ANTS_USERNAME: 'ants-user', ANTS_PASSWORD: 'ants-pass', ANTS_SENDER: 'WALLET',
    });
  });
  afterAll(async () => {
    await t.close();
    await ants.close();
  });

  it('delivers the code a member registers with', async () => {
    reply = () => antsAccepted(lastDestination(ants));
    const ip = nextIp();
    const body = registration();
    const sent = await post(t.app, '/api/otp/send', { phoneNumber: body.username }, ip);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(lastDestination(ants)).toBe(`66${body.username.slice(1)}`);
    expect(JSON.parse(ants.requests.at(-1)!.body).messages[0].from).toBe('WALLET');
    const code = /\b(\d{6})\b/.exec(lastText(ants))?.[1];
    expect(code, lastText(ants)).toBeDefined();
    expect((await post(t.app, '/api/otp/verify', { otpToken: sent.json().otpToken, otpCode: code }, ip)).statusCode).toBe(200);
    expect((await register(t.app, { ...body, otpToken: sent.json().otpToken }, ip)).statusCode).toBe(200);
    expect((await login(t.app, body.username, body.password, ip)).statusCode).toBe(200);
  });

  it('answers OTP_SEND_FAIL when ANTS rejects the message, and lets the member ask again at once', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    reply = () => antsAnswer(lastDestination(ants), ANTS_STATUSES.blocked);
    const refused = await post(t.app, '/api/otp/send', { phoneNumber: phone }, ip);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toMatchObject({ message: 'OTP_SEND_FAIL' });
    reply = () => antsAccepted(lastDestination(ants));
    expect((await post(t.app, '/api/otp/send', { phoneNumber: phone }, ip)).statusCode).toBe(200);
  });
});
