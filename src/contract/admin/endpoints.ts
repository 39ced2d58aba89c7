import { z } from 'zod';
import { endpoint } from '../endpoint';
import { chatOperatorEndpoints } from '../endpoints/chatOperator';
import { configEndpoints } from './configEndpoints';
import { reportEndpoints } from './reports';
import { saferPlayAdminEndpoints } from './saferPlay';
import { idParam, isoDate, ok } from '../endpoints/common';
import { OPERATOR_REJECT_REASONS } from '../constants';
import { amountInput } from '../money';
import { member360Endpoints, withdrawalListItem } from './member360';
import { ADJUSTMENT_DIRECTIONS, ARRIVAL_STATUSES, OPERATOR_ROLES, SIGN_IN_BURST, SLIP_REJECT_REASONS } from './roles';
import {
  adjustmentItem, arrivalItem, auditItem, ledgerRow, listOf, loginAnswer, memberDetail, memberSummary, operatorView, signInBurst, slipDetail,
  slipItem, withdrawalItem,
} from './schemas';

/** The back office's API (`/api/admin/*`): operators, the money queues, members, the service switch, the audit log. */

const tag = 'admin';
const page = z.coerce.number().int().min(1).default(1);
const idParams = z.object({ id: idParam });
const memberParams = z.object({ id: z.coerce.number().int().positive() });
const note = z.string().trim().min(1).max(500);
const totpCode = z.string().regex(/^\d{6}$/);

export const adminLogin = endpoint({
  method: 'POST', path: '/api/admin/login', access: 'public', tag,
  summary: 'Operator login: password, then the authenticator code (enrolling one on the first login)',
  body: z.object({ username: z.string().trim().min(1).max(50), password: z.string().min(1).max(200), code: totpCode.optional() }),
  response: loginAnswer,
});

export const adminLogout = endpoint({
  method: 'POST', path: '/api/admin/logout', access: 'operator', tag,
  summary: "End the operator's session", response: ok,
});

export const adminMe = endpoint({
  method: 'GET', path: '/api/admin/me', access: 'operator', tag,
  summary: 'The signed-in operator, role and permissions', response: operatorView,
});

export const adminOperators = endpoint({
  method: 'GET', path: '/api/admin/operators', access: 'operator', permission: 'operators.manage', tag,
  summary: 'Every operator', response: z.object({ items: z.array(operatorView) }),
});

export const adminCreateOperator = endpoint({
  method: 'POST', path: '/api/admin/operators', access: 'operator', permission: 'operators.manage', tag,
  summary: 'Create an operator with a role and a first password (refused when weak)',
  body: z.object({
    username: z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{3,50}$/),
    name: z.string().trim().min(1).max(100),
    role: z.enum(OPERATOR_ROLES),
    password: z.string().min(1).max(200),
  }),
  response: operatorView,
});

export const adminSignInFailures = endpoint({
  method: 'GET', path: '/api/admin/operators/sign-in-failures', access: 'operator', permission: 'operators.manage', tag,
  summary: `Bursts of failed operator sign-ins: usernames with at least ${SIGN_IN_BURST.minFailures} failures in the last ${SIGN_IN_BURST.windowMinutes} minutes, most first`,
  response: z.object({ windowMinutes: z.number().int(), items: z.array(signInBurst) }),
});

export const adminWithdrawals = endpoint({
  method: 'GET', path: '/api/admin/withdrawals', access: 'operator', permission: 'money.read', tag,
  summary: 'Withdrawals by status: queued (waiting for approval), paying (waiting for the payout), paid, rejected',
  query: z.object({ status: z.enum(['queued', 'paying', 'paid', 'rejected']).default('queued'), page }),
  response: listOf(withdrawalListItem),
});

export const adminApproveWithdrawal = endpoint({
  method: 'POST', path: '/api/admin/withdrawals/:id/approve', access: 'operator', permission: 'withdrawals.decide', tag,
  summary: 'Approve a queued withdrawal: at or below its four-eyes amount it goes to the payout adapter; above it the first approval is '
    + 'recorded and the second, by an operator of another tree (OWN_APPROVAL) with a fresh authenticator code (APPROVAL_CODE_REQUIRED, '
    + 'APPROVAL_CODE_INVALID), sends it to the payout',
  params: idParams,
  // A request without a body (the first or only approval) reaches the schema as null.
  body: z.object({ code: totpCode.optional().describe("the approver's authenticator code: required for a second approval") }).nullish(),
  response: withdrawalItem,
});

export const adminRejectWithdrawal = endpoint({
  method: 'POST', path: '/api/admin/withdrawals/:id/reject', access: 'operator', permission: 'withdrawals.decide', tag,
  summary: 'Reject a withdrawal not yet paid, with a reason the member reads on the statement: the money returns to the wallet',
  params: idParams,
  body: z.object({
    reasonCode: z.enum(OPERATOR_REJECT_REASONS).default('OTHER').describe('a standard reason, worded for the member in their language'),
    reason: note.optional().describe('the words the member reads with it, plain text; required with OTHER (REASON_REQUIRED)'),
  }),
  response: withdrawalItem,
});

export const adminMarkWithdrawalPaid = endpoint({
  method: 'POST', path: '/api/admin/withdrawals/:id/paid', access: 'operator', permission: 'withdrawals.decide', tag,
  summary: 'Mark a withdrawal paid by hand (manual payout: the operator paid it from the bank)',
  params: idParams, body: z.object({ note: note.optional() }), response: withdrawalItem,
});

export const adminSlips = endpoint({
  method: 'GET', path: '/api/admin/slips', access: 'operator', permission: 'money.read', tag,
  summary: 'Slips by status: PENDING slips wait for an operator',
  query: z.object({ status: z.enum(['PENDING', 'SUCCESS', 'FAILED']).default('PENDING'), page }),
  response: listOf(slipItem),
});

export const adminSlip = endpoint({
  method: 'GET', path: '/api/admin/slips/:id', access: 'operator', permission: 'money.read', tag,
  summary: 'One slip with its image beside the fields read from its QR', params: idParams, response: slipDetail,
});

export const adminApproveSlip = endpoint({
  method: 'POST', path: '/api/admin/slips/:id/approve', access: 'operator', permission: 'slips.decide', tag,
  summary: 'Approve a pending slip for the amount the operator read on it: the wallet is credited once',
  params: idParams, body: z.object({ amount: amountInput.refine((a) => a > 0) }), response: slipItem,
});

export const adminRejectSlip = endpoint({
  method: 'POST', path: '/api/admin/slips/:id/reject', access: 'operator', permission: 'slips.decide', tag,
  summary: 'Reject a pending slip with a reason code the member sees',
  params: idParams, body: z.object({ reason: z.enum(SLIP_REJECT_REASONS) }), response: slipItem,
});

export const adminArrivals = endpoint({
  method: 'GET', path: '/api/admin/arrivals', access: 'operator', permission: 'arrivals.read', tag,
  summary: "Incoming transfers (bank feeds, True Wallet) by status (unmatched ones wait for an operator, with the members' deposit notices that may be them), filtered by reference, sender or amount",
  query: z.object({
    status: z.enum(ARRIVAL_STATUSES).default('unmatched'),
    q: z.string().trim().max(100).optional().describe("part of the reference, the sender's name or account number, or the exact amount"),
    bankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).optional().describe('our receiving bank'),
    page,
  }),
  response: listOf(arrivalItem),
});

export const adminAssignArrival = endpoint({
  method: 'POST', path: '/api/admin/arrivals/:id/assign', access: 'operator', permission: 'arrivals.decide', tag,
  summary: "Assign an unmatched transfer to a member: the member's wallet is credited once (same currency only)",
  params: idParams, body: z.object({ memberId: z.number().int().positive(), note: note.optional() }), response: arrivalItem,
});

export const adminDismissArrival = endpoint({
  method: 'POST', path: '/api/admin/arrivals/:id/dismiss', access: 'operator', permission: 'arrivals.decide', tag,
  summary: 'Dismiss an unmatched transfer with a note (returned to the sender, or ignored): no money moves',
  params: idParams, body: z.object({ note }), response: arrivalItem,
});

export const adminAdjustments = endpoint({
  method: 'GET', path: '/api/admin/adjustments', access: 'operator', permission: 'money.read', tag,
  summary: 'Manual credits and debits by status',
  query: z.object({ status: z.enum(['proposed', 'approved', 'rejected']).default('proposed'), page }),
  response: listOf(adjustmentItem),
});

export const adminProposeAdjustment = endpoint({
  method: 'POST', path: '/api/admin/adjustments', access: 'operator', permission: 'adjustments.manage', tag, idempotent: true,
  summary: 'Propose a manual credit or debit of a member; another operator must approve it',
  body: z.object({
    memberId: z.number().int().positive(),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: amountInput.refine((a) => a > 0),
    reason: note,
  }),
  response: adjustmentItem,
});

export const adminApproveAdjustment = endpoint({
  method: 'POST', path: '/api/admin/adjustments/:id/approve', access: 'operator', permission: 'adjustments.manage', tag,
  summary: "Approve another operator's proposal: the money moves once", params: idParams, response: adjustmentItem,
});

export const adminRejectAdjustment = endpoint({
  method: 'POST', path: '/api/admin/adjustments/:id/reject', access: 'operator', permission: 'adjustments.manage', tag,
  summary: 'Reject a proposal: nothing moves', params: idParams, response: adjustmentItem,
});

export const adminMembers = endpoint({
  method: 'GET', path: '/api/admin/members', access: 'operator', permission: 'members.read', tag,
  summary: 'Search members by phone, name or bank account number',
  query: z.object({ q: z.string().trim().max(100).default(''), page }),
  response: listOf(memberSummary),
});

export const adminMember = endpoint({
  method: 'GET', path: '/api/admin/members/:id', access: 'operator', permission: 'members.read', tag,
  summary: "A member's profile, wallet, game accounts and open sessions", params: memberParams, response: memberDetail,
});

export const adminMemberLedger = endpoint({
  method: 'GET', path: '/api/admin/members/:id/ledger', access: 'operator', permission: 'members.read', tag,
  summary: "A member's ledger history, as the member's statement shows it",
  params: memberParams, query: z.object({ page }), response: listOf(ledgerRow),
});

export const adminLockMember = endpoint({
  method: 'POST', path: '/api/admin/members/:id/lock', access: 'operator', permission: 'members.lock', tag,
  summary: "Lock a member: every session ends and login is refused", params: memberParams, body: z.object({ reason: note }), response: memberSummary,
});

export const adminUnlockMember = endpoint({
  method: 'POST', path: '/api/admin/members/:id/unlock', access: 'operator', permission: 'members.lock', tag,
  summary: 'Unlock a member', params: memberParams, response: memberSummary,
});

export const adminResetMemberPassword = endpoint({
  method: 'POST', path: '/api/admin/members/:id/password', access: 'operator', permission: 'members.password', tag,
  summary: "Give a member a new temporary password (shown once); the member's sessions end",
  params: memberParams, response: z.object({ password: z.string() }),
});

/** The word an operator types to confirm closing the member service (the server checks it too). */
export const SERVICE_CLOSE_WORD = 'CLOSE';

/** A maintenance message members read, in each of the product's languages (any may be left empty). */
const maintenanceMessage = z.object({ th: z.string().trim().max(500), la: z.string().trim().max(500), en: z.string().trim().max(500) });

/**
 * The member service as an operator sees it: `phase` open (no closure ahead), scheduled (a
 * closure ahead: members see its message now), closed (members land on /terminated). `closeAt`
 * and `reopenAt` are the closure's times (null when none; reopenAt null closes until someone reopens).
 */
export const serviceState = z.object({
  active: z.boolean().describe('whether members are served now'),
  phase: z.enum(['open', 'scheduled', 'closed']),
  closeAt: isoDate.nullable(),
  reopenAt: isoDate.nullable(),
  reason: z.string().nullable().describe("the closing operator's reason (operators only)"),
  message: maintenanceMessage.nullable(),
  by: z.string().nullable().describe('the operator who closed or scheduled it'),
  confirmWord: z.string().describe('the word the closing operator types to confirm'),
});

export const adminService = endpoint({
  method: 'GET', path: '/api/admin/service', access: 'operator', tag,
  summary: 'Whether the member service is on, and any closure under way or scheduled', response: serviceState,
});

export const adminCloseService = endpoint({
  method: 'POST', path: '/api/admin/service/close', access: 'operator', permission: 'service.switch', tag,
  summary: `Close the member service now, or schedule it (closeAt) with a maintenance message members see ahead and an optional reopen time; takes a reason and the typed word ${SERVICE_CLOSE_WORD} (CONFIRMATION_MISMATCH otherwise)`,
  body: z.object({
    reason: note,
    confirmation: z.string().max(100).describe(`the word the operator typed: ${SERVICE_CLOSE_WORD}`),
    closeAt: z.iso.datetime({ offset: true }).optional().describe('when to close; now when absent'),
    reopenAt: z.iso.datetime({ offset: true }).optional().describe('when to reopen by itself; never when absent'),
    message: maintenanceMessage.optional(),
  }),
  response: serviceState,
});

export const adminReopenService = endpoint({
  method: 'POST', path: '/api/admin/service/reopen', access: 'operator', permission: 'service.switch', tag,
  summary: 'Reopen the member service now (a closure in force ends; one still ahead stays scheduled); nothing changes when it is open',
  response: serviceState,
});

export const adminCancelServiceSchedule = endpoint({
  method: 'DELETE', path: '/api/admin/service/schedule', access: 'operator', permission: 'service.switch', tag,
  summary: 'Cancel a closure scheduled ahead (NO_SCHEDULE when none is ahead): members stop seeing its message',
  response: serviceState,
});

const dayBound = z.iso.datetime({ offset: true });

export const adminAudit = endpoint({
  method: 'GET', path: '/api/admin/audit', access: 'operator', permission: 'audit.read', tag,
  summary: "The audit log, newest first, filtered by operator, action (exact, or a family when it ends with '.': arrival.), target and time (from inclusive, to exclusive)",
  query: z.object({
    operator: z.string().trim().max(50).optional(),
    action: z.string().trim().max(50).optional(),
    targetId: z.string().trim().max(100).optional(),
    from: dayBound.optional(),
    to: dayBound.optional(),
    page,
  }),
  response: listOf(auditItem),
});

export const adminAuditFacets = endpoint({
  method: 'GET', path: '/api/admin/audit/facets', access: 'operator', permission: 'audit.read', tag,
  summary: "What the audit log's filters offer: the operators and the actions that occur in it, and its first and last time",
  response: z.object({
    operators: z.array(z.string()),
    actions: z.array(z.string()),
    first: isoDate.nullable(),
    last: isoDate.nullable(),
  }),
});

/** Every back-office endpoint, keyed by the name of its typed console call (the support chat's operator side included). */
export const adminEndpoints = {
  adminLogin, adminLogout, adminMe, adminOperators, adminCreateOperator, adminSignInFailures,
  adminWithdrawals, adminApproveWithdrawal, adminRejectWithdrawal, adminMarkWithdrawalPaid,
  adminSlips, adminSlip, adminApproveSlip, adminRejectSlip,
  adminArrivals, adminAssignArrival, adminDismissArrival,
  adminAdjustments, adminProposeAdjustment, adminApproveAdjustment, adminRejectAdjustment,
  adminMembers, adminMember, adminMemberLedger, adminLockMember, adminUnlockMember, adminResetMemberPassword,
  adminService, adminCloseService, adminReopenService, adminCancelServiceSchedule, adminAudit, adminAuditFacets,
  ...chatOperatorEndpoints,
  ...configEndpoints,
  ...member360Endpoints,
  ...reportEndpoints,
  ...saferPlayAdminEndpoints,
} as const;
