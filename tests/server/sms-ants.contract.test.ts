import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsFailure } from '../../src/server/providers/sms';
import { AntsSmsGateway } from '../../src/server/providers/sms/ants';
import { ANTS_HTTP_REFUSALS, ANTS_STATUSES, antsAccepted, antsAnswer, startAnts } from './helpers/ants-stand-in';
import { adapterHeaders, type StandIn, type StandInReply } from './helpers/stand-in';

// Contract test: our request byte for byte against ANTS's Send Message (English v1.0.0), and our
// reading of every status its "Status and Error codes" lists. The OTP text is ours.
describe('ANTS (API v1.0.0) gateway', () => {
  let standIn: StandIn;
  let reply: StandInReply = antsAccepted('66812345678');
  beforeAll(async () => {
    standIn = await startAnts('ants-user', 'ants-pass', () => reply);
  });
  afterAll(() => standIn.close());

  const gateway = (password = 'ants-pass') =>
    new AntsSmsGateway({ url: standIn.url, username: 'ants-user', password, sender: 'WALLET', timeoutMs: 300 });
  const text = 'รหัส OTP ของคุณคือ 123456 (Ref: ABCD) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น';
  const message = { to: '+66812345678', text, code: '123456' };

  it('posts { messages: [{ from, destinations: [{ to }], text }] } as JSON to /sms/send with basic auth', async () => {
    reply = antsAccepted('66812345678');
    const before = standIn.requests.length;
    await gateway().send(message);
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/sms/send');
    expect(adapterHeaders(request)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Basic ${Buffer.from('ants-user:ants-pass').toString('base64')}`,
    });
    // The Thai text travels as UTF-8, unescaped: the bytes JSON.stringify writes.
    expect(request.body).toBe(`{"messages":[{"from":"WALLET","destinations":[{"to":"66812345678"}],"text":"${text}"}]}`);
  });

  it('writes a Lao number in international format too', async () => {
    reply = antsAccepted('8562055512345');
    const before = standIn.requests.length;
    await gateway().send({ ...message, to: '+8562055512345' });
    expect(JSON.parse(standIn.requests[before].body).messages[0].destinations).toEqual([{ to: '8562055512345' }]);
  });

  it.each([
    ['PENDING 101 (accepted)', () => antsAccepted('66812345678')],
    ['PENDING 000 (acknowledged)', () => antsAnswer('66812345678', ANTS_STATUSES.acknowledged)],
    ['PENDING 102 (processed)', () => antsAnswer('66812345678', ANTS_STATUSES.processed)],
    ['ACCEPTED', () => antsAnswer('66812345678', ANTS_STATUSES.accepted)],
    ['DELIVERED 000', () => antsAnswer('66812345678', ANTS_STATUSES.delivered)],
    ['COMPLETED', () => antsAnswer('66812345678', ANTS_STATUSES.completed)],
  ])('counts %s as sent', async (_, answer) => {
    reply = answer();
    await expect(gateway().send(message)).resolves.toBeUndefined();
  });

  it.each([
    ['UNDELIVERED 204', () => antsAnswer('66812345678', ANTS_STATUSES.systemError), /did not take the message: UNDELIVERED 204 \(ANTS system error, send again\)$/],
    ['UNDELIVERED 206', () => antsAnswer('66812345678', ANTS_STATUSES.malformed), /UNDELIVERED 206 \(malformed request\)$/],
    ['UNDELIVERED 207', () => antsAnswer('66812345678', ANTS_STATUSES.authentication), /UNDELIVERED 207 \(authentication failed\)$/],
    ['UNDELIVERED 208', () => antsAnswer('66812345678', ANTS_STATUSES.blocked), /UNDELIVERED 208 \(service blocked\)$/],
    ['EXPIRED', () => antsAnswer('66812345678', ANTS_STATUSES.expired), /did not take the message: EXPIRED \(Message is expired\.\)$/],
    ['REJECTED', () => antsAnswer('66812345678', ANTS_STATUSES.rejected), /did not take the message: REJECTED \(Message is rejected\.\)$/],
    ['a code the readable tables do not list', () => antsAnswer('66812345678', { code: '209', name: 'UNDELIVERED', description: 'as ANTS words it' }), /UNDELIVERED 209 \(as ANTS words it\)$/],
    ['a status the document does not list', () => antsAnswer('66812345678', { code: '000', name: 'QUEUED' }), /unknown status QUEUED 000/],
    ['an answer for another number', () => antsAccepted('66899999999'), /did not list the number/],
    ['401', () => ANTS_HTTP_REFUSALS.unauthorized, /ANTS answered 401 \(unauthorized: wrong username or password\)$/],
    ['429', () => ANTS_HTTP_REFUSALS.tooManyRequests, /ANTS answered 429 \(too many requests\)$/],
    ['its own failure, an HTML page', (): StandInReply => ({ status: 502, text: '<html>bad gateway</html>' }), /ANTS answered 502$/],
    ['no answer in time', (): StandInReply => 'hang', /no answer from ANTS/],
  ])('fails the send (SmsFailure) on %s, naming it', async (_, answer, detail) => {
    reply = answer();
    const sent = gateway().send(message);
    await expect(sent).rejects.toBeInstanceOf(SmsFailure);
    await expect(sent).rejects.toThrow(detail);
  });

  it('is refused with a wrong password, as the service does', async () => {
    reply = antsAccepted('66812345678');
    await expect(gateway('wrong').send(message)).rejects.toThrow(/answered 401/);
  });
});
