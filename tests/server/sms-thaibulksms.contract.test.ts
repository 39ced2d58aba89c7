import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsFailure } from '../../src/server/providers/sms';
import { ThaiBulkSmsGateway } from '../../src/server/providers/sms/thaibulksms';
import { adapterHeaders, type StandIn, type StandInReply } from './helpers/stand-in';
import { THAIBULK_ERRORS, startThaiBulkSms, thaiBulkBadNumber, thaiBulkSent } from './helpers/thaibulksms-stand-in';

// Contract test: our request byte for byte against ThaiBulkSMS API v2's send-SMS shape, and our
// reading of every answer. The OTP text is ours; the gateway only carries it.
describe('ThaiBulkSMS (API v2) gateway', () => {
  let standIn: StandIn;
  let reply: StandInReply = thaiBulkSent('66812345678');
  beforeAll(async () => {
    standIn = await startThaiBulkSms('tbs-key', 'tbs-secret', () => reply);
  });
  afterAll(() => standIn.close());

  const gateway = (options: { secret?: string; sender?: string; force?: 'standard' | 'corporate' } = {}) =>
    new ThaiBulkSmsGateway({ url: standIn.url, apiKey: 'tbs-key', apiSecret: options.secret ?? 'tbs-secret', sender: options.sender, force: options.force, timeoutMs: 300 });
  const text = 'รหัส OTP ของคุณคือ 123456 (Ref: ABCD) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น';
  const message = { to: '+66812345678', text, code: '123456' };
  /** application/x-www-form-urlencoded as the WHATWG URL standard writes it: only *-._ and alphanumerics stay, a space is +. */
  const formEncoded = (value: string) =>
    encodeURIComponent(value).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');

  it('posts the form msisdn, message, sender, force to /sms with basic auth', async () => {
    reply = thaiBulkSent('66812345678');
    const before = standIn.requests.length;
    await gateway({ sender: 'WALLET', force: 'corporate' }).send(message);
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/sms');
    expect(adapterHeaders(request)).toEqual({
      authorization: `Basic ${Buffer.from('tbs-key:tbs-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(request.body).toBe(`msisdn=66812345678&message=${formEncoded(text)}&sender=WALLET&force=corporate`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ msisdn: '66812345678', message: text, sender: 'WALLET', force: 'corporate' });
  });

  it('leaves sender and force to the account when they are not configured', async () => {
    reply = thaiBulkSent('66812345678');
    const before = standIn.requests.length;
    await gateway().send(message);
    expect([...new URLSearchParams(standIn.requests[before].body).keys()]).toEqual(['msisdn', 'message']);
  });

  it.each([
    ['a number it refuses', () => thaiBulkBadNumber('66812345678'), /refused the number: Invalid phone number/],
    ['a success that does not list the number', () => thaiBulkSent('66899999999'), /did not list the number/],
    ['wrong credentials', () => THAIBULK_ERRORS.unauthorized, /answered 401 \(401 UNAUTHORIZED\)/],
    ['a sender not approved', () => THAIBULK_ERRORS.badSender, /answered 400 \(106 ERROR_SENDER_NAME\)/],
    ['no credit left', () => THAIBULK_ERRORS.noCredit, /answered 400 \(109 ERROR_CREDIT_NOT_ENOUGH\)/],
    ['its own failure', () => THAIBULK_ERRORS.serverError, /answered 500/],
    ['an HTML page', (): StandInReply => ({ status: 502, text: '<html>bad gateway</html>' }), /answered 502$/],
    ['no answer in time', (): StandInReply => 'hang', /SMS not sent/],
  ])('fails the send (SmsFailure) on %s', async (_, answer, detail) => {
    reply = answer();
    const sent = gateway().send(message);
    await expect(sent).rejects.toBeInstanceOf(SmsFailure);
    await expect(sent).rejects.toThrow(detail);
  });

  it('is refused with a wrong secret, as the service does', async () => {
    reply = thaiBulkSent('66812345678');
    await expect(gateway({ secret: 'wrong' }).send(message)).rejects.toThrow(/answered 401/);
  });
});
