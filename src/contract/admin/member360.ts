import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParam, isoDate } from '../endpoints/common';
import { amountOutput } from '../money';
import { withdrawalItem } from './schemas';

/**
 * Member 360 and risk signals (issue 30): a member's lifetime figures from the ledger, last
 * logins, linked members, tags and notes; and the signals an operator reads beside a member or a
 * withdrawal. Signals inform; they never block anything.
 */

/** A member registered within this many days is a new account (signal NEW_ACCOUNT). */
export const NEW_ACCOUNT_DAYS = 7;
/** Logins of two members from one address within this many hours of each other link them by address. */
export const ADDRESS_LINK_WINDOW_HOURS = 24;
/** How many of the member's logins the 360 lists, newest first. */
export const MEMBER_LOGINS_SHOWN = 20;
/** How many linked members the 360 lists at most (a carrier NAT can share an address with thousands). */
export const MEMBER_LINKS_SHOWN = 50;

/**
 * Why two members are linked: money from the other's registered bank account or wallet phone, a
 * device both used, logins from one address within the window, or the invite chain.
 */
export const LINK_KINDS = ['bank', 'phone', 'device', 'address', 'inviter', 'invitee'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
/**
 * The links that count for LINKED_MEMBERS and SELF_REFERRAL. An address alone is no signal (carrier
 * NAT is common in Thailand and Laos): it counts only beside one of these.
 */
export const STRONG_LINK_KINDS = ['bank', 'phone', 'device'] as const satisfies readonly LinkKind[];

export const RISK_SIGNALS = ['NEW_ACCOUNT', 'BONUS_SINCE_DEPOSIT', 'NO_PLAY', 'LINKED_MEMBERS', 'SELF_REFERRAL'] as const;
export type RiskSignalCode = (typeof RISK_SIGNALS)[number];

/** Money given rather than paid in, counted by BONUS_SINCE_DEPOSIT. */
export const GIFT_KINDS = ['bonus', 'spin_prize', 'invite', 'refund', 'adjustment'] as const;

/**
 * A signal with its evidence; the console words it from `risk.<code>` in its language:
 * - NEW_ACCOUNT: `days` since registration;
 * - BONUS_SINCE_DEPOSIT: `gifts` (what was given since the last deposit, by kind) and `count`;
 * - NO_PLAY: the withdrawal came after a deposit with no game transfer or result between;
 * - LINKED_MEMBERS: `count` members linked by `by` (bank, phone, device; address when beside one);
 * - SELF_REFERRAL: the inviter or an invitee (`memberId`) is linked by `by`.
 */
export const riskSignal = z.object({
  code: z.enum(RISK_SIGNALS),
  days: z.number().int().optional(),
  count: z.number().int().optional(),
  gifts: z.array(z.enum(GIFT_KINDS)).optional(),
  by: z.array(z.enum(LINK_KINDS)).optional(),
  memberId: z.number().int().optional(),
});
export type RiskSignal = z.infer<typeof riskSignal>;

/** Lifetime figures of one currency, every one summed from the ledger's postings. */
export const memberFigures = z.object({
  currency: z.string(),
  deposits: amountOutput.describe("credited deposits: the wallet's postings of entries 'deposit'"),
  withdrawals: amountOutput.describe("paid withdrawals: the bank payouts of entries 'withdraw_paid'"),
  netDeposits: amountOutput.describe('deposits minus paid withdrawals'),
  toGames: amountOutput.describe("money moved into games: the game accounts' postings of settled transfers in"),
  turnover: amountOutput.describe('turnover played while holding bonuses, as read from the providers (member_bonus.turnover_done); not a ledger figure'),
  bonuses: amountOutput.describe("bonuses, promotions, invite and refund payouts and spin prizes, minus what was forfeited: the wallet's postings of 'bonus', 'spin_prize' and 'bonus_forfeit'"),
  adjustments: amountOutput.describe('manual credits minus manual debits'),
  ggr: amountOutput.describe("the member's game losses minus wins: minus the game accounts' postings of 'game_result'"),
});

export const memberLogin = z.object({
  at: isoDate,
  ip: z.string().nullable(),
  deviceId: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const memberLink = z.object({
  memberId: z.number().int(),
  username: z.string(),
  name: z.string(),
  status: z.enum(['active', 'locked']),
  reasons: z.array(z.object({
    kind: z.enum(LINK_KINDS),
    value: z.string().nullable().describe('the shared value, masked: a bank account or phone by its last 4 digits, a device by its first 8 characters, an address in full'),
  })),
});

/** A tag: a short label an operator puts on a member (letters of any script, digits, space, . _ -). */
export const MEMBER_TAG_MAX = 30;
export const MEMBER_TAGS_PER_MEMBER = 20;
export const MEMBER_NOTE_MAX = 1000;
const TAG = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;
// Notes are plain text, never HTML: control characters other than line breaks and tabs are refused.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOTE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const memberTagInput = z.string().trim().min(1).max(MEMBER_TAG_MAX).regex(TAG);
export const memberNoteInput = z.string().trim().min(1).max(MEMBER_NOTE_MAX).refine((s) => !NOTE_CONTROL.test(s));

export const memberTag = z.object({ tag: z.string(), by: z.string().nullable(), at: isoDate });
export const memberNote = z.object({ id: z.string(), text: z.string(), by: z.string().nullable(), at: isoDate });

export const memberOverview = z.object({
  member: z.object({
    id: z.number().int(), username: z.string(), name: z.string(), status: z.enum(['active', 'locked']),
    currency: z.string(), createdAt: isoDate, referrerId: z.number().int().nullable(),
  }),
  figures: z.array(memberFigures),
  logins: z.array(memberLogin),
  devices: z.array(z.object({ deviceId: z.string(), firstSeenAt: isoDate, lastSeenAt: isoDate, lastIp: z.string().nullable() })),
  links: z.array(memberLink),
  signals: z.array(riskSignal),
  tags: z.array(memberTag),
  notes: z.array(memberNote),
});

const tag = 'admin';
const memberParams = z.object({ id: z.coerce.number().int().positive() });

/** A row of the withdrawals queue with the codes of the signals that its member raises as of its time. */
export const withdrawalListItem = withdrawalItem.extend({ signals: z.array(z.enum(RISK_SIGNALS)) });

export const adminMemberOverview = endpoint({
  method: 'GET', path: '/api/admin/members/:id/overview', access: 'operator', permission: 'members.read', tag,
  summary: "A member's 360: lifetime figures from the ledger per currency, last logins, devices, linked members (and why), risk signals now, tags and notes",
  params: memberParams, response: memberOverview,
});

export const adminWithdrawalReview = endpoint({
  method: 'GET', path: '/api/admin/withdrawals/:id/review', access: 'operator', permission: 'money.read', tag,
  summary: "A withdrawal with its member's 360 and the risk signals as of the withdrawal's time (read-only; signals never block)",
  params: z.object({ id: idParam }),
  response: z.object({ withdrawal: withdrawalItem, overview: memberOverview, signals: z.array(riskSignal) }),
});

export const adminAddMemberTag = endpoint({
  method: 'POST', path: '/api/admin/members/:id/tags', access: 'operator', permission: 'members.notes', tag,
  summary: `Put a tag on a member (at most ${MEMBER_TAG_MAX} characters, ${MEMBER_TAGS_PER_MEMBER} tags a member: MEMBER_TAG_LIMIT); a tag already there changes nothing. Audited`,
  params: memberParams, body: z.object({ tag: memberTagInput }), response: z.object({ tags: z.array(memberTag) }),
});

export const adminRemoveMemberTag = endpoint({
  method: 'DELETE', path: '/api/admin/members/:id/tags/:tag', access: 'operator', permission: 'members.notes', tag,
  summary: 'Take a tag off a member (NOT_FOUND when it is not there). Audited',
  params: memberParams.extend({ tag: memberTagInput }), response: z.object({ tags: z.array(memberTag) }),
});

export const adminAddMemberNote = endpoint({
  method: 'POST', path: '/api/admin/members/:id/notes', access: 'operator', permission: 'members.notes', tag,
  summary: `Add a note on a member (plain text, at most ${MEMBER_NOTE_MAX} characters); notes are never edited or removed. Audited`,
  params: memberParams, body: z.object({ text: memberNoteInput }), response: memberNote,
});

export const member360Endpoints = {
  adminMemberOverview, adminWithdrawalReview, adminAddMemberTag, adminRemoveMemberTag, adminAddMemberNote,
} as const;
