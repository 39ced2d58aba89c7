import { sql, type Kysely } from 'kysely';
import { DEPOSIT_LA as SEEDED_LA, DEPOSIT_TH as SEEDED_TH } from './0005_member_access.seed';
import { DEPOSIT_LA, DEPOSIT_SETTINGS, DEPOSIT_TH } from './0006_deposits.seed';

/**
 * Deposits (issue 5): slips, QR codes, True Wallet vouchers, the bonus table that blocks
 * deposits, and the sandbox simulators' own books. Every "credited once" rule is a unique
 * constraint here, backed by the ledger's unique (kind, reference).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A bonus the member holds. Filled by the bonus issue; deposits read it now, since a bonus
  // must be ended before the next deposit (SPEC section 4).
  await sql`
    create table member_bonus (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      code text not null,
      status text not null check (status in ('active', 'ended')),
      created_at timestamptz not null default now(),
      ended_at timestamptz,
      constraint member_bonus_ended check ((status = 'ended') = (ended_at is not null))
    )`.execute(db);
  await sql`create unique index member_bonus_one_active on member_bonus (member_id) where status = 'active'`.execute(db);

  // Every slip a member uploads, with its image. A transaction reference can be held by one
  // slip that is in progress or credited; a failed slip leaves it free (so a slip refused for
  // a passing reason can be tried again), and a second upload of a credited slip fails here.
  await sql`
    create table deposit_slip (
      id uuid primary key,
      member_id integer not null references member (id),
      idempotency_key text not null,
      image bytea not null,
      image_type text not null check (image_type in ('image/png', 'image/jpeg')),
      image_hash text not null,
      status text not null default 'PENDING' check (status in ('PENDING', 'SUCCESS', 'FAILED')),
      note text,
      sending_bank text,
      reference text,
      amount bigint check (amount > 0),
      receiving_account text,
      transferred_at timestamptz,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      constraint deposit_slip_key_unique unique (member_id, idempotency_key),
      constraint deposit_slip_outcome check ((status = 'PENDING') = (completed_at is null)),
      constraint deposit_slip_success_amount check (status <> 'SUCCESS' or (amount is not null and reference is not null))
    )`.execute(db);
  await sql`create unique index deposit_slip_reference_unique on deposit_slip (reference) where status <> 'FAILED'`.execute(db);
  await sql`create index deposit_slip_member_idx on deposit_slip (member_id, created_at desc)`.execute(db);
  await sql`create index deposit_slip_pending_idx on deposit_slip (created_at) where status = 'PENDING'`.execute(db);

  // Deposit QR codes. One live code per member and provider; a code is paid at most once, and
  // a gateway's (or bank's) payment reference pays at most one code.
  await sql`
    create table deposit_qrcode (
      id uuid primary key,
      member_id integer not null references member (id),
      provider text not null,
      currency text not null,
      amount bigint not null check (amount > 0),
      reference text not null unique,
      payload text not null,
      gateway_order_id text,
      status text not null default 'live' check (status in ('live', 'paid', 'cancelled', 'replaced')),
      needs_refresh boolean not null default false,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      paid_reference text unique,
      paid_amount bigint,
      constraint deposit_qrcode_paid check ((status = 'paid') = (paid_reference is not null))
    )`.execute(db);
  await sql`create unique index deposit_qrcode_one_live on deposit_qrcode (member_id, provider) where status = 'live'`.execute(db);

  // True Wallet gift vouchers. A voucher is redeemed for at most one deposit; a refused one
  // (below the minimum, several tickets, unknown) does not hold it.
  await sql`
    create table deposit_truewallet (
      id uuid primary key,
      member_id integer not null references member (id),
      voucher text not null,
      status text not null check (status in ('redeeming', 'credited', 'failed')),
      amount bigint check (amount > 0),
      note text,
      idempotency_key text not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create unique index deposit_truewallet_voucher_unique on deposit_truewallet (voucher) where status <> 'failed'`.execute(db);
  await sql`create index deposit_truewallet_member_idx on deposit_truewallet (member_id, created_at desc)`.execute(db);

  // The sandbox simulators' books (sandbox mode only writes them): the bank's transfers that
  // its slips show, the payment gateway's orders, and the True Wallet vouchers.
  await sql`
    create table sandbox_bank_transfer (
      reference text primary key,
      sending_bank text not null,
      receiving_bank text not null,
      receiving_account text not null,
      amount bigint not null check (amount > 0),
      currency text not null,
      transferred_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sandbox_gateway_order (
      order_id text primary key,
      provider text not null,
      amount bigint not null check (amount > 0),
      currency text not null,
      expires_at timestamptz not null,
      status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
      payment_reference text unique,
      paid_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_truewallet_voucher (
      voucher text primary key,
      amount bigint not null check (amount > 0),
      tickets integer not null check (tickets >= 1),
      redeemed_by text,
      redeemed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  // The deposit accounts gain the payment providers, the KBANK PromptPay QR and the BCEL
  // instruction image; an operator's own accounts (anything but the 0005 seed) stay as they are.
  for (const [key, seeded, value] of [['deposit.TH', SEEDED_TH, DEPOSIT_TH], ['deposit.LA', SEEDED_LA, DEPOSIT_LA]] as const) {
    await sql`update setting set value = ${JSON.stringify(value)}::jsonb, updated_at = now()
      where key = ${key} and value = ${JSON.stringify(seeded)}::jsonb`.execute(db);
  }
  for (const [key, value] of Object.entries(DEPOSIT_SETTINGS)) {
    await sql`insert into setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`.execute(db);
  }
}
