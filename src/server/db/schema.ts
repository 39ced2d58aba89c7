import type { ColumnType, Generated } from 'kysely';
import type { WithdrawalRejectReason } from '../../contract/constants';

/**
 * The database as Kysely sees it. Each migration that adds a table adds its interface here.
 * Money columns are int8 minor units, read as bigint.
 */
export interface DB {
  setting: SettingTable;
  member: MemberTable;
  session: SessionTable;
  otp: OtpTable;
  otp_phone: OtpPhoneTable;
  throttle: ThrottleTable;
  sandbox_sms: SandboxSmsTable;
  member_agreement: MemberAgreementTable;
  ledger_account: LedgerAccountTable;
  ledger_entry: LedgerEntryTable;
  ledger_posting: LedgerPostingTable;
  idempotency_key: IdempotencyKeyTable;
  game_account: GameAccountTable;
  game_transfer: GameTransferTable;
  withdrawal: WithdrawalTable;
  demo_player: DemoPlayerTable;
  demo_transfer: DemoTransferTable;
  demo_bet: DemoBetTable;
  sandbox_payout: SandboxPayoutTable;
  member_bonus: MemberBonusTable;
  deposit_slip: DepositSlipTable;
  deposit_qrcode: DepositQrcodeTable;
  deposit_truewallet: DepositTruewalletTable;
  sandbox_bank_transfer: SandboxBankTransferTable;
  sandbox_gateway_order: SandboxGatewayOrderTable;
  sandbox_truewallet_voucher: SandboxTruewalletVoucherTable;
  bonus_definition: BonusDefinitionTable;
  bonus_turnover_cursor: BonusTurnoverCursorTable;
  invite_earning: InviteEarningTable;
  refund: RefundTable;
  spin_wheel: SpinWheelTable;
  spin_slice: SpinSliceTable;
  spin_coin_grant: SpinCoinGrantTable;
  spin: SpinTable;
  spin_coupon: SpinCouponTable;
  login_address_failures: LoginAddressFailuresTable;
  member_list_count: MemberListCountTable;
  statement_kind: StatementKindTable;
  statement_line: StatementLineTable;
  ledger_audit_checkpoint: LedgerAuditCheckpointTable;
  ledger_audit_balance: LedgerAuditBalanceTable;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Operator settings: one JSON value per key, seeded by migrations, changed by the back office. */
export interface SettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface MemberTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  country: 'TH' | 'LA';
  currency: 'BAHT' | 'LAK';
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  source_code: string | null;
  referrer_id: number | null;
  status: Generated<'active' | 'locked'>;
  coin: Generated<number>;
  created_at: Generated<Date>;
  password_changed_at: Generated<Date>;
}

export interface SessionTable {
  id: string;
  member_id: number;
  token_hash: string;
  persistent: Generated<boolean>;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** The device id the member client sent at login (migration 0034); null when none or malformed. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An OTP code sent by SMS (0005_member_access); code and token are stored only as hashes. */
export interface OtpTable {
  id: string;
  phone: string;
  ref: string;
  token_hash: string;
  code_hash: string;
  request_ip: string | null;
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  verified_at: Date | null;
  verified_ip: string | null;
  consumed_at: Date | null;
  /** What the code is for: verifying a phone to register, or resetting a forgotten password (migration 0029). */
  purpose: Generated<'register' | 'reset'>;
}

export interface OtpPhoneTable {
  phone: string;
  last_sent_at: Date;
  blocked_until: Date | null;
}

/** Request counters shared by every process: hits per bucket per fixed window. */
export interface ThrottleTable {
  bucket: string;
  window_start: Date;
  hits: number;
  expires_at: Date;
}

export interface SandboxSmsTable {
  id: Generated<bigint>;
  recipient: string;
  text: string;
  code: string;
  created_at: Date;
}

export interface MemberAgreementTable {
  member_id: number;
  version: number;
  accepted_at: Generated<Date>;
}

export type LedgerAccountKind = 'wallet' | 'game' | 'house';

export interface LedgerAccountTable {
  id: Generated<bigint>;
  member_id: number | null;
  kind: LedgerAccountKind;
  code: string;
  currency: string;
  balance: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface LedgerEntryTable {
  id: Generated<bigint>;
  kind: string;
  member_id: number | null;
  reference: string | null;
  description: ColumnType<Record<string, unknown> | null, string | null, never>;
  created_at: Generated<Date>;
}

export interface LedgerPostingTable {
  entry_id: bigint;
  account_id: bigint;
  amount: bigint;
}

export interface IdempotencyKeyTable {
  member_id: number;
  key: string;
  operation: string;
  request_hash: string;
  state: Generated<'pending' | 'done'>;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface GameAccountTable {
  member_id: number;
  provider_code: string;
  is_active: Generated<boolean>;
  username: string | null;
  password: string | null;
  activated_at: Date | null;
  transfer_seq: Generated<bigint>;
  synced_at: Date | null;
}

export type TransferDirection = 'to_game' | 'from_game';
export type TransferStatus = 'pending' | 'settled' | 'reversed';

export interface GameTransferTable {
  id: string;
  member_id: number;
  provider_code: string;
  direction: TransferDirection;
  amount: bigint;
  status: Generated<TransferStatus>;
  idempotency_key: string | null;
  completes_key: Generated<boolean>;
  /** The accounts the transfer moves between (null on rows reserved before migration 0007). */
  source_account: bigint | null;
  in_flight_account: bigint | null;
  target_account: bigint | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export type WithdrawalStatus = 'queued' | 'paying' | 'paid' | 'rejected';

export interface WithdrawalTable {
  id: string;
  member_id: number;
  amount: bigint;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  status: WithdrawalStatus;
  idempotency_key: string;
  payout_reference: string | null;
  decided_by: string | null;
  note: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
  /** The four-eyes amount (minor units) that applied when it was made; null: made before the rule (0035). */
  second_approval_above: ColumnType<bigint | null, bigint | null | undefined, never>;
  first_approved_by: ColumnType<number | null, number | null | undefined, number>;
  first_approved_at: ColumnType<Date | null, Date | null | undefined, Date>;
  /** The operator whose approval sent it to the payout (the only one, or the second of two). */
  approved_by: ColumnType<number | null, number | null | undefined, number>;
  reject_reason: WithdrawalRejectReason | null;
  reject_text: string | null;
}

export interface DemoPlayerTable {
  provider_code: string;
  username: string;
  password: string;
  balance: Generated<bigint>;
}

export interface DemoTransferTable {
  provider_code: string;
  reference: string;
  username: string;
  amount: bigint;
  voided: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface DemoBetTable {
  id: Generated<bigint>;
  provider_code: string;
  username: string;
  bet: bigint;
  win: bigint;
  created_at: Generated<Date>;
}

export interface SandboxPayoutTable {
  reference: string;
  bank_code: string;
  bank_account_no: string;
  amount: bigint;
  created_at: Generated<Date>;
}

/** A bonus the member holds (0006_deposits); while one is active, deposits are refused. */
export interface MemberBonusTable {
  id: Generated<bigint>;
  member_id: number;
  code: string;
  status: 'active' | 'ended';
  created_at: Generated<Date>;
  ended_at: Date | null;
  // 0012_promotions: the bonus as a state model (active, then ended with one outcome).
  source: Generated<'bonus' | 'promotion' | 'invite' | 'refund'>;
  outcome: ColumnType<'completed' | 'cleared' | 'expired' | null, 'completed' | 'cleared' | 'expired' | null | undefined, 'completed' | 'cleared' | 'expired' | null>;
  amount: Generated<bigint>;
  deposit_amount: Generated<bigint>;
  turnover_target: Generated<bigint>;
  turnover_done: Generated<bigint>;
  minimum: Generated<bigint>;
  percent_fail: Generated<number>;
  categories: Generated<string[]>;
  deposit_entry_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  received_at: Timestamp;
  forfeited: Generated<bigint>;
}

export type SlipStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** An uploaded slip and its image (0006_deposits). */
export interface DepositSlipTable {
  id: string;
  member_id: number;
  idempotency_key: string;
  /** Null once a failed slip's review window has passed (migration 0008). */
  image: Uint8Array | null;
  image_type: 'image/png' | 'image/jpeg';
  image_hash: string;
  status: Generated<SlipStatus>;
  note: string | null;
  sending_bank: string | null;
  reference: string | null;
  amount: bigint | null;
  receiving_account: string | null;
  transferred_at: Date | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export type QrcodeStatus = 'live' | 'paid' | 'held' | 'cancelled' | 'replaced';

/** A deposit QR code (0006_deposits). */
export interface DepositQrcodeTable {
  id: string;
  member_id: number;
  provider: string;
  currency: string;
  amount: bigint;
  reference: string;
  payload: string;
  gateway_order_id: string | null;
  status: Generated<QrcodeStatus>;
  needs_refresh: Generated<boolean>;
  expires_at: Date;
  created_at: Generated<Date>;
  closed_at: Date | null;
  paid_reference: string | null;
  paid_amount: bigint | null;
}

/** A True Wallet gift voucher deposit (0006_deposits). */
export interface DepositTruewalletTable {
  id: string;
  member_id: number;
  voucher: string;
  status: 'redeeming' | 'credited' | 'failed';
  amount: bigint | null;
  note: string | null;
  idempotency_key: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface SandboxBankTransferTable {
  reference: string;
  sending_bank: string;
  receiving_bank: string;
  receiving_account: string;
  amount: bigint;
  currency: string;
  transferred_at: Date;
}

export interface SandboxGatewayOrderTable {
  order_id: string;
  provider: string;
  amount: bigint;
  currency: string;
  expires_at: Date;
  status: Generated<'open' | 'paid' | 'cancelled'>;
  payment_reference: string | null;
  paid_at: Date | null;
  created_at: Generated<Date>;
}

export interface SandboxTruewalletVoucherTable {
  voucher: string;
  amount: bigint;
  tickets: number;
  redeemed_by: string | null;
  redeemed_at: Date | null;
  created_at: Generated<Date>;
}

/** A text an operator writes, in each of the product's languages. */
export type LocalizedText = { th: string; la: string; en: string };

/** A spin wheel (0015_spin_wheel); one is active at a time. */
export interface SpinWheelTable {
  id: Generated<number>;
  name: LocalizedText;
  active: boolean;
  coin_rule: { minDeposit: Record<string, number>; coins: number; firstDepositOnly: boolean };
  coupon_valid_days: number;
  created_at: Generated<Date>;
}

/**
 * A slice of a wheel; its weight never leaves the server. Its code, weight and prize are written
 * once (0031): a change retires it and a new slice of the same code takes its place.
 */
export interface SpinSliceTable {
  id: Generated<number>;
  wheel_id: number;
  position: number;
  code: string;
  label: LocalizedText;
  bg_color: string;
  text_color: string;
  html_description: LocalizedText;
  weight: number;
  prize_kind: 'credit' | 'nothing';
  prize_name: LocalizedText;
  /** Minor units per currency. */
  prize_amount: Record<string, number>;
  /** Set when the slice left the wheel; spins and coupons of it keep naming it. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SpinCoinGrantTable {
  id: Generated<bigint>;
  member_id: number;
  wheel_id: number;
  source: string;
  coins: number;
  created_at: Generated<Date>;
}

export interface SpinTable {
  id: string;
  member_id: number;
  wheel_id: number;
  slice_id: number;
  created_at: Generated<Date>;
}

export interface SpinCouponTable {
  id: string;
  member_id: number;
  spin_id: string;
  slice_id: number;
  currency: string;
  amount: bigint;
  status: Generated<'open' | 'claimed'>;
  created_at: Generated<Date>;
  expires_at: Date;
  claimed_at: Date | null;
}

/** Failed logins per client address (migration 0008, renamed and without the wait in 0023). */
export interface LoginAddressFailuresTable {
  address: string;
  failures: number;
  last_failure_at: Date;
}

/** How many rows each of a member's lists holds, moved at commit (migration 0009). */
export interface MemberListCountTable {
  member_id: number;
  list: string;
  n: ColumnType<bigint, bigint | number, bigint | number>;
}

/** The ledger entry kinds a member's statement shows. */
export interface StatementKindTable {
  kind: string;
}

/** A member's statement entries numbered 1, 2, 3... in commit order. */
export interface StatementLineTable {
  member_id: number;
  seq: ColumnType<bigint, bigint | number, bigint | number>;
  entry_id: ColumnType<bigint, bigint | number, bigint | number>;
}

/** The last entry whose postings the audit has summed (one row). */
export interface LedgerAuditCheckpointTable {
  id: Generated<boolean>;
  last_entry_id: ColumnType<bigint, bigint | number, bigint | number>;
  audited_at: Generated<Date>;
}

/** Per account, the sum of its postings up to the checkpoint. */
export interface LedgerAuditBalanceTable {
  account_id: ColumnType<bigint, bigint | number, bigint | number>;
  posted: ColumnType<bigint, bigint | number, bigint | number>;
}

export type { Generated };

/** An amount per member currency, in minor units: `{ "BAHT": 50000, "LAK": 30000000 }` (0026). */
export type PerCurrencyAmount = Partial<Record<string, number>>;

/**
 * A bonus or promotion code the operator offers (0012_promotions). Amounts in minor units, each
 * per member currency since 0026_promotion_currencies.
 */
export interface BonusDefinitionTable {
  code: string;
  kind: 'bonus' | 'promotion';
  type: 'limit' | 'day' | 'week';
  max_received: number;
  quota: number | null;
  received_total: Generated<number>;
  amount_percent: number | null;
  amount_cap: ColumnType<PerCurrencyAmount | null, string | null, string | null>;
  amount_fixed: ColumnType<PerCurrencyAmount | null, string | null, string | null>;
  min_deposit: ColumnType<PerCurrencyAmount, string | undefined, string>;
  turnover_multiplier: number;
  percent_fail: number;
  categories: string[];
  description: ColumnType<unknown, string, string>;
  banners: ColumnType<unknown, string | undefined, string>;
  active: Generated<boolean>;
  position: Generated<number>;
  created_at: Generated<Date>;
  /** Offered from / until (null: no bound), against the app clock (0032_bonus_schedule). */
  starts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** How far a held bonus's turnover has been read at a provider (0012_promotions). */
export interface BonusTurnoverCursorTable {
  member_bonus_id: bigint;
  provider_code: string;
  cursor: string;
}

/** What a referrer earned from one of a friend's deposits (0012_promotions). */
export interface InviteEarningTable {
  id: Generated<bigint>;
  referrer_id: number;
  friend_id: number;
  deposit_entry_id: bigint;
  amount: bigint;
  created_at: Generated<Date>;
  claim_reference: string | null;
  claimed_at: Date | null;
}

/** A member's refund (cashback) for one period (0012_promotions). */
export interface RefundTable {
  id: Generated<bigint>;
  member_id: number;
  period: string;
  net_loss: bigint;
  amount: bigint;
  status: Generated<'waiting' | 'bonus' | 'wallet' | 'forfeited'>;
  created_at: Generated<Date>;
  received_at: Date | null;
}

// The back office (migration 0014). Declared as a second part of DB so branches that append
// their own tables merge without touching the same lines.
export interface DB {
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  operator_audit: OperatorAuditTable;
  manual_adjustment: ManualAdjustmentTable;
}

export interface SandboxBankTransferTable {
  /** The sandbox bank holds back this transfer's confirmation (the slip waits for an operator). */
  held: Generated<boolean>;
}

export interface OperatorTable {
  id: Generated<number>;
  username: string;
  name: string;
  role: 'support' | 'finance' | 'admin';
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: ColumnType<bigint | null, bigint | number | null, bigint | number | null> | null;
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  /** The admin who made this operator in the console; null for the sandbox seed and `admin:create` (migration 0022). */
  created_by: number | null;
}

export interface OperatorSessionTable {
  id: string;
  operator_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OperatorAuditTable {
  id: Generated<string>;
  operator_id: number | null;
  operator_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface ManualAdjustmentTable {
  id: string;
  member_id: number;
  direction: 'credit' | 'debit';
  amount: ColumnType<bigint, bigint, bigint>;
  reason: string;
  status: Generated<'proposed' | 'approved' | 'rejected'>;
  proposed_by: number;
  proposal_key: string;
  decided_by: number | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}
/** Support chat (0013_chat): declared apart so that the DB interface above stays untouched. */
export interface DB {
  chat_conversation: ChatConversationTable;
  chat_message: ChatMessageTable;
  chat_file: ChatFileTable;
}

export interface ChatConversationTable {
  id: string;
  member_id: number | null;
  guest_id: string | null;
  session_id: string;
  last_message_at: Generated<Date>;
  created_at: Generated<Date>;
}

export interface ChatMessageTable {
  id: string;
  seq: Generated<bigint>;
  conversation_id: string;
  sender: string;
  /** The contract's message body (chatMessageBody), as JSON. */
  body: ColumnType<unknown, string, string>;
  username: string | null;
  name: string | null;
  device_token: string | null;
  session_id: string;
  created_at: Generated<Date>;
  read_at: Date | null;
}

export interface ChatFileTable {
  id: string;
  conversation_id: string;
  file_type: 'image' | 'video';
  mime: string;
  name: string;
  size_bytes: ColumnType<bigint, bigint | number, bigint | number>;
  storage_key: string;
  created_at: Generated<Date>;
  /** The address the upload came from (migration 0025): the per-address byte budget. Null before it. */
  uploader_ip: string | null;
  /** When a sent message first named the file; until then it is swept after the grace time. */
  attached_at: Date | null;
}

/** Incoming bank transfers from the banks' feeds (0018_bank_arrivals): declared apart, as above. */
export interface DB {
  bank_arrival: BankArrivalTable;
}

export type BankArrivalStatus = 'unmatched' | 'credited' | 'dismissed';

export interface BankArrivalTable {
  id: string;
  bank_code: string;
  receiving_account: string;
  reference: string;
  amount: ColumnType<bigint, bigint, bigint>;
  currency: 'BAHT' | 'LAK';
  sender_bank: string;
  sender_account: string;
  sender_name: string | null;
  transferred_at: Date;
  received_at: Generated<Date>;
  status: Generated<BankArrivalStatus>;
  reason: string | null;
  member_id: number | null;
  decided_by: number | null;
  note: string | null;
  decided_at: Date | null;
  /** The slip that credited this transfer (then the arrival books nothing itself). */
  slip_id: Generated<string | null>;
  /** A bank's feed, or True Wallet's (0028_deposit_notices). */
  channel: Generated<'bank' | 'truewallet' | 'qr'>;
}

/** Members' deposit notices (0028_deposit_notices): "I transferred this amount from my registered account". */
export interface DB {
  deposit_notice: DepositNoticeTable;
}

export interface DepositNoticeTable {
  id: string;
  member_id: number;
  amount: ColumnType<bigint, bigint, bigint>;
  currency: 'BAHT' | 'LAK';
  sender_bank: string;
  sender_account: string;
  state: Generated<'pending' | 'matched' | 'expired'>;
  created_at: Date;
  expires_at: Date;
  closed_at: Date | null;
  matched_reference: string | null;
}

// Configuration changes (migration 0030), a third part of DB for the same reason as the back office's.
export interface DB {
  config_change: ConfigChangeTable;
}

export interface ConfigChangeTable {
  id: Generated<bigint>;
  section: string;
  target: string;
  moves_money: boolean;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  proposed_by: number;
  decided_by: number | null;
  note: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

// Member 360 and risk signals (migration 0034), a part of DB of its own as the ones above.
export interface DB {
  member_device: MemberDeviceTable;
  member_tag: MemberTagTable;
  member_note: MemberNoteTable;
}

/** A device a member used: first and last seen, and the address it was last seen from. */
export interface MemberDeviceTable {
  member_id: number;
  device_id: string;
  first_seen_at: Date;
  last_seen_at: Date;
  last_ip: string | null;
}

export interface MemberTagTable {
  member_id: number;
  tag: string;
  operator_id: number | null;
  created_at: Generated<Date>;
}

/** Append-only (a trigger refuses update and delete). */
export interface MemberNoteTable {
  id: Generated<bigint>;
  member_id: number;
  text: string;
  operator_id: number | null;
  created_at: Generated<Date>;
}

/** Safer play (0036_safer_play, issue 31). */
export interface DB {
  safer_play_limit: SaferPlayLimitTable;
  safer_play_pause: SaferPlayPauseTable;
  safer_play_exclusion_ask: SaferPlayExclusionAskTable;
  safer_play_activity: SaferPlayActivityTable;
  safer_play_member: SaferPlayMemberTable;
  safer_play_ack: SaferPlayAckTable;
}

/** A member's limit: value in minor units (deposit, loss) or minutes (session), with any pending raise or removal. */
export interface SaferPlayLimitTable {
  member_id: number;
  kind: 'deposit' | 'loss' | 'session';
  period: 'day' | 'week' | 'month';
  value: ColumnType<bigint, bigint | string, bigint | string>;
  set_by: 'member' | 'operator';
  since: Date;
  pending_value: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;
  pending_removal: ColumnType<boolean, boolean | undefined, boolean>;
  pending_asked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  pending_confirmable_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  pending_lapses_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SaferPlayPauseTable {
  id: Generated<bigint>;
  member_id: number;
  kind: 'break' | 'exclusion';
  length: string;
  started_at: Date;
  ends_at: Date | null;
}

export interface SaferPlayExclusionAskTable {
  token_hash: string;
  member_id: number;
  length: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface SaferPlayActivityTable {
  id: Generated<bigint>;
  member_id: number;
  session_id: string;
  started_at: Date;
  last_seen_at: Date;
}

export interface SaferPlayMemberTable {
  member_id: number;
  reality_minutes: ColumnType<number, number | undefined, number>;
}

export interface SaferPlayAckTable {
  session_id: string;
  member_id: number;
  acknowledged_at: Date;
}

/** Web Push (0039_push_subscription, issue 32). */
export interface DB {
  push_subscription: PushSubscriptionTable;
  push_vapid: PushVapidTable;
  sandbox_push: SandboxPushTable;
}

/** A browser's push subscription for one member; the endpoint is unique (one device). */
export interface PushSubscriptionTable {
  id: Generated<bigint>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: 'th' | 'la' | 'en';
  created_at: Date;
  updated_at: Date;
}

/** Sandbox mode's VAPID key pair when the configuration names none: one row. */
export interface PushVapidTable {
  id: Generated<boolean>;
  public_key: string;
  private_key: string;
  subject: string;
  created_at: Generated<Date>;
}

/** The sandbox outbox: each push sent, as the member's device would show it. */
export interface SandboxPushTable {
  id: Generated<bigint>;
  member_id: number;
  /** The push service's origin only: an endpoint's path is the subscription's capability. */
  service: string;
  language: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  /** 'sent', 'gone' (404/410, the subscription deleted) or 'failed'. */
  status: string;
  created_at: Date;
}
