import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { MAX_AMOUNT } from '../money';
import {
  BREAK_LENGTHS, EXCLUSION_LENGTHS, LIMIT_KINDS, LIMIT_PERIODS, RESTRICTION_REASONS, SAFER_PLAY,
} from '../saferPlay';
import { isoDate } from './common';

/**
 * Safer play, the member's side (issue 31). Every answer that changes something answers the whole
 * `saferPlayStatus`, so the "Safer play" page re-renders from one shape.
 *
 * Units: a deposit or loss limit's `value`, `used` and `remaining` are amounts in the member's
 * currency (decimal, two places, like every amount of the API); a session limit's are whole minutes.
 *
 * At registration: the deposit-limit step calls `saferPlayLimitSet` with the new member's token
 * right after `accountCreate` and `login` (a first limit applies at once; nothing is pre-filled and
 * the step may be skipped). Registration itself takes no limit.
 */
const tag = 'safer-play';

const limitKind = z.enum(LIMIT_KINDS);
const limitPeriod = z.enum(LIMIT_PERIODS);
const limitParams = z.object({ kind: limitKind, period: limitPeriod });

/**
 * A limit's value as asked: above 0; an amount has at most two decimals (kip limits are checked as
 * whole kip by the server: AMOUNT_STEP); session minutes are whole and at most the period's length
 * (SAFER_PLAY.sessionMinutesMax).
 */
export const limitValue = z.number().finite().positive().max(MAX_AMOUNT)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'at most two decimal places' });

/** A change of a limit waiting for the member: a raise (value) or a removal (value null). */
export const pendingLimitChange = z.object({
  value: z.number().nullable().describe('the asked value; null: the limit is to be removed'),
  askedAt: isoDate,
  confirmableAt: isoDate.describe('the end of the cooling-off: from then the member may confirm it'),
  lapsesAt: isoDate.describe(`not confirmed by then (${SAFER_PLAY.confirmWindowDays} days after confirmableAt), it lapses and the limit stays`),
  confirmable: z.boolean().describe('true between confirmableAt and lapsesAt'),
});

/** One limit in force, with the period's use so far. */
export const limitView = z.object({
  kind: limitKind,
  period: limitPeriod,
  value: z.number().describe('amount (deposit, loss) or minutes (session)'),
  used: z.number().describe('used in the current period (loss: net loss, never below 0)'),
  remaining: z.number().describe('value minus used, never below 0'),
  periodEndsAt: isoDate.describe('when the current period ends and use starts again from 0 (local midnight)'),
  setBy: z.enum(['member', 'operator']),
  since: isoDate.describe('when this value took effect'),
  pending: pendingLimitChange.nullable(),
});

/** A break or a self-exclusion. */
export const pauseView = z.object({
  kind: z.enum(['break', 'exclusion']),
  length: z.enum([...BREAK_LENGTHS, ...EXCLUSION_LENGTHS]),
  startedAt: isoDate,
  endsAt: isoDate.nullable().describe('null: self-excluded for good'),
});

/**
 * Withdraw-only mode: why, and until when. While it holds, login still works, but only the
 * WITHDRAW_ONLY_ENDPOINTS answer; every other member call answers 403 with `reason` as its code.
 */
export const restriction = z.object({
  reason: z.enum(RESTRICTION_REASONS),
  until: isoDate.nullable().describe('when play may start again (the break or exclusion ends, or the session limit\'s period ends); null: for good'),
});

export const saferPlayStatus = z.object({
  timeZone: z.string().describe('the time zone periods are counted in: Asia/Bangkok or Asia/Vientiane'),
  currency: z.string().describe("the member's wallet currency, the unit of amount limits"),
  limits: z.array(limitView),
  /** Per kind, the lowest remaining of its limits (null: no limit of that kind). */
  remaining: z.object({ deposit: z.number().nullable(), loss: z.number().nullable(), session: z.number().nullable() }),
  pause: pauseView.nullable().describe('the break or self-exclusion in force, if any'),
  restriction: restriction.nullable(),
  coolingOffHours: z.number().int().describe('how long a raise or removal waits before it can be confirmed'),
  confirmWindowDays: z.number().int(),
  realityCheckMinutes: z.number().int().describe("the member's reminder interval"),
});

export const saferPlay = endpoint({
  method: 'GET', path: '/api/safer-play', access: 'member', tag,
  summary: "The member's limits (used, remaining, pending changes), any break or self-exclusion, and withdraw-only mode if in force",
  response: saferPlayStatus,
});

export const saferPlayLimitSet = endpoint({
  method: 'PUT', path: '/api/safer-play/limits/:kind/:period', access: 'member', tag,
  summary: 'Set a limit: a first limit or a lower value applies at once (and cancels a pending change); a higher value waits the cooling-off and then needs saferPlayLimitConfirm',
  params: limitParams,
  body: z.object({ value: limitValue }),
  response: saferPlayStatus,
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const saferPlayLimitRemove = endpoint({
  method: 'DELETE', path: '/api/safer-play/limits/:kind/:period', access: 'member', tag,
  summary: 'Ask to remove a limit: waits the cooling-off like a raise, then needs saferPlayLimitConfirm (NO_LIMIT when there is none)',
  params: limitParams,
  response: saferPlayStatus,
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const saferPlayLimitConfirm = endpoint({
  method: 'POST', path: '/api/safer-play/limits/:kind/:period/confirm', access: 'member', tag,
  summary: 'Confirm a pending raise or removal after its cooling-off (LIMIT_CHANGE_WAITING before, NO_LIMIT_CHANGE when none is pending or it lapsed)',
  params: limitParams,
  response: saferPlayStatus,
});

export const saferPlayLimitCancel = endpoint({
  method: 'DELETE', path: '/api/safer-play/limits/:kind/:period/pending', access: 'member', tag,
  summary: 'Withdraw a pending raise or removal: the limit stays as it is (NO_LIMIT_CHANGE when none is pending)',
  params: limitParams,
  response: saferPlayStatus,
});

export const saferPlayBreak = endpoint({
  method: 'POST', path: '/api/safer-play/break', access: 'member', tag,
  summary: 'Take a break now: every session of the member ends at once (this one too), an active bonus is forfeited, and until it ends only withdrawing is possible. It cannot be shortened; a new one must end later (CANNOT_SHORTEN)',
  body: z.object({ length: z.enum(BREAK_LENGTHS), confirm: z.literal(true).describe('the member confirmed in the dialog') }),
  response: saferPlayStatus,
});

export const saferPlayExclusionAsk = endpoint({
  method: 'POST', path: '/api/safer-play/exclusion/ask', access: 'member', tag,
  summary: `Self-exclusion, first confirmation: answers a token for this length, valid ${SAFER_PLAY.exclusionConfirmMinutes} minutes, and when it would end if confirmed now`,
  body: z.object({ length: z.enum(EXCLUSION_LENGTHS) }),
  response: z.object({ confirmToken: z.string(), expiresAt: isoDate, endsAt: isoDate.nullable() }),
  rateLimit: { per: 'member', max: 10, windowMs: MINUTE_MS },
});

export const saferPlayExclusion = endpoint({
  method: 'POST', path: '/api/safer-play/exclusion', access: 'member', tag,
  summary: 'Self-exclusion, second confirmation (the token of saferPlayExclusionAsk; EXCLUSION_CONFIRM_INVALID when wrong, used or expired): as a break, for months or for good. It cannot be shortened or ended',
  body: z.object({ length: z.enum(EXCLUSION_LENGTHS), confirmToken: z.string().min(1).max(200) }),
  response: saferPlayStatus,
});

/**
 * The reality check the wallet and the game dialog show. Session: the current login (this bearer
 * token's session). Net result = the ledger's game results on the member's game accounts since the
 * session began (entries 'game_result': each game balance read from its provider, on a wallet
 * refresh or before every transfer, books what was won or lost since the last read). Net deposits =
 * deposits minus paid withdrawals over the last SAFER_PLAY.netDepositDays days.
 */
export const realityCheck = z.object({
  sessionStartedAt: isoDate,
  minutesPlayed: z.number().int().describe('minutes of this session counted as played time'),
  netResult: z.number().describe('won (+) or lost (-) in games in this session, from the ledger'),
  netDeposits30d: z.number().describe('deposits minus paid withdrawals in the last 30 days'),
  intervalMinutes: z.number().int(),
  acknowledgedAt: isoDate.nullable().describe('the last reminder acknowledged in this session'),
  nextReminderAt: isoDate.describe('when the next reminder is due: the later of session start and the last acknowledgement, plus the interval; the client shows it when due and blocks play until saferPlayRealityCheckAck'),
  due: z.boolean(),
});

export const saferPlayRealityCheck = endpoint({
  method: 'GET', path: '/api/safer-play/reality-check', access: 'member', tag,
  summary: "This session's time played and net result, net deposits over 30 days, and when the next reminder is due",
  response: realityCheck,
});

export const saferPlayRealityCheckAck = endpoint({
  method: 'POST', path: '/api/safer-play/reality-check/ack', access: 'member', tag,
  summary: 'Acknowledge the reminder: the next one is due an interval from now',
  response: realityCheck,
});

export const saferPlayRealityCheckInterval = endpoint({
  method: 'PUT', path: '/api/safer-play/reality-check', access: 'member', tag,
  summary: `Choose the reminder interval in minutes (${SAFER_PLAY.realityCheckMinutes.join(', ')})`,
  body: z.object({
    intervalMinutes: z.number().int().refine((n) => (SAFER_PLAY.realityCheckMinutes as readonly number[]).includes(n), { message: 'not one of the intervals' }),
  }),
  response: realityCheck,
});

export const saferPlayEndpoints = {
  saferPlay,
  saferPlayLimitSet,
  saferPlayLimitRemove,
  saferPlayLimitConfirm,
  saferPlayLimitCancel,
  saferPlayBreak,
  saferPlayExclusionAsk,
  saferPlayExclusion,
  saferPlayRealityCheck,
  saferPlayRealityCheckAck,
  saferPlayRealityCheckInterval,
};
