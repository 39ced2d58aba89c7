import type { ColumnType, Generated } from 'kysely';

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
}

export type SlipStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** An uploaded slip and its image (0006_deposits). */
export interface DepositSlipTable {
  id: string;
  member_id: number;
  idempotency_key: string;
  image: Uint8Array;
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

export type QrcodeStatus = 'live' | 'paid' | 'cancelled' | 'replaced';

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

export type { Generated };
