import { sql, type Kysely } from 'kysely';
import { PROMOTION_SETTINGS, SEED_BONUSES } from './0012_promotions.seed';

/**
 * Promotions (issue 13): bonus definitions, the member's bonus as a state model (built on
 * 0006's member_bonus), the turnover read from the game providers, invite earnings and refunds.
 * Every "at most once" rule is a unique key here; money moves only through ledger_post.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Bonuses and promotion codes the operator offers. Exactly one amount rule: a percent of the
  // qualifying deposit with a cap, or a fixed amount. received_total counts every receipt of
  // every member so a quota (BONUS_FULL) holds under concurrency (one conditional update).
  await sql`
    create table bonus_definition (
      code text primary key check (code = upper(code)),
      kind text not null check (kind in ('bonus', 'promotion')),
      type text not null check (type in ('limit', 'day', 'week')),
      max_received integer not null check (max_received > 0),
      quota integer check (quota > 0),
      received_total integer not null default 0,
      amount_percent integer check (amount_percent > 0 and amount_percent <= 1000),
      amount_cap bigint check (amount_cap > 0),
      amount_fixed bigint check (amount_fixed > 0),
      min_deposit bigint not null default 0 check (min_deposit >= 0),
      turnover_multiplier integer not null check (turnover_multiplier between 1 and 100),
      percent_fail integer not null check (percent_fail between 0 and 100),
      categories text[] not null,
      description jsonb not null,
      banners jsonb not null default '[]',
      active boolean not null default true,
      position integer not null default 0,
      created_at timestamptz not null default now(),
      constraint bonus_definition_one_rule check ((amount_fixed is null) <> (amount_percent is null)),
      constraint bonus_definition_quota check (quota is null or received_total <= quota)
    )`.execute(db);

  // The member's bonus: active, then ended with one outcome (completed: the turnover was met;
  // cleared: the member ended it below its lower bound; expired: given up by withdrawing the
  // whole balance before the turnover was met). One active per member (0006's unique index).
  await sql`alter table member_bonus
    add column source text not null default 'bonus' check (source in ('bonus', 'promotion', 'invite', 'refund')),
    add column outcome text check (outcome in ('completed', 'cleared', 'expired')),
    add column amount bigint not null default 0 check (amount >= 0),
    add column deposit_amount bigint not null default 0 check (deposit_amount >= 0),
    add column turnover_target bigint not null default 0 check (turnover_target >= 0),
    add column turnover_done bigint not null default 0 check (turnover_done >= 0),
    add column minimum bigint not null default 0 check (minimum >= 0),
    add column percent_fail integer not null default 0,
    add column categories text[] not null default '{slot,sport,lotto}',
    add column deposit_entry_id bigint references ledger_entry (id),
    add column received_at timestamptz not null default now(),
    add column forfeited bigint not null default 0`.execute(db);
  // An outcome only on an ended bonus (a bonus ended before 0012 has none).
  await sql`alter table member_bonus add constraint member_bonus_outcome check (outcome is null or status = 'ended')`.execute(db);
  // A deposit qualifies for at most one bonus; a promotion code is received once per member.
  await sql`create unique index member_bonus_deposit_unique on member_bonus (deposit_entry_id) where deposit_entry_id is not null`.execute(db);
  await sql`create unique index member_bonus_promotion_once on member_bonus (member_id, code) where source = 'promotion'`.execute(db);
  await sql`create index member_bonus_receipts_idx on member_bonus (member_id, code, received_at)`.execute(db);
  await sql`create index member_bonus_active_idx on member_bonus (id) where status = 'active'`.execute(db);

  // How far the turnover of a held bonus has been read at each provider: the provider's own
  // cursor into its bet history. Advanced by a conditional update in the transaction that adds
  // the turnover, so two processes never count the same bets twice.
  await sql`
    create table bonus_turnover_cursor (
      member_bonus_id bigint not null references member_bonus (id),
      provider_code text not null,
      cursor text not null,
      primary key (member_bonus_id, provider_code)
    )`.execute(db);

  // What a referrer earned from a friend's deposit: one row per deposit entry, so a deposit
  // earns at most once however often (or wherever) the earnings are worked out.
  await sql`
    create table invite_earning (
      id bigint generated always as identity primary key,
      referrer_id integer not null references member (id),
      friend_id integer not null references member (id),
      deposit_entry_id bigint not null unique references ledger_entry (id),
      amount bigint not null check (amount > 0),
      created_at timestamptz not null default now(),
      claim_reference text,
      claimed_at timestamptz,
      constraint invite_earning_claimed check ((claim_reference is null) = (claimed_at is null))
    )`.execute(db);
  await sql`create index invite_earning_referrer_idx on invite_earning (referrer_id, id desc)`.execute(db);

  // A member's refund for a period (cashback on net losses): unique per member and period, so
  // the job makes it once even when several processes run it at the same moment.
  await sql`
    create table refund (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      period text not null,
      net_loss bigint not null check (net_loss > 0),
      amount bigint not null check (amount > 0),
      status text not null default 'waiting' check (status in ('waiting', 'bonus', 'wallet')),
      created_at timestamptz not null default now(),
      received_at timestamptz,
      constraint refund_once unique (member_id, period),
      constraint refund_received check ((status = 'waiting') = (received_at is null))
    )`.execute(db);
  await sql`create index refund_member_idx on refund (member_id, id desc)`.execute(db);

  for (const b of SEED_BONUSES) {
    await sql`insert into bonus_definition (code, kind, type, max_received, quota, amount_percent, amount_cap, amount_fixed,
        min_deposit, turnover_multiplier, percent_fail, categories, description, banners, position)
      values (${b.code}, ${b.kind}, ${b.type}, ${b.maxReceived}, ${b.quota}, ${b.amountPercent}, ${b.amountCap}, ${b.amountFixed},
        ${b.minDeposit}, ${b.turnoverMultiplier}, ${b.percentFail}, string_to_array(${b.categories.join(',')}, ','), ${JSON.stringify(b.description)}::jsonb,
        ${JSON.stringify(b.banners)}::jsonb, ${SEED_BONUSES.indexOf(b)})
      on conflict (code) do nothing`.execute(db);
  }
  for (const [key, value] of Object.entries(PROMOTION_SETTINGS)) {
    await sql`insert into setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`.execute(db);
  }
}
