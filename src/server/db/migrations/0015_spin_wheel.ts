import { sql, type Kysely } from 'kysely';
import { SANDBOX_WHEEL } from './0015_spin_wheel.seed';

/**
 * The spin wheel (issue 14): operator-defined wheels and slices, the coins members earn, each
 * spin, and the prize coupons spins create. A member's coins are `member.coin` (0002 keeps
 * them at zero or above, so spending one is a guarded decrement: two spins sent at once with
 * one coin left can't both pass). The other rules that money and coins rest on are
 * constraints here: a deposit grants coins at most once, a spin
 * makes at most one coupon, and a coupon is claimed at most once (the ledger's unique
 * (kind, reference) on the claim's entry guards the credit as well).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One wheel is active at a time. Texts are per language ({ th, la, en }). The coin rule
  // says which deposits earn coins: `minDeposit` per currency in minor units, `coins` per
  // qualifying deposit, and `firstDepositOnly`.
  await sql`
    create table spin_wheel (
      id integer generated always as identity primary key,
      name jsonb not null,
      active boolean not null default false,
      coin_rule jsonb not null,
      coupon_valid_days integer not null check (coupon_valid_days > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index spin_wheel_one_active on spin_wheel ((true)) where active`.execute(db);

  // A slice's weight decides how often it is drawn; it never leaves the server. Its prize is
  // money claimed through a coupon ('credit', an amount per currency in minor units) or
  // nothing.
  await sql`
    create table spin_slice (
      id integer generated always as identity primary key,
      wheel_id integer not null references spin_wheel (id),
      position integer not null check (position >= 0),
      code text not null,
      label jsonb not null,
      bg_color text not null,
      text_color text not null,
      html_description jsonb not null,
      weight integer not null check (weight > 0),
      prize_kind text not null check (prize_kind in ('credit', 'nothing')),
      prize_name jsonb not null,
      prize_amount jsonb not null default '{}',
      constraint spin_slice_position_unique unique (wheel_id, position),
      constraint spin_slice_code_unique unique (wheel_id, code)
    )`.execute(db);

  // Why a member was given coins. The source (a deposit's ledger kind and reference) is
  // unique, so a deposit credited once grants its coins once, whatever retries.
  await sql`
    create table spin_coin_grant (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      wheel_id integer not null references spin_wheel (id),
      source text not null,
      coins integer not null check (coins > 0),
      created_at timestamptz not null default now(),
      constraint spin_coin_grant_source_unique unique (source)
    )`.execute(db);

  await sql`
    create table spin (
      id uuid primary key,
      member_id integer not null references member (id),
      wheel_id integer not null references spin_wheel (id),
      slice_id integer not null references spin_slice (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index spin_member_idx on spin (member_id, created_at desc)`.execute(db);

  // The prize a spin won, until the member claims it into the wallet.
  await sql`
    create table spin_coupon (
      id uuid primary key,
      member_id integer not null references member (id),
      spin_id uuid not null references spin (id),
      slice_id integer not null references spin_slice (id),
      currency text not null,
      amount bigint not null check (amount > 0),
      status text not null default 'open' check (status in ('open', 'claimed')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      claimed_at timestamptz,
      constraint spin_coupon_spin_unique unique (spin_id),
      constraint spin_coupon_claimed check ((status = 'claimed') = (claimed_at is not null))
    )`.execute(db);
  await sql`create index spin_coupon_open_idx on spin_coupon (member_id, created_at) where status = 'open'`.execute(db);

  const wheel = await sql<{ id: number }>`
    insert into spin_wheel (name, active, coin_rule, coupon_valid_days)
    values (${JSON.stringify(SANDBOX_WHEEL.name)}::jsonb, true, ${JSON.stringify(SANDBOX_WHEEL.coinRule)}::jsonb, ${SANDBOX_WHEEL.couponValidDays})
    returning id`.execute(db);
  const wheelId = wheel.rows[0].id;
  for (const [position, s] of SANDBOX_WHEEL.slices.entries()) {
    await sql`
      insert into spin_slice (wheel_id, position, code, label, bg_color, text_color, html_description, weight, prize_kind, prize_name, prize_amount)
      values (${wheelId}, ${position}, ${s.code}, ${JSON.stringify(s.label)}::jsonb, ${s.bgColor}, ${s.textColor},
        ${JSON.stringify(s.htmlDescription)}::jsonb, ${s.weight}, ${s.prizeKind}, ${JSON.stringify(s.prizeName)}::jsonb,
        ${JSON.stringify(s.prizeAmount)}::jsonb)`.execute(db);
  }
}
