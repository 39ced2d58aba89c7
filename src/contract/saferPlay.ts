/**
 * Safer play (issue 31): the limits a member sets on their own account, breaks, self-exclusion
 * and the reality check. Shared by the member client, the console and the server; the server
 * enforces every rule here before money moves (src/server/modules/safer-play/README.md).
 */

/**
 * What a limit limits:
 * - deposit: gross deposits credited in the period (every channel), plus the deposit being asked for;
 * - loss: net loss in the period = money moved into games minus money moved back out of games,
 *   never below 0 (checked before a transfer into a game: the transfer's amount counts as lost
 *   until it comes back);
 * - session: minutes signed in (wallet or game open) in the period; restricted (withdraw-only)
 *   sessions do not count.
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/**
 * Calendar periods in the member's local time (SAFER_PLAY_TIME_ZONES, both UTC+7): a day from
 * 00:00, a week from Monday 00:00, a month from the 1st 00:00.
 */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The local time zone of safer-play periods by the app's country. */
export const SAFER_PLAY_TIME_ZONES = { TH: 'Asia/Bangkok', LA: 'Asia/Vientiane' } as const;

/** Break lengths and their durations in hours (6 weeks = 1008 h). */
export const BREAK_LENGTHS = ['24h', '7d', '30d', '6w'] as const;
export type BreakLength = (typeof BREAK_LENGTHS)[number];
export const BREAK_HOURS: Record<BreakLength, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24, '6w': 42 * 24 };

/** Self-exclusion lengths in calendar months; 'forever' never ends. */
export const EXCLUSION_LENGTHS = ['6m', '12m', '24m', '60m', 'forever'] as const;
export type ExclusionLength = (typeof EXCLUSION_LENGTHS)[number];
export const EXCLUSION_MONTHS: Record<ExclusionLength, number | null> = { '6m': 6, '12m': 12, '24m': 24, '60m': 60, forever: null };

/** What keeps a member in withdraw-only mode; each is also the error code other calls answer with. */
export const RESTRICTION_REASONS = ['ON_BREAK', 'SELF_EXCLUDED', 'SESSION_LIMIT_REACHED'] as const;
export type RestrictionReason = (typeof RESTRICTION_REASONS)[number];

/**
 * Sent to every open page of the member just before a break, a self-exclusion or a used-up session
 * limit ends their sessions (payload `{ reason, until }`, until null for good): the page says why
 * on /login instead of a bare sign-out.
 */
export const PLAY_STOPPED_EVENT = 'saferplay.stopped';

export const SAFER_PLAY = {
  /** A raise or removal of a limit waits this long by default (operators' setting `coolingOffHours`). */
  coolingOffHoursDefault: 24,
  coolingOffHoursMin: 1,
  coolingOffHoursMax: 168,
  /** After the cooling-off the member has this long to confirm a raise or removal; then it lapses. */
  confirmWindowDays: 7,
  /** The reality check's reminder interval when the member chose none. */
  realityCheckMinutesDefault: 60,
  /** The intervals a member may choose. */
  realityCheckMinutes: [15, 30, 45, 60, 90, 120] as const,
  /** Net deposits in the reality check are over this many days. */
  netDepositDays: 30,
  /** A self-exclusion's confirmation token (the second confirmation) is valid this long. */
  exclusionConfirmMinutes: 10,
  /** Largest session limit per period, in minutes (a day, 7 days, 31 days). */
  sessionMinutesMax: { day: 1_440, week: 10_080, month: 44_640 } satisfies Record<LimitPeriod, number>,
  /**
   * A signed-in session counts as played time while it is used (a request, or the wallet's socket
   * checked every few seconds); a gap longer than this starts a new stretch instead of counting.
   */
  idleMinutes: 5,
} as const;

/**
 * The member endpoints (by contract name) that still answer in withdraw-only mode (a break,
 * self-exclusion, or a session limit reached): the wallet, taking money out of games and
 * withdrawing it, the statement, the profile and safer play itself (reading it, a lower limit, a
 * longer break or a self-exclusion; nothing that raises or removes). Every other member
 * endpoint answers 403 with the restriction's code (ON_BREAK, SELF_EXCLUDED,
 * SESSION_LIMIT_REACHED); walletTransfer only moves money from a game to the wallet then.
 */
export const WITHDRAW_ONLY_ENDPOINTS = [
  'logout', 'wallet', 'walletRefreshSlot', 'walletNotices', 'walletTransfer', 'walletWithdraw', 'walletWithdrawAll',
  'lookupWithdraw', 'lookupMoney', 'statementList', 'statementSlips', 'statementSlipReference',
  'accountProfile', 'accountAgreement', 'accountAgreementAccept', 'accountChangePassword',
  'saferPlay', 'saferPlayRealityCheck',
  'saferPlayLimitSet', 'saferPlayLimitCancel', 'saferPlayBreak', 'saferPlayExclusionAsk', 'saferPlayExclusion',
] as const;
