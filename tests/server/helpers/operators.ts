import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { OperatorRole } from '../../../src/contract';
import { clientHeaders } from './app';

/** A password zxcvbn rates strong. */
export const STRONG_PASSWORD = 'violet-Harbour-71-quietly';

/** The code an authenticator app shows for the secret at the app's current time. */
export const authenticatorCode = (app: FastifyInstance, secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    .generate({ timestamp: app.ctx.clock.now().getTime() + offsetSteps * 30_000 });

export const adminLogin = (app: FastifyInstance, body: { username: string; password: string; code?: string }, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: body, headers: clientHeaders(), remoteAddress: ip });

/** First login of an operator: the password, the enrolment QR's secret, then the code. Returns the session token. */
export async function enrolAndSignIn(app: FastifyInstance, username: string, password: string): Promise<{ token: string; secret: string }> {
  const first = await adminLogin(app, { username, password });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().step).toBe('enrol');
  const { secret } = first.json();
  const signed = await adminLogin(app, { username, password, code: authenticatorCode(app, secret) });
  expect(signed.statusCode, signed.body).toBe(200);
  expect(signed.json().step).toBe('signedIn');
  return { token: signed.json().token, secret };
}

let counter = 0;
/** A new operator with the role, signed in (authenticator enrolled). */
export async function operatorWith(app: FastifyInstance, role: OperatorRole) {
  counter += 1;
  const username = `${role}${counter}${process.pid % 1000}`;
  await app.backOffice.operators.create({ username, name: `${role} operator ${counter}`, role, password: STRONG_PASSWORD }, null);
  const { token, secret } = await enrolAndSignIn(app, username, STRONG_PASSWORD);
  return { username, token, secret, ...adminClient(app, token) };
}

/** Domain verbs for back-office tests: each is one console action. */
export function adminClient(app: FastifyInstance, token: string) {
  const headers = (extra: Record<string, string> = {}) => clientHeaders(token, extra);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object = {}, extra: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers: headers(extra) });
  return {
    get,
    post,
    withdrawals: (status = 'queued') => get(`/api/admin/withdrawals?status=${status}`),
    approveWithdrawal: (id: string) => post(`/api/admin/withdrawals/${id}/approve`),
    rejectWithdrawal: (id: string, reason: string) => post(`/api/admin/withdrawals/${id}/reject`, { reason }),
    markPaid: (id: string) => post(`/api/admin/withdrawals/${id}/paid`, {}),
    slips: (status = 'PENDING') => get(`/api/admin/slips?status=${status}`),
    slip: (id: string) => get(`/api/admin/slips/${id}`),
    approveSlip: (id: string, amount: number) => post(`/api/admin/slips/${id}/approve`, { amount }),
    rejectSlip: (id: string, reason: string) => post(`/api/admin/slips/${id}/reject`, { reason }),
    propose: (body: { memberId: number; direction: 'credit' | 'debit'; amount: number; reason: string }, key: string = randomUUID()) =>
      post('/api/admin/adjustments', body, { 'idempotency-key': key }),
    approveAdjustment: (id: string) => post(`/api/admin/adjustments/${id}/approve`),
    rejectAdjustment: (id: string) => post(`/api/admin/adjustments/${id}/reject`),
    members: (q: string) => get(`/api/admin/members?q=${encodeURIComponent(q)}`),
    member: (id: number) => get(`/api/admin/members/${id}`),
    memberLedger: (id: number) => get(`/api/admin/members/${id}/ledger`),
    lock: (id: number, reason = 'fraud check') => post(`/api/admin/members/${id}/lock`, { reason }),
    unlock: (id: number) => post(`/api/admin/members/${id}/unlock`),
    resetPassword: (id: number) => post(`/api/admin/members/${id}/password`),
    service: (active: boolean) => app.inject({ method: 'PUT', url: '/api/admin/service', payload: { active }, headers: headers() }),
    audit: (query = '') => get(`/api/admin/audit${query}`),
  };
}
