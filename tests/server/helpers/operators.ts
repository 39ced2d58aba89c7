import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { adminEndpoints as e, type BodyOf, type OperatorRole, type QueryOf } from '../../../src/contract';
import { clientHeaders } from './app';
import { contractCaller } from './contract-call';

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

/** Domain verbs for back-office tests: each is one console action, by its contract entry. */
export function adminClient(app: FastifyInstance, token: string) {
  const headers = (extra: Record<string, string> = {}) => clientHeaders(token, extra);
  const call = contractCaller(app, token);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object = {}, extra: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers: headers(extra) });
  type WithdrawalStatus = NonNullable<QueryOf<typeof e.adminWithdrawals>>['status'];
  type SlipStatus = NonNullable<QueryOf<typeof e.adminSlips>>['status'];
  type Reason = NonNullable<BodyOf<typeof e.adminRejectSlip>>['reason'];
  type RejectReason = NonNullable<BodyOf<typeof e.adminRejectWithdrawal>>['reasonCode'];
  return {
    get,
    post,
    withdrawals: (status: WithdrawalStatus = 'queued') => call(e.adminWithdrawals, { query: { status } }),
    /** The first (or only) approval without a code; the second of two with the approver's authenticator code. */
    approveWithdrawal: (id: string, code?: string) => call(e.adminApproveWithdrawal, { params: { id }, ...(code ? { body: { code } } : {}) }),
    rejectWithdrawal: (id: string, reason?: string, reasonCode?: RejectReason) => call(e.adminRejectWithdrawal, { params: { id }, body: { reason, reasonCode } }),
    markPaid: (id: string) => call(e.adminMarkWithdrawalPaid, { params: { id }, body: {} }),
    slips: (status: SlipStatus = 'PENDING') => call(e.adminSlips, { query: { status } }),
    slip: (id: string) => call(e.adminSlip, { params: { id } }),
    approveSlip: (id: string, amount: number) => call(e.adminApproveSlip, { params: { id }, body: { amount } }),
    rejectSlip: (id: string, reason: string) => call(e.adminRejectSlip, { params: { id }, body: { reason: reason as Reason } }),
    propose: (body: { memberId: number; direction: 'credit' | 'debit'; amount: number; reason: string }, key?: string) =>
      call(e.adminProposeAdjustment, { body, key }),
    approveAdjustment: (id: string) => call(e.adminApproveAdjustment, { params: { id } }),
    rejectAdjustment: (id: string) => call(e.adminRejectAdjustment, { params: { id } }),
    members: (q: string) => call(e.adminMembers, { query: { q } }),
    member: (id: number) => call(e.adminMember, { params: { id } }),
    memberLedger: (id: number) => call(e.adminMemberLedger, { params: { id } }),
    lock: (id: number, reason = 'fraud check') => call(e.adminLockMember, { params: { id }, body: { reason } }),
    unlock: (id: number) => call(e.adminUnlockMember, { params: { id } }),
    resetPassword: (id: number) => call(e.adminResetMemberPassword, { params: { id } }),
    /** Closes the member service now (false, with a reason and the typed word) or reopens it (true). */
    service: (active: boolean) => (active ? call(e.adminReopenService) : call(e.adminCloseService, { body: { reason: 'maintenance', confirmation: 'CLOSE' } })),
    closeService: (body: NonNullable<BodyOf<typeof e.adminCloseService>>) => call(e.adminCloseService, { body }),
    reopenService: () => call(e.adminReopenService),
    cancelServiceSchedule: () => call(e.adminCancelServiceSchedule),
    serviceState: () => call(e.adminService),
    auditFacets: () => call(e.adminAuditFacets),
    audit: (query = '') => get(`/api/admin/audit${query}`),
  };
}
