/**
 * Operator roles and what each may do. The server checks the permission of every
 * `/api/admin/*` call; the console reads the same table to show only what the operator can use.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = {
  /** Search members and read a member's profile, wallet, ledger and sessions. */
  'members.read': ['support', 'finance', 'admin'],
  /** Put tags on a member and add notes (support, finance and admin all meet members' cases). */
  'members.notes': ['support', 'finance', 'admin'],
  /** Lock and unlock a member (a lock ends the member's sessions). */
  'members.lock': ['support', 'admin'],
  /** Give a member a new temporary password. */
  'members.password': ['support', 'admin'],
  /** Read the withdrawal, slip and adjustment queues. */
  'money.read': ['finance', 'admin'],
  /** Approve, reject or mark paid a withdrawal. */
  'withdrawals.decide': ['finance', 'admin'],
  /** Approve or reject a slip. */
  'slips.decide': ['finance', 'admin'],
  /** Propose a manual credit or debit, and approve or reject another operator's proposal. */
  'adjustments.manage': ['finance', 'admin'],
  /** Read the incoming bank transfers no member was credited for (support answers "where is my deposit?"). */
  'arrivals.read': ['support', 'finance', 'admin'],
  /** Assign an unmatched incoming transfer to a member (credits the wallet), or dismiss it. */
  'arrivals.decide': ['finance', 'admin'],
  /** Read the audit log. */
  'audit.read': ['finance', 'admin'],
  /** Create operators, and see the bursts of failed sign-ins. */
  'operators.manage': ['admin'],
  /** Turn the member service off and on. */
  'service.switch': ['admin'],
  /** Read the configuration (every text, rule and prize) and the changes waiting for approval. */
  'config.read': ['support', 'finance', 'admin'],
  /** Change the configuration: texts and switches at once, money rules as proposals. */
  'config.edit': ['admin'],
  /** Approve or reject another operator's proposed money rule (maker-checker). */
  'config.approve': ['finance', 'admin'],
  /** Answer members in the support chat. */
  chat: ['support', 'admin'],
  /** Read the dashboard and the reports (figures from the ledger) and export them as CSV. */
  'reports.read': ['finance', 'admin'],
  /** Read a member's safer-play limits, breaks and exclusions, and the safer-play settings. */
  'saferplay.read': ['support', 'finance', 'admin'],
  /** Set or lower a member's limit (never raise or remove one, never end a break or an exclusion). */
  'saferplay.manage': ['support', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: OperatorRole, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);

export const permissionsOf = (role: OperatorRole): Permission[] =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));

/** Operator passwords: at least this long, and strong by zxcvbn's estimate (score 3 of 4 or more). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MIN_SCORE = 3;

/** Six-digit codes every 30 seconds (RFC 6238 defaults, what every authenticator app reads). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;

/** Why a manual credit or debit is made; the operator adds a note. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;

/** Reasons an operator gives when refusing a slip (SPEC section 8, slip reason codes). */
export const SLIP_REJECT_REASONS = [
  'CANNOT_READ_CROPPED_IMAGE', 'DEST_ACC_INVALID', 'SLIP_REFNO_DUPLICATED', 'UNSTABLE_REFNO_ON_SLIP',
  'INVALID_SLIP', 'NOT_MATCH', 'EXPIRED_SLIP', 'UNKNOW_ERROR',
] as const;

/**
 * Why an incoming transfer was not credited on arrival: no member's registered account (or, for
 * True Wallet, registered phone) fits the sender, more than one does (a masked number), the one
 * member holds a bonus (BONUS_REMAINING, as every deposit path), is locked, or holds another
 * currency, or a True Wallet transfer is below TRUEWALLET_MINIMUM (BELOW_MINIMUM); safer play
 * (issue 31): it would pass the member's deposit limit (DEPOSIT_LIMIT_REACHED), or the member is
 * on a break (ON_BREAK) or self-excluded (SELF_EXCLUDED). Held for an operator, never credited silently.
 */
export const ARRIVAL_REASONS = [
  'NO_MEMBER', 'MANY_MEMBERS', 'BONUS_REMAINING', 'INACTIVE_USER', 'CURRENCY_MISMATCH', 'BELOW_MINIMUM',
  'DEPOSIT_LIMIT_REACHED', 'ON_BREAK', 'SELF_EXCLUDED',
] as const;
/**
 * Where an incoming transfer was reported from: a bank's feed, True Wallet's (AUTO mode), or a QR
 * payment held past the member's deposit limit or during a pause (issue 31).
 */
export const ARRIVAL_CHANNELS = ['bank', 'truewallet', 'qr'] as const;
export type ArrivalChannel = (typeof ARRIVAL_CHANNELS)[number];
export type ArrivalReason = (typeof ARRIVAL_REASONS)[number];
export const ARRIVAL_STATUSES = ['unmatched', 'credited', 'dismissed'] as const;

export const ADMIN_PAGE_SIZE = 20;

/**
 * A burst of failed operator sign-ins, shown to admins on the operators page: at least this
 * many failures for one username within the last `windowMinutes`.
 */
export const SIGN_IN_BURST = { windowMinutes: 60, minFailures: 3 } as const;
