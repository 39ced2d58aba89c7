import { sql, type Kysely } from 'kysely';

/** The sandbox's True Wallet as 0006 seeded it (gift links only). */
const SEEDED_WALLETS = [{ mode: 'GIFT', walletAccountName: 'SANDBOX WALLET', walletAccountNo: '0990000004' }];
/** The same wallet number now also takes transfers, credited by True Wallet's notification. */
const SANDBOX_WALLETS = [{ mode: 'AUTO', walletAccountName: 'SANDBOX WALLET', walletAccountNo: '0990000004' }, ...SEEDED_WALLETS];

/**
 * Issue 28, the specification's last rows.
 *
 * 1. POST /api/wallet/add becomes the member's deposit notice: "I transferred this amount from my
 *    registered account". It credits nothing. It is `matched` when a bank transfer of its amount is
 *    credited to the member (the deposit's ledger reference, unique: one credit closes one notice),
 *    or `expired` after its lifetime (DEPOSIT_NOTICE in the contract). The member's registered
 *    bank and account at the time are kept with it, for the operator comparing it with a waiting
 *    transfer's sender.
 * 2. True Wallet in AUTO mode is credited by True Wallet's signed notification of an incoming
 *    transfer. Those arrive in `bank_arrival` too (one queue for the operators, one assignment
 *    path), as `channel = 'truewallet'`: our wallet number is the receiving account, the sender's
 *    wallet phone the sender account, baht only, and never the transfer of a bank slip.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table deposit_notice (
      id uuid primary key,
      member_id integer not null references member (id),
      amount bigint not null check (amount > 0),
      currency text not null check (currency in ('BAHT', 'LAK')),
      -- the member's registered account when the notice was made: the transfer came from it
      sender_bank text not null check (length(sender_bank) between 1 and 10),
      sender_account text not null check (length(sender_account) between 1 and 30),
      state text not null default 'pending' check (state in ('pending', 'matched', 'expired')),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      closed_at timestamptz,
      -- the ledger reference of the deposit that matched it
      matched_reference text unique check (length(matched_reference) between 1 and 200),
      constraint deposit_notice_lifetime check (expires_at > created_at),
      constraint deposit_notice_closed check ((state = 'pending') = (closed_at is null)),
      constraint deposit_notice_matched check ((state = 'matched') = (matched_reference is not null)),
      constraint deposit_notice_expired_late check (state <> 'expired' or closed_at >= expires_at),
      constraint deposit_notice_lak_whole check (currency <> 'LAK' or amount % 100 = 0)
    )`.execute(db);
  await sql`create index deposit_notice_member_idx on deposit_notice (member_id, created_at desc)`.execute(db);
  // The operators' queue and the credits look up pending notices by amount; the sweep by expiry.
  await sql`create index deposit_notice_pending_idx on deposit_notice (amount, created_at) where state = 'pending'`.execute(db);
  await sql`create index deposit_notice_expiry_idx on deposit_notice (expires_at) where state = 'pending'`.execute(db);

  await sql`alter table bank_arrival
    add column channel text not null default 'bank' check (channel in ('bank', 'truewallet')),
    add constraint bank_arrival_truewallet check (channel = 'bank' or (bank_code = 'TRUEWALLET' and currency = 'BAHT' and slip_id is null))`.execute(db);

  // The Thai sandbox's True Wallet, if still as 0006 seeded it, takes transfers too (AUTO mode).
  await sql`update setting set value = jsonb_set(value, '{wallets}', ${JSON.stringify(SANDBOX_WALLETS)}::jsonb), updated_at = now()
    where key = 'deposit.TH' and value -> 'wallets' = ${JSON.stringify(SEEDED_WALLETS)}::jsonb`.execute(db);
}
