/**
 * Every error code the API answers with (`{ "message": CODE }`), SPEC section 8 plus the
 * product's own additions at the end. The client translates each from `errors.CODE` in
 * locales/*.json and shows unknown ones raw.
 */
export const ERROR_CODES = [
  // transport
  'invalid-token',
  'gone',
  // auth
  'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN', 'INVALID_USER_1', 'INVALID_USER_2', 'INVALID_USER_3',
  'INVALID_USER_4', 'INVALID_IP', 'WRONG_CREDENTIAL', 'WRONG_PASSWORD', 'NO_USER', 'INACTIVE_USER',
  'LOGIN_FAIL', 'REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN', 'INTERNAL_SERVER_ERROR',
  // otp
  'OTP_BLOCK', 'OTP_TOKEN_INVALID', 'OTP_NOT_EXIST', 'OTP_VERIFIED', 'OTP_EXPIRED', 'OTP_CODE_INVALID',
  'OTP_CODE_VALID', 'UNVERIFIED_OTP', 'OTP_SEND_FAIL', 'OTP_VERIFY_FAIL',
  // registration
  'EXISTING_USER', 'EXISTING_BANK', 'INVALID_USER_INFO', 'INVALID_BANK', 'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL', 'GAME_ACTIVATION_FAIL', 'PHONE_NUMBER_REQUIRE_10_DIGIT', 'NOT_AREASLOT', 'NOT_UFABET',
  // bonus
  'BONUS_REMAINING', 'BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'BONUS_CONDITION', 'BONUS_CLEAR', 'BONUS_FULL',
  // invite
  'INVITE_COLLECT', 'INVITE_INACTIVE', 'NO_INVITE_BONUS', 'NO_INVITEE_PLAY_INFO', 'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // promotion
  'NO_PROMOTION', 'PROMOTION_RECEIVED',
  // refund
  'NO_REFUND', 'REFUND_CONDITION', 'REFUND_SUCCESS', 'REFUND_INACTIVE', 'REFUND_MINIMUM',
  // slot and transfer
  'SLOT_ALREADY_ACTIVE', 'SLOT_ACTIVATE_FAIL', 'SLOT_NO_ACCOUNT', 'SLOT_RESET_PASSWORD_FAIL',
  'TRANSFER_MINIMUM', 'NO_GAME', 'MONEY_NOT_ENOUGH', 'TRANSFER_FAIL', 'NO_BANK', 'NO_WALLET', 'NO_DATA',
  // slip and link
  'SLIP_UPLOAD_FAIL', 'SLIP_NO_FILE', 'SLIP_INVALID_FILE', 'TRUELINK_DUPLICATE', 'TRUELINK_INVALID', 'QR_FAIL',
  // keys
  'KEY_MISSING', 'KEY_INVALID', 'OK', 'SUCCESS',
  // spin coupons
  'NO_CLAIMABLE_COUPON', 'INVALID_PRIZE_CODE', 'INVALID_CODE', 'INVALID_COUPON_TYPE', 'COUPON_EXPIRED',
  // slip reasons
  'UPLOADED_FILE_NOT_EXIST', 'IMG_SIZE_UNABLE_TO_PROCESS', 'CANNOT_READ_CROPPED_IMAGE', 'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED', 'UNSTABLE_REFNO_ON_SLIP', 'TRIPPLE_WRONG_CAPTCHA', 'INVALID_SLIP', 'NOT_MATCH',
  'EXPIRED_SLIP', 'UNKNOW_ERROR',
  // the product's own additions
  'INVALID_INPUT', // a request that does not match the contract's schema
  'NOT_FOUND', // no such route or record
  'CLIENT_REQUIRED', // the member-wallet client marker header is missing
  'IDEMPOTENCY_KEY_REQUIRED', // a money-moving request without an Idempotency-Key header
  'IDEMPOTENCY_CONFLICT', // an Idempotency-Key reused with a different request
  'FILE_TOO_LARGE', // an upload over the size limit
  'TRANSFER_PENDING', // a transfer or withdrawal whose outcome is not known yet; retry with the same key
  'TRANSFER_IN_WALLET', // a game-to-game transfer that moved the money out of the first game but not into the second: it is in the wallet
  'WITHDRAW_MINIMUM', // below the withdrawMin of the withdraw lookup
  'WITHDRAW_MAXIMUM', // above the withdrawMax of the withdraw lookup
  'INVALID_PHONE_NUMBER', // not a mobile number of the country (Laos: 020 + 8 digits or 030 + 7 digits)
  'INVALID_INVITE_CODE', // an invite code that is not PR plus the id of an existing member
  'QR_MINIMUM', // a QR deposit below the provider's minimum (QR_MINIMUM)
  'QR_MAXIMUM', // a QR deposit above the provider's maximum in the member's currency (money lookup)
  'TRUEWALLET_MINIMUM', // a True Wallet voucher below TRUEWALLET_MINIMUM
  'TRUELINK_MULTI_TICKET', // a True Wallet voucher shared by several people; only a one-ticket voucher is deposited
  'SLIP_UPLOAD_CLOSED', // a slip uploaded inside the daily closed window of the slip lookup
  'BONUS_NO_DEPOSIT', // a bonus given on a deposit, asked for without a qualifying deposit (or one too small)
  'SPIN_NO_COIN', // a spin with no coin left
  'SPIN_INACTIVE', // a spin while no wheel is active
  'SLIP_UPLOAD_BUSY', // every slip reader of the node is busy and its waiting line full; try again shortly
  'BALANCE_CHANGED', // withdrawAll: the balance is no longer the amount the member confirmed
  'AMOUNT_STEP', // an amount that is not a whole number of its currency's step (money lookup): kip is whole kip
  'BONUS_GAME_MONEY', // ending a held bonus (withdraw all, cancel) while money is still in a game account: bring it back to the wallet first
  'GAME_LAUNCH_FAIL', // the game provider gave no launch in time, or one that is not safe to open (a form to an address not allowed); try again later
  'PROVIDER_OFF', // the operators switched the game provider off: no transfers into it and no launches; money already there can still move back to the wallet
  // back office
  'FORBIDDEN', // the operator's role does not allow this action
  'OWN_PROPOSAL', // approving a manual credit or debit one proposed, or one proposed by the operator who made one or whom one made (maker-checker)
  'ALREADY_DECIDED', // a queue item another operator (or the payout) already settled
  'WEAK_PASSWORD', // an operator password that is too short or too easy to guess
  'OPERATOR_EXISTS', // an operator username already taken
  'FILE_NOT_SUPPORTED', // a chat upload whose name or bytes are not an allowed type (SPEC section 5), or a banner image that is not png, jpeg, webp or gif by its bytes
  'CHAT_FILE_REQUIRED', // a chat (or banner image) upload without a file in the field `file`, or an empty one
  'CURRENCY_MISMATCH', // an incoming transfer assigned to a member whose wallet holds another currency
  'SERVICE_UNAVAILABLE', // the database is out of reach for a moment (a restart or failover); retry with the same key
  'DEPOSIT_MAXIMUM', // a deposit notice above the largest deposit taken in the member's currency (the money rules' largest QR maximum)
  'BANK_IN_USE', // removing a bank from the list while members are registered with it
  'MEMBER_TAG_LIMIT', // a tag on a member who already has MEMBER_TAGS_PER_MEMBER tags
  'CONFIG_STALE', // approving a configuration change whose item another change has changed since it was proposed: propose it again
  'CONFIRMATION_MISMATCH', // closing the member service without typing the word shown (SERVICE_CLOSE_WORD): nothing changes
  'SCHEDULE_IN_PAST', // a service closure scheduled for a time already gone, or a reopen time not after the closing time
  'NO_SCHEDULE', // cancelling a service closure when none is scheduled ahead
  'SERVICE_CLOSED', // closing the member service while it is already closed
  'PASSWORD_TOO_SHORT', // a member's new password shorter than MEMBER_PASSWORD_MIN_LENGTH (registration, change, reset)
  'OWN_APPROVAL', // the second approval of a large withdrawal by its first approver, or by an operator of the first approver's tree (four eyes)
  'APPROVAL_CODE_REQUIRED', // the second approval of a large withdrawal without the approver's authenticator code
  'APPROVAL_CODE_INVALID', // a wrong authenticator code, or one whose 30-second step was used already (a replay): nothing moves
  'REASON_REQUIRED', // refusing a withdrawal for OTHER reasons without words for the member
  'INVALID_RANGE', // a report or dashboard range that is not real days, or whose end is not after its start
  'RANGE_TOO_LONG', // a report or dashboard range longer than REPORT_MAX_DAYS
  'INVALID_TIME_ZONE', // a time zone that is not an IANA name (Asia/Bangkok, Asia/Vientiane)
  // safer play (issue 31); the refusals that block play carry `until` and money ones `remaining` when known (ErrorBody)
  'DEPOSIT_LIMIT_REACHED', // a deposit (QR code, gift link, notice) that would pass a deposit limit; `remaining` is what may still be deposited
  'LOSS_LIMIT_REACHED', // a transfer into a game that would pass a loss limit; `remaining` is what may still be moved in
  'SESSION_LIMIT_REACHED', // the session time limit is reached: withdraw-only until `until` (the period's end)
  'ON_BREAK', // the member is on a break: withdraw-only until `until`
  'SELF_EXCLUDED', // the member excluded themselves: withdraw-only until `until` (null: for good)
  'LIMIT_CHANGE_WAITING', // confirming a raise or removal of a limit before its cooling-off ended
  'NO_LIMIT_CHANGE', // confirming or withdrawing a raise or removal when none is pending (or it lapsed)
  'NO_LIMIT', // removing a limit the member does not have
  'LIMIT_RAISE_REFUSED', // an operator raising or removing a member's limit (only a new or lower one may be set)
  'CANNOT_SHORTEN', // a break or exclusion that would end before the one in force (neither can be shortened)
  'EXCLUSION_CONFIRM_INVALID', // self-exclusion's second confirmation with a wrong, used or expired token, or for another length
  // Web Push (issue 32)
  'PUSH_OFF', // subscribing to pushes while the server sends none (no VAPID keys configured in live mode)
  'PUSH_ENDPOINT_INVALID', // a push subscription whose endpoint is not an https address of a known push service (sandbox: http or https)
  'PUSH_KEYS_INVALID', // a push subscription whose keys are not base64url of the right length (p256dh: a 65-byte P-256 point, auth: 16 bytes)
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (text: string): text is ErrorCode => KNOWN_CODES.has(text);

/**
 * A refusal's body. Its schema (`errorBody`) lives with the other shared shapes in
 * endpoints/common.ts: the client translates these codes on its login page, which must not
 * load zod (issue 18).
 */
export interface ErrorBody {
  message: ErrorCode;
  /** Safer play: when a restriction ends (ON_BREAK, SELF_EXCLUDED, SESSION_LIMIT_REACHED; null: for good). */
  until?: string | null;
  /** Safer play: what a limit still allows (DEPOSIT_LIMIT_REACHED, LOSS_LIMIT_REACHED), in the member's currency. */
  remaining?: number;
}

/** The HTTP status each code is answered with when it is an error; 400 when not listed. */
export const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  'invalid-token': 401,
  gone: 410,
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  WRONG_CREDENTIAL: 401,
  INACTIVE_USER: 403,
  INVALID_IP: 403,
  CLIENT_REQUIRED: 403,
  NOT_FOUND: 404,
  NO_USER: 404,
  IDEMPOTENCY_CONFLICT: 409,
  EXISTING_USER: 409,
  EXISTING_BANK: 409,
  SLIP_REFNO_DUPLICATED: 409,
  TRUELINK_DUPLICATE: 409,
  FILE_TOO_LARGE: 413,
  REQUEST_LIMIT: 429,
  REQUEST_LIMIT_1MIN: 429,
  SLIP_UPLOAD_BUSY: 429,
  BALANCE_CHANGED: 409,
  BONUS_GAME_MONEY: 409,
  OTP_BLOCK: 429,
  OTP_SEND_FAIL: 502,
  INTERNAL_SERVER_ERROR: 500,
  TRANSFER_FAIL: 502,
  GAME_LAUNCH_FAIL: 502,
  PROVIDER_OFF: 409,
  TRANSFER_PENDING: 202,
  TRANSFER_IN_WALLET: 409,
  FORBIDDEN: 403,
  OWN_PROPOSAL: 403,
  OWN_APPROVAL: 403,
  APPROVAL_CODE_INVALID: 403,
  ALREADY_DECIDED: 409,
  CONFIG_STALE: 409,
  BANK_IN_USE: 409,
  MEMBER_TAG_LIMIT: 409,
  OPERATOR_EXISTS: 409,
  FILE_NOT_SUPPORTED: 415,
  CURRENCY_MISMATCH: 409,
  SERVICE_UNAVAILABLE: 503,
  NO_SCHEDULE: 409,
  SERVICE_CLOSED: 409,
  DEPOSIT_LIMIT_REACHED: 409,
  LOSS_LIMIT_REACHED: 409,
  SESSION_LIMIT_REACHED: 403,
  ON_BREAK: 403,
  SELF_EXCLUDED: 403,
  LIMIT_CHANGE_WAITING: 409,
  NO_LIMIT_CHANGE: 409,
  NO_LIMIT: 409,
  LIMIT_RAISE_REFUSED: 403,
  CANNOT_SHORTEN: 409,
  PUSH_OFF: 409,
};

export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code] ?? 400;
