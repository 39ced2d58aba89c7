import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

const NUL = '\u0000';

describe.each(engines)('NUL bytes in strings on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
    token = (await seedMember(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const member = () => clientHeaders(token);
  const cases: [string, () => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> }][] = [
    ['a slip reference (path)', () => ({ method: 'GET', url: '/api/statement/slip/reference/REF%00123', headers: member() })],
    ['a profile name (body)', () => ({
      method: 'PUT', url: '/api/account/profile', headers: member(),
      payload: { name: `Somchai${NUL}`, bankCode: 'SCB', bankAccountName: 'TEST MEMBER', bankAccountNo: '1234567890' },
    })],
    ['the sandbox SMS phone (query)', () => ({ method: 'GET', url: '/api/sandbox/sms?phone=08%0012345678' })],
    ['a login phone', () => ({ method: 'POST', url: '/api/login', payload: { username: `0812345${NUL}678`, password: 'secret123' } })],
    ['an OTP phone', () => ({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: `081234567${NUL}` } })],
    ['a registration source code', () => ({
      method: 'POST', url: '/api/account/validate',
      payload: { name: 'Somchai', username: '0812345678', password: 'secret123', sourceCode: `FACEBOOK${NUL}` },
    })],
    ['a key of a body object', () => ({ method: 'POST', url: '/api/login', payload: { username: '0812345678', password: 'secret123', [`x${NUL}`]: 1 } })],
  ];

  it.each(cases)('refuses %s as INVALID_INPUT, never a 5xx', async (_name, request) => {
    const res = await t.app.inject(request());
    expect(res.json()).toEqual({ message: 'INVALID_INPUT' });
    expect(res.statusCode).toBe(400);
  });
});
