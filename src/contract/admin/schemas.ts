import { z } from 'zod';
import { WITHDRAWAL_REJECT_REASONS } from '../constants';
import { isoDate } from '../endpoints/common';
import { amountOutput } from '../money';
import { ADJUSTMENT_DIRECTIONS, ARRIVAL_CHANNELS, ARRIVAL_REASONS, ARRIVAL_STATUSES, OPERATOR_ROLES, PERMISSIONS, type Permission } from './roles';

/** Shapes of the back office's answers. */

const permission = z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]]);

export const operatorView = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(permission),
  twoFactor: z.boolean().describe('true once the operator has enrolled an authenticator'),
  createdAt: isoDate,
});

export const loginAnswer = z.discriminatedUnion('step', [
  z.object({ step: z.literal('signedIn'), token: z.string(), operator: operatorView }),
  z.object({
    step: z.literal('code').describe(
      'send the password again with the authenticator code: the password was right, or the username has had too many failures to say',
    ),
  }),
  z.object({
    step: z.literal('enrol').describe('first login: scan the QR into an authenticator, then send the password again with its code'),
    secret: z.string(),
    otpauthUrl: z.string(),
    qr: z.string().describe('PNG data URL of the otpauth URL'),
  }),
]);

export const withdrawalItem = z.object({
  id: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  username: z.string(),
  amount: amountOutput,
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  status: z.enum(['queued', 'paying', 'paid', 'rejected']),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  approvalsRequired: z.union([z.literal(1), z.literal(2)]).describe('2 when the amount is above the four-eyes amount recorded on the withdrawal when it was made'),
  secondApprovalAbove: amountOutput.nullable().describe('the four-eyes amount that applies to this withdrawal (null: made before the rule)'),
  firstApprovedBy: z.string().nullable().describe('the operator whose approval is the first of two'),
  firstApprovedAt: isoDate.nullable(),
  approvableByYou: z.boolean().describe('the asking operator may approve it now: queued, and not the first approver nor of their tree'),
  rejectReason: z.enum(WITHDRAWAL_REJECT_REASONS).nullable().describe('why it was refused, as the member reads it'),
  rejectText: z.string().nullable().describe("the words the member reads with the reason (plain text)"),
});

export const slipItem = z.object({
  id: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  username: z.string(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  note: z.string().nullable(),
  sendingBank: z.string().nullable().describe('read from the slip QR'),
  reference: z.string().nullable().describe('read from the slip QR'),
  amount: amountOutput.nullable(),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
});

export const slipDetail = slipItem.extend({ image: z.string().nullable().describe('the uploaded slip as a data URL; null once a failed slip is past its review window') });

export const adjustmentItem = z.object({
  id: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  username: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: amountOutput,
  reason: z.string(),
  status: z.enum(['proposed', 'approved', 'rejected']),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});

/**
 * A member's pending deposit notice that may be this transfer: the same amount and currency,
 * made from DEPOSIT_NOTICE.matchMinutes before the transfer on. Assigning the transfer to the
 * member credits it through the usual assignment and closes the notice.
 */
export const arrivalNotice = z.object({
  id: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  username: z.string(),
  amount: amountOutput,
  senderBank: z.string().describe("the member's registered bank when the notice was made"),
  senderAccount: z.string().describe("the member's registered account when the notice was made"),
  accountFits: z.boolean().describe("the transfer's sender (bank and account, masked digits matching anything) fits this registered account"),
  createdAt: isoDate,
  expiresAt: isoDate,
});

export const arrivalItem = z.object({
  id: z.string(),
  channel: z.enum(ARRIVAL_CHANNELS).describe("a bank's feed, True Wallet's (the sender is a wallet phone), or a QR payment held for safer play (the sender is the member who made the code)"),
  bankCode: z.string().describe('our receiving bank'),
  receivingAccount: z.string(),
  reference: z.string().describe("the bank's transfer reference"),
  amount: amountOutput,
  currency: z.string(),
  senderBank: z.string(),
  senderAccount: z.string().describe('as the bank reported it, possibly masked'),
  senderName: z.string().nullable(),
  transferredAt: isoDate,
  receivedAt: isoDate,
  status: z.enum(ARRIVAL_STATUSES),
  reason: z.enum(ARRIVAL_REASONS).nullable().describe('why it was not credited on arrival'),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  username: z.string().nullable(),
  decidedBy: z.string().nullable().describe('the operator who assigned or dismissed it; null when matched on arrival'),
  note: z.string().nullable(),
  decidedAt: isoDate.nullable(),
  slipId: z.string().nullable().describe("the member's slip that credited this transfer; the arrival itself booked nothing"),
  notices: z.array(arrivalNotice).describe('waiting transfers only: the pending deposit notices of its amount and time'),
  matchedNoticeId: z.string().nullable().describe('the deposit notice its credit closed'),
});

export const memberSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  status: z.enum(['active', 'locked']),
  createdAt: isoDate,
});

export const memberDetail = z.object({
  member: memberSummary.extend({ bankAccountName: z.string(), currency: z.string(), coin: z.number().int() }),
  wallet: amountOutput,
  games: z.array(z.object({
    code: z.string(), isActive: z.boolean(), amount: amountOutput, username: z.string().nullable(),
    syncedAt: z.string().nullable().describe("when the provider's balance was read (ISO 8601); the operator's page reads every provider on open"),
  })),
  sessions: z.array(z.object({ id: z.string(), createdAt: isoDate, expiresAt: isoDate, ip: z.string().nullable(), userAgent: z.string().nullable() })),
});

export const ledgerRow = z.object({
  _id: z.string(),
  statementType: z.string(),
  status: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  amount: amountOutput,
  createdAt: isoDate,
});

export const auditItem = z.object({
  id: z.string(),
  operator: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: isoDate,
});

export const signInBurst = z.object({
  username: z.string().describe('the username tried (lower case; it may name no operator)'),
  failures: z.number().int().describe('failed sign-ins (a wrong password or code) in the window'),
  addresses: z.number().int().describe('distinct client addresses they came from'),
  lastAt: isoDate,
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });
