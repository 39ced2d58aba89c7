import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { seedMember } from './helpers/members';
import { TEST_PASSWORD_COST } from './helpers/password-cost';

/**
 * Issue 33: the server's log is JSON lines, each line of a request carries its request id, and no
 * secret reaches it: the app logs through a captured stream at `info` while requests carry
 * passwords, bearer tokens, cookies, OTP codes, a push subscription and a token in a query string,
 * and while a module logs objects holding a bank account, a push endpoint and a VAPID key.
 */
describe('structured logs without secrets', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let test: TestDatabase;
  beforeAll(async () => {
    test = await freshDatabase('pglite');
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, RECONCILE_INTERVAL_MS: '0' });
    app = await buildApp({ config, database: test.database, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await test.drop();
  });

  it('logs each request as JSON with its request id, and none of the secrets it carried', async () => {
    const member = await seedMember(app);
    const password = 'Correct-Horse-Battery-9';
    const otpCode = '918273';
    const cookie = 'session=cookie-secret-77aa';
    const endpoint = `https://fcm.googleapis.com/fcm/send/endpoint-secret-${randomBytes(8).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, cookie, 'content-type': 'application/json' };

    const requests = [
      { method: 'POST', url: '/api/login', payload: { username: member.username, password }, headers: { ...headers, 'x-request-id': 'req-login-1' } },
      { method: 'POST', url: '/api/otp/verify', payload: { otpToken: 'otp-token-secret-55', otpCode }, headers: { ...headers, 'x-request-id': 'req-otp-1' } },
      { method: 'PUT', url: '/api/push/subscription', payload: { endpoint, keys, language: 'th' }, headers: { ...headers, authorization: `Bearer ${member.token}`, 'x-request-id': 'req-push-1' } },
      { method: 'GET', url: `/api/wallet?token=${member.token}&code=${otpCode}`, headers: { ...headers, authorization: `Bearer ${member.token}`, 'x-request-id': 'req-query-1' } },
      // A refusal (no client header) is logged with its code.
      { method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${member.token}`, cookie, 'x-request-id': 'req-refused-1' } },
    ] as const;
    for (const r of requests) await app.inject(r as never);
    await app.inject({ method: 'GET', url: '/api/no/such/thing', headers: { 'x-request-id': 'req-missing-1' } });

    const logged = lines.join('');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const id of ['req-login-1', 'req-otp-1', 'req-push-1', 'req-query-1', 'req-refused-1', 'req-missing-1']) {
      const ofRequest = parsed.filter((l) => l.reqId === id);
      // "incoming request", "request completed", and for the refusal its reason, all with the id.
      expect(ofRequest.length, id).toBeGreaterThanOrEqual(2);
      expect(ofRequest.some((l) => l.msg === 'request completed'), id).toBe(true);
    }
    expect(parsed.some((l) => l.reqId === 'req-refused-1' && l.msg === 'request refused')).toBe(true);
    // The URL is logged, its secret query values are not.
    expect(parsed.find((l) => l.reqId === 'req-query-1' && l.req)?.req).toMatchObject({ method: 'GET', url: '/api/wallet?token=redacted&code=redacted' });

    for (const secret of [password, otpCode, 'otp-token-secret-55', member.token, 'cookie-secret-77aa', endpoint, keys.p256dh, keys.auth]) {
      expect(logged, secret).not.toContain(secret);
    }
  });

  it('redacts secrets and masks bank accounts in the objects modules log', () => {
    lines.length = 0;
    const vapid = randomBytes(32).toString('base64url');
    app.log.warn({
      withdrawal: { id: 'w1', bankAccountNo: '9876543210', bank_account_no: '1122334455' },
      subscription: { endpoint: 'https://push.example/secret-endpoint', keys: { p256dh: 'pk', auth: 'auth-secret' } },
      config: { VAPID_PRIVATE_KEY: vapid },
      headers: { authorization: 'Bearer header-secret', cookie: 'c=cookie-secret' },
      password: 'top-level-password', token: 'top-level-token', idempotencyKey: 'key-0001',
    }, 'something to look at');
    app.log.error({ err: Object.assign(new Error('duplicate key'), { detail: 'Key (bank_account_no)=(5566778899) already exists.' }) }, 'failed');
    const logged = lines.join('');
    for (const secret of ['9876543210', '1122334455', '5566778899', 'secret-endpoint', 'auth-secret', vapid, 'header-secret', 'cookie-secret', 'top-level-password', 'top-level-token']) {
      expect(logged, secret).not.toContain(secret);
    }
    const [line, error] = lines.map((l) => JSON.parse(l));
    expect(line.withdrawal).toEqual({ id: 'w1', bankAccountNo: '******3210', bank_account_no: '******4455' });
    // Idempotency keys help trace a request and are kept.
    expect(line.idempotencyKey).toBe('key-0001');
    expect(error.err.detail).toBe('Key (bank_account_no)=(******8899) already exists.');
  });
});
