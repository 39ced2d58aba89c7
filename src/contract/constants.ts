/** Business constants and limits of SPEC section 9, shared by client and server. */

export const APP_VERSION = '1.1.14';

export const TIMEOUTS = {
  requestMs: 60_000,
  chatUploadMs: 300_000,
  slipUploadMs: 300_000,
} as const;

export const CHAT = {
  historyPageSize: 10,
  markReadDebounceMs: 1_000,
  socketCheckMs: 5_000,
  textMax: 2_000,
  imageMaxBytes: 10 * 1024 * 1024,
  /** A 50-megapixel phone camera's photo; more is refused from the image's header. */
  imageMaxPixels: 50_000_000,
  videoMaxBytes: 20 * 1024 * 1024,
  atBottomThresholdPx: 60,
  allowedTypes: ['mp4', 'quicktime', 'png', 'jpeg', 'jpg', 'gif'],
} as const;

/**
 * Images operators upload for banners (issue 29): png, jpeg, webp or gif by their bytes (never
 * SVG, which can carry script), at most 2 MB and 16 megapixels. Each is served publicly at
 * `/api/content/images/<id>`, the id being the sha-256 of its bytes and its type's extension.
 */
export const CONTENT_IMAGE = {
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 16_000_000,
  types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' },
} as const;
export const CONTENT_IMAGE_ID = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;
export const contentImagePath = (id: string) => `/api/content/images/${id}`;

/** The support chat's socket.io events (path /socket.io), for the widget and the back office. */
export const CHAT_EVENTS = {
  /** Widget → server: enter the customer's room (ack `{ ok, room }`). */
  join: 'chat.join',
  /** Server → widget: a new message in the customer's conversation (SPEC section 7). */
  messaging: 'messaging',
  /** Back office → server: hear every conversation's changes (`operatorToken` in the handshake; ack `{ ok }`). */
  consoleJoin: 'chat.console.join',
  /** Server → back office: `{ conversationId }` changed (a message, an answer, a read mark, an ended session). */
  console: 'chat.console',
} as const;

export const DELAYS = {
  registrationRedirectMs: 2_000,
  toastMs: 4_000,
  agreementModalMs: 1_500,
  copyAutoClickMs: 1_000,
  spinnerCallMs: 200,
} as const;

export const PHONE_LENGTH_TH = 10;
/** A member's password: at least this many characters (PASSWORD_TOO_SHORT), wherever one is set. */
export const MEMBER_PASSWORD_MIN_LENGTH = 6;
export const COUNTRIES = ['TH', 'LA'] as const;
export type Country = (typeof COUNTRIES)[number];
export const LAOS_CURRENCIES = ['LAK', 'BAHT'] as const;
export type Currency = (typeof LAOS_CURRENCIES)[number];
export const DEFAULT_LAOS_CURRENCY: Currency = 'LAK';

/**
 * SPEC section 9: the two banks the Thailand deposit text names as the fastest to transfer from
 * (the spec leaves them unnamed; ours are the two whose transfers the bank feed matches first,
 * the ones the deposit dialog has its own modes for: SCB and KBANK).
 */
export const RECOMMENDED_DEPOSIT_BANKS = ['SCB', 'KBANK'] as const;

/** Banks whose account names must be written in English letters and spaces only. */
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;

export const TRANSFER_MINIMUM = 1;
/** The main wallet's code in a transfer's from and to; game accounts go by their game code. */
export const MAIN_WALLET_CODE = 'wallet';
export const TRUEWALLET_MINIMUM = 2;
/** A True Wallet gift link: https://gift.truemoney.com/campaign/?v=<voucher hash>. */
export const TRUEWALLET_LINK_PATTERN = /^https:\/\/gift\.truemoney\.com\/campaign\/?\?v=([A-Za-z0-9]{10,64})$/;
/**
 * The sandbox's key for the gift link's encryption (crypto-js AES, passphrase mode). The client
 * uses VITE_TRUEWALLET_KEY and the server TRUEWALLET_LINK_KEY; both default to this in sandbox
 * mode, and live mode requires the server's to be set.
 */
export const SANDBOX_TRUEWALLET_LINK_KEY = 'sandbox-truewallet-link-key';

/** Largest slip image accepted (png or jpeg). */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;

/** QR providers, their minimum deposit and preset amounts. Bank QR needs only an amount above 0. */
export const QR_PROVIDERS = ['KBANK', 'BCEL', 'WW', 'FP', 'PAYONEX'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];
export const QR_MINIMUM: Record<QrProvider, number> = { KBANK: 0, BCEL: 0, WW: 100, FP: 10, PAYONEX: 100 };
export const QR_PRESETS: Record<QrProvider, readonly number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  BCEL: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  PAYONEX: [100, 200, 300, 500, 1000],
  FP: [10, 50, 100, 500, 1000],
};
export const QR_COUNTDOWN_TICK_MS = 1_000;

export const PAGE_SIZES = {
  invite: 10,
  refund: 10,
  statement: 10,
  slip: 10,
  coupon: 3,
} as const;
/** Statement pagination shows this many pages before and after the current one. */
export const PAGINATION_RANGE = { before: 3, after: 1 } as const;

export const WHEEL = {
  maxSizePx: 350,
  maxWidthShare: 0.85,
  resizeDebounceMs: 500,
  claimDebounceMs: 500,
  extraTurnsMin: 2,
  extraTurnsMax: 3,
  friction: 0.991,
  durationMinMs: 4_000,
  durationMaxMs: 5_000,
} as const;

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;

/**
 * Why a withdrawal was refused, as its member reads it on the statement (words in
 * `statement.withdrawReason.*`): an operator picks one of the first five and may add their own
 * words (required with OTHER); PAYOUT_REFUSED is the bank's refusal of the transfer.
 */
export const WITHDRAWAL_REJECT_REASONS = ['BANK_ACCOUNT_INVALID', 'TURNOVER_NOT_MET', 'DUPLICATE_REQUEST', 'ACCOUNT_REVIEW', 'OTHER', 'PAYOUT_REFUSED'] as const;
export type WithdrawalRejectReason = (typeof WITHDRAWAL_REJECT_REASONS)[number];
/** The reasons an operator may choose (the bank's own refusal is not one). */
export const OPERATOR_REJECT_REASONS = ['BANK_ACCOUNT_INVALID', 'TURNOVER_NOT_MET', 'DUPLICATE_REQUEST', 'ACCOUNT_REVIEW', 'OTHER'] as const satisfies readonly WithdrawalRejectReason[];
export type OperatorRejectReason = (typeof OPERATOR_REJECT_REASONS)[number];
export type StatementType = (typeof STATEMENT_TYPES)[number];
/** Sign shown before a statement amount: deposit and bonus '+', withdraw '-', others none. */
export const STATEMENT_SIGN: Record<StatementType, '+' | '-' | ''> = {
  deposit: '+',
  bonus: '+',
  finish_bonus: '',
  withdraw: '-',
  transfer: '',
};
export const STATUS_SUCCESS = 'SUCCESS';
export const STATUS_FAILED = 'FAILED';

/** Bonus types: limit counts every receipt, day those of today, week those of this week. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
/** Providers with their own login handler (auto-login endpoints). */
export const GAME_PROVIDERS = [
  'JOKER', 'SEXYGAME', 'BETFLIX', 'ASKMEBET', 'UFABET', 'SUPERSLOT', 'PG', 'SLOTXO',
  'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD',
] as const;
export type GameProviderCode = (typeof GAME_PROVIDERS)[number];

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Relative-time units, largest first, in seconds (a month is 30 days). */
export const RELATIVE_TIME_UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

export const INVITE_CODE_PREFIX = 'PR';

/**
 * The sandbox demo provider's slot game (a 3-reel, 3-row slot with 5 paylines). Symbols are ids,
 * drawn by the client; the paytable and the reel strips are the server's (the outcome is decided
 * there). A payline lists the row (0 top, 1 middle, 2 bottom) it crosses on each reel.
 */
export const DEMO_SLOT = {
  symbols: ['cherry', 'lemon', 'melon', 'bell', 'star', 'seven'],
  stakes: [1, 2, 5, 10, 20, 50],
  reels: 3,
  rows: 3,
  paylines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  /** A launch link of the demo provider is valid this long. */
  launchTokenTtlMs: 30 * 60_000,
} as const;
export type SlotSymbol = (typeof DEMO_SLOT.symbols)[number];

/**
 * The member's deposit notice (POST /api/wallet/add, the deposit dialog's "I have transferred"):
 * "I transferred this amount from my registered account". It credits nothing; it is closed as
 * matched when a bank transfer of that amount is credited to the member (by the bank feed, an
 * operator or a slip), and as expired `lifetimeHours` after it was made. An operator looking at
 * a waiting transfer sees the pending notices of its amount made from `matchMinutes` before the
 * transfer on; a notice made up to `matchMinutes` after its transfer was credited is matched at once.
 */
export const DEPOSIT_NOTICE = {
  lifetimeHours: 24,
  matchMinutes: 60,
  /** Pending notices a member may hold at once. */
  pendingMax: 5,
} as const;

/** States of a deposit notice. */
export const DEPOSIT_NOTICE_STATES = ['pending', 'matched', 'expired'] as const;
export type DepositNoticeState = (typeof DEPOSIT_NOTICE_STATES)[number];

/** Web Push (issue 32): the push subscriptions one member keeps (their devices); a newer one drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 5;
