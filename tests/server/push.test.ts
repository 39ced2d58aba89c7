import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import la from '../../locales/la.json';
import th from '../../locales/th.json';
import { endpoints, PUSH_SUBSCRIPTIONS_PER_MEMBER, type Locale } from '../../src/contract';
import { HeldBonuses } from '../../src/server/modules/promotions/member-bonus';
import { PushKeys } from '../../src/server/modules/push/keys';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { chatClient, operatorClient } from './helpers/chat';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};
const TEXTS = { th: th.push, la: la.push, en: en.push };

/** A browser's side of a subscription: the P-256 key pair and auth secret the payload is encrypted to. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on this machine: records each push and answers 201, or the status set for a path. */
async function localPushService() {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, statuses, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(engines)('web push on %s', (engine) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof localPushService>>;
  let n = 0;
  beforeAll(async () => {
    t = await build(engine);
    service = await localPushService();
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  /** A device of a member, subscribed to the local push service. */
  async function subscribed(member: { token: string }, language: Locale = 'en') {
    const device = deviceKeys();
    const endpoint = `${service.base}/push/${++n}?token=${randomBytes(8).toString('hex')}`;
    const res = await contractCaller(t.app, member.token)(endpoints.pushSubscribe, { body: { endpoint, keys: device.keys, language } });
    expect(res.statusCode).toBe(200);
    return { ...device, endpoint, path: new URL(endpoint).pathname + new URL(endpoint).search };
  }
  /** The pushes the local service received for a device, decrypted. */
  const pushesTo = (device: { path: string; ecdh: ECDH; authSecret: Buffer }) =>
    service.received.filter((r) => r.path === device.path).map((r) => ({
      headers: r.headers,
      payload: JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8')) as Record<string, unknown>,
    }));
  const rows = (memberId: number) => t.app.ctx.db.selectFrom('push_subscription').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

  it("answers the sandbox's key, made once and kept in the database; two nodes starting at once agree on one", async () => {
    const m = await seedMember(t.app);
    const res = await contractCaller(t.app, m.token)(endpoints.pushKey);
    expect(res.statusCode).toBe(200);
    const { enabled, publicKey } = res.answer();
    expect(enabled).toBe(true);
    expect(Buffer.from(publicKey!, 'base64url')).toHaveLength(65);
    const stored = await t.app.ctx.db.selectFrom('push_vapid').selectAll().execute();
    expect(stored.map((r) => r.public_key)).toEqual([publicKey]);
    expect(JSON.stringify(res.json())).not.toContain(stored[0].private_key);

    // A fresh database, two nodes' key readers at once: one pair.
    await t.app.ctx.db.deleteFrom('push_vapid').execute();
    try {
      const config = { sandbox: true, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
      const [a, b] = await Promise.all([new PushKeys(t.app.ctx.db, config).keys(), new PushKeys(t.app.ctx.db, config).keys()]);
      expect(a).toEqual(b);
      expect(await t.app.ctx.db.selectFrom('push_vapid').select('public_key').execute()).toEqual([{ public_key: a!.publicKey }]);
    } finally {
      await t.app.ctx.db.deleteFrom('push_vapid').execute();
      await t.app.ctx.db.insertInto('push_vapid').values({ public_key: stored[0].public_key, private_key: stored[0].private_key, subject: stored[0].subject }).execute();
    }
  });

  it('keeps, moves and forgets subscriptions: only the caller\'s own, at most a few per member', async () => {
    const a = await seedMember(t.app);
    const b = await seedMember(t.app);
    const device = await subscribed(a, 'th');
    expect(await rows(a.id)).toMatchObject([{ endpoint: device.endpoint, language: 'th', p256dh: device.keys.p256dh }]);

    // The same device again, in Lao: one row, its language follows.
    await contractCaller(t.app, a.token)(endpoints.pushSubscribe, { body: { endpoint: device.endpoint, keys: device.keys, language: 'la' } });
    expect(await rows(a.id)).toMatchObject([{ endpoint: device.endpoint, language: 'la' }]);

    // Another member cannot remove it...
    expect((await contractCaller(t.app, b.token)(endpoints.pushUnsubscribe, { body: { endpoint: device.endpoint } })).json()).toEqual({ message: 'OK' });
    expect(await rows(a.id)).toHaveLength(1);
    // ...but subscribing on the same phone moves it to them.
    await contractCaller(t.app, b.token)(endpoints.pushSubscribe, { body: { endpoint: device.endpoint, keys: device.keys, language: 'en' } });
    expect(await rows(a.id)).toHaveLength(0);
    expect(await rows(b.id)).toMatchObject([{ endpoint: device.endpoint, language: 'en' }]);
    expect((await contractCaller(t.app, b.token)(endpoints.pushUnsubscribe, { body: { endpoint: device.endpoint } })).statusCode).toBe(200);
    expect(await rows(b.id)).toHaveLength(0);

    // A sixth device drops the oldest.
    const devices = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_MEMBER; i++) devices.push(await subscribed(a));
    expect((await rows(a.id)).map((r) => r.endpoint)).toEqual(devices.slice(1).map((d) => d.endpoint));
  });

  it('refuses bad subscriptions with a code, never a 5xx', async () => {
    const m = await seedMember(t.app);
    const good = deviceKeys().keys;
    const endpoint = `${service.base}/push/bad`;
    const bytes = (count: number) => randomBytes(count).toString('base64url');
    const cases: [string, object, string][] = [
      ['a NUL byte', { endpoint: `${endpoint}\u0000x`, keys: good, language: 'en' }, 'INVALID_INPUT'],
      ['a huge endpoint', { endpoint: `${endpoint}/${'a'.repeat(5000)}`, keys: good, language: 'en' }, 'INVALID_INPUT'],
      ['a huge key', { endpoint, keys: { ...good, p256dh: 'A'.repeat(100_000) }, language: 'en' }, 'INVALID_INPUT'],
      ['another language', { endpoint, keys: good, language: 'fr' }, 'INVALID_INPUT'],
      ['no keys', { endpoint, language: 'en' }, 'INVALID_INPUT'],
      ['not an address', { endpoint: 'not a url', keys: good, language: 'en' }, 'PUSH_ENDPOINT_INVALID'],
      ['javascript:', { endpoint: 'javascript:alert(1)', keys: good, language: 'en' }, 'PUSH_ENDPOINT_INVALID'],
      ['credentials in the address', { endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x', keys: good, language: 'en' }, 'PUSH_ENDPOINT_INVALID'],
      ['p256dh of 64 bytes', { endpoint, keys: { ...good, p256dh: bytes(64) }, language: 'en' }, 'PUSH_KEYS_INVALID'],
      ['p256dh off the curve', { endpoint, keys: { ...good, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') }, language: 'en' }, 'PUSH_KEYS_INVALID'],
      ['auth of 15 bytes', { endpoint, keys: { ...good, auth: bytes(15) }, language: 'en' }, 'PUSH_KEYS_INVALID'],
      ['auth not base64url', { endpoint, keys: { ...good, auth: '!!!!!!!!!!!!!!!!!!!!!!' }, language: 'en' }, 'PUSH_KEYS_INVALID'],
    ];
    for (const [what, body, code] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: endpoints.pushSubscribe.path, headers: clientHeaders(m.token), payload: body });
      expect({ what, status: res.statusCode, body: res.json() }).toEqual({ what, status: 400, body: { message: code } });
    }
    const bad = await t.app.inject({ method: 'DELETE', url: endpoints.pushUnsubscribe.path, headers: clientHeaders(m.token), payload: { endpoint: 'x'.repeat(2000) } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'INVALID_INPUT' }]);
    // Member endpoints: the token and the client marker.
    expect((await t.app.inject({ method: 'GET', url: endpoints.pushKey.path, headers: clientHeaders() })).json()).toEqual({ message: 'invalid-token' });
    expect((await t.app.inject({ method: 'GET', url: endpoints.pushKey.path, headers: { authorization: `Bearer ${m.token}` } })).json()).toEqual({ message: 'CLIENT_REQUIRED' });
    expect(await rows(m.id)).toEqual([]);
  });

  it("sends a credited deposit, encrypted, to each device in its language, once however often its key is replayed; the sandbox outbox lists it", async () => {
    const m = await seedMember(t.app);
    const lao = await subscribed(m, 'la');
    const thai = await subscribed(m, 'th');
    const call = contractCaller(t.app, m.token);
    const key = `fund-${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 3; i++) expect((await call(endpoints.sandboxWalletFund, { body: { amount: 1234.5 }, key })).statusCode).toBe(200);
    await t.app.push.settled();

    const [toLao] = pushesTo(lao);
    expect(pushesTo(lao)).toHaveLength(1);
    expect(pushesTo(thai)).toHaveLength(1);
    expect(toLao.headers['content-encoding']).toBe('aes128gcm');
    expect(toLao.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(Number(toLao.headers.ttl)).toBeGreaterThan(0);
    expect(toLao.payload).toEqual({
      title: TEXTS.la.deposit.credited.title,
      body: TEXTS.la.deposit.credited.body.replace('{{amount}}', '1,234.50').replace('{{currency}}', 'ບາດ'),
      url: '/user/home',
      tag: 'deposit',
    });
    expect(Object.keys(toLao.payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
    expect(pushesTo(thai)[0].payload.body).toBe(TEXTS.th.deposit.credited.body.replace('{{amount}}', '1,234.50').replace('{{currency}}', 'บาท'));

    const outbox = await t.app.inject({ method: 'GET', url: `${endpoints.sandboxPush.path}?phone=${m.username}` });
    expect(outbox.statusCode).toBe(200);
    const messages = outbox.json().messages as { language: string; body: string; status: string; service: string }[];
    expect(messages.map((x) => [x.language, x.status]).sort()).toEqual([['la', 'sent'], ['th', 'sent']]);
    expect(messages.every((x) => x.service === service.base)).toBe(true);
    expect(JSON.stringify(messages)).not.toContain('token=');
  });

  it("tells a bank transfer's credit, a paid withdrawal, an operator's chat answer (not the member's own message) and a completed bonus", async () => {
    const m = await seedMember(t.app);
    const { bank_account_no } = await t.app.ctx.db.selectFrom('member').select('bank_account_no').where('id', '=', m.id).executeTakeFirstOrThrow();
    const device = await subscribed(m, 'en');
    const arrival = await t.app.inject({ method: 'POST', url: endpoints.sandboxBankArrival.path, payload: { amount: 500, senderBank: 'SCB', senderAccount: bank_account_no } });
    expect(arrival.json()).toMatchObject({ status: 'credited' });
    await t.app.push.settled();
    expect(pushesTo(device).map((p) => p.payload)).toEqual([{ title: 'Deposit received', body: '500.00 baht is now in your wallet.', url: '/user/home', tag: 'deposit' }]);

    await fundWallet(t.app, m.id, 1000);
    expect((await contractCaller(t.app, m.token)(endpoints.walletWithdraw, { body: { amount: 300 } })).statusCode).toBe(200);
    await t.app.push.settled();
    expect(pushesTo(device).at(-1)!.payload).toEqual({ title: 'Withdrawal paid', body: '300.00 baht has been sent to your bank account.', url: '/user/statement', tag: 'withdrawal' });

    const before = pushesTo(device).length;
    expect((await chatClient(t.app, { token: m.token }).sendText('hello')).statusCode).toBe(200);
    await t.app.push.settled();
    expect(pushesTo(device)).toHaveLength(before);
    const conversation = await t.app.ctx.db.selectFrom('chat_conversation').select('id').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    const { token } = await operatorWith(t.app, 'support');
    expect((await operatorClient(t.app, token).reply(conversation.id, { message_type: 'text', payload: 'Hi!' })).statusCode).toBe(200);
    await t.app.push.settled();
    expect(pushesTo(device).at(-1)!.payload).toEqual({ title: en.push.chat.answered.title, body: en.push.chat.answered.body, url: '/user/contact', tag: 'chat' });

    const bonus = await t.app.ctx.db.insertInto('member_bonus').values({ member_id: m.id, code: 'TEST', status: 'active', ended_at: null, amount: 5000n }).returning('id').executeTakeFirstOrThrow();
    const held = new HeldBonuses(t.app.wallet.money, t.app.ctx.clock);
    await t.app.wallet.money.step((step) => held.end(step, bonus.id, 'completed'));
    await t.app.push.settled();
    expect(pushesTo(device).at(-1)!.payload).toMatchObject({ title: 'Bonus complete', url: '/user/bonus', tag: 'bonus' });
    expect(pushesTo(device).at(-1)!.payload.body).toContain('50.00 baht');
  });

  it('forgets a subscription its push service says is gone (410), and a failing one never fails the money', async () => {
    const m = await seedMember(t.app);
    const gone = await subscribed(m);
    const failing = await subscribed(m);
    service.statuses.set(gone.path, 410);
    service.statuses.set(failing.path, 500);
    const res = await contractCaller(t.app, m.token)(endpoints.sandboxWalletFund, { body: { amount: 10 } });
    expect(res.statusCode).toBe(200);
    await t.app.push.settled();
    expect(pushesTo(gone)).toHaveLength(1);
    expect((await rows(m.id)).map((r) => r.endpoint)).toEqual([failing.endpoint]);
    const outbox = (await t.app.inject({ method: 'GET', url: `${endpoints.sandboxPush.path}?phone=${m.username}` })).json().messages as { status: string }[];
    expect(outbox.map((x) => x.status).sort()).toEqual(['failed', 'gone']);
  });
});

describe.each(engines)('web push of a refused withdrawal on %s', (engine) => {
  it('tells withdrawal.refused, in Thai, opening the statement', async () => {
    const t = await build(engine, { PAYOUT_ADAPTER: 'manual' });
    const service = await localPushService();
    try {
      const m = await seedMember(t.app);
      const device = deviceKeys();
      const endpoint = `${service.base}/push/refused`;
      await contractCaller(t.app, m.token)(endpoints.pushSubscribe, { body: { endpoint, keys: device.keys, language: 'th' } });
      await fundWallet(t.app, m.id, 1000);
      expect((await contractCaller(t.app, m.token)(endpoints.walletWithdraw, { body: { amount: 250 } })).statusCode).toBe(200);
      const w = await t.app.ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.id).executeTakeFirstOrThrow();
      expect(await t.app.wallet.withdrawals.finish(w.id, 'rejected', 'operator', undefined, ['paying'])).toBe(true);
      // Ending it again ends nothing and tells nothing.
      expect(await t.app.wallet.withdrawals.finish(w.id, 'rejected', 'operator', undefined, ['paying'])).toBe(false);
      await t.app.push.settled();
      const payloads = service.received.map((r) => JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8')));
      expect(payloads).toEqual([{
        title: TEXTS.th.withdrawal.refused.title,
        body: TEXTS.th.withdrawal.refused.body.replace('{{amount}}', '250.00').replace('{{currency}}', 'บาท'),
        url: '/user/statement',
        tag: 'withdrawal',
      }]);
    } finally {
      await t.close();
      await service.close();
    }
  });
});

describe.each(engines)('web push in live mode on %s', (engine) => {
  const LIVE = {
    APP_MODE: 'live', SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't',
    GAME_PROVIDER_URL: 'https://games.example', GAME_PROVIDER_SECRET: 's', TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000',
    SLIP_VERIFY_URL: 'https://slips.example', SLIP_VERIFY_TOKEN: 't', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
  };

  it('without VAPID keys: push is off, and subscribing is PUSH_OFF', async () => {
    const t = await build(engine, LIVE);
    try {
      const m = await seedMember(t.app);
      const call = contractCaller(t.app, m.token);
      expect((await call(endpoints.pushKey)).json()).toEqual({ enabled: false, publicKey: null });
      const res = await call(endpoints.pushSubscribe, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: deviceKeys().keys, language: 'th' } });
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'PUSH_OFF' }]);
      expect(await t.app.ctx.db.selectFrom('push_vapid').selectAll().execute()).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: endpoints.sandboxPush.path })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("with VAPID keys: the configured key; only an https address of a known push service", async () => {
    const vapid = webpush.generateVAPIDKeys();
    const t = await build(engine, { ...LIVE, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@wallet.example' });
    try {
      const m = await seedMember(t.app);
      const call = contractCaller(t.app, m.token);
      expect((await call(endpoints.pushKey)).json()).toEqual({ enabled: true, publicKey: vapid.publicKey });
      const keys = deviceKeys().keys;
      for (const endpoint of ['http://fcm.googleapis.com/fcm/send/abc', 'https://127.0.0.1/push', 'https://fcm.googleapis.com.evil.example/x', 'https://fcm.googleapis.com:8443/x']) {
        expect((await call(endpoints.pushSubscribe, { body: { endpoint, keys, language: 'th' } })).json()).toEqual({ message: 'PUSH_ENDPOINT_INVALID' });
      }
      for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://web.push.apple.com/QGx', 'https://updates.push.services.mozilla.com/wpush/v2/x']) {
        expect((await call(endpoints.pushSubscribe, { body: { endpoint, keys: deviceKeys().keys, language: 'th' } })).json()).toEqual({ message: 'OK' });
      }
    } finally {
      await t.close();
    }
  });
});
