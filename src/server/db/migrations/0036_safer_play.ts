import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: safer play. The rules the database can hold are held here, so no code path and no SQL
 * prompt can break them:
 * - `safer_play_limit`: one limit per member, kind and period (the primary key), its value above 0
 *   (minor units for deposit and loss, minutes for session), and a pending raise or removal whose
 *   fields are all set or all empty, a removal having no value and a raise a higher one, the
 *   cooling-off ending after it was asked and the confirm window after that.
 * - `safer_play_pause`: breaks and self-exclusions with their lengths; only an exclusion for good
 *   has no end; rows are never updated or deleted (a pause cannot be shortened or ended).
 * - `safer_play_exclusion_ask`: the first confirmation of a self-exclusion, used once.
 * - `safer_play_activity`: stretches of signed-in time per session (the session limit and the
 *   reality check count them), each ending no earlier than it started.
 * - `safer_play_member`: the member's reality-check interval; `safer_play_ack` the last
 *   acknowledged reminder of a session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table safer_play_limit (
      member_id integer not null references member (id),
      kind text not null check (kind in ('deposit', 'loss', 'session')),
      period text not null check (period in ('day', 'week', 'month')),
      value bigint not null check (value > 0),
      set_by text not null check (set_by in ('member', 'operator')),
      since timestamptz not null,
      pending_value bigint check (pending_value > 0),
      pending_removal boolean not null default false,
      pending_asked_at timestamptz,
      pending_confirmable_at timestamptz,
      pending_lapses_at timestamptz,
      primary key (member_id, kind, period),
      constraint safer_play_limit_session_minutes check (kind <> 'session' or value <= 44640),
      constraint safer_play_limit_pending_whole check (
        (pending_asked_at is null and pending_confirmable_at is null and pending_lapses_at is null
          and pending_value is null and not pending_removal)
        or (pending_asked_at is not null and pending_confirmable_at > pending_asked_at
          and pending_lapses_at > pending_confirmable_at
          and ((pending_removal and pending_value is null) or (not pending_removal and pending_value > value))))
    )`.execute(db);
  await sql`
    create table safer_play_pause (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      kind text not null check (kind in ('break', 'exclusion')),
      length text not null,
      started_at timestamptz not null,
      ends_at timestamptz,
      constraint safer_play_pause_length check (
        (kind = 'break' and length in ('24h', '7d', '30d', '6w') and ends_at > started_at)
        or (kind = 'exclusion' and length in ('6m', '12m', '24m', '60m') and ends_at > started_at)
        or (kind = 'exclusion' and length = 'forever' and ends_at is null))
    )`.execute(db);
  await sql`create index safer_play_pause_member_idx on safer_play_pause (member_id, started_at desc)`.execute(db);
  await sql`
    create function safer_play_pause_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'a break or self-exclusion is never changed or removed' using errcode = '23514';
    end $$`.execute(db);
  await sql`
    create trigger safer_play_pause_fixed before update or delete on safer_play_pause
    for each row execute function safer_play_pause_fixed()`.execute(db);
  await sql`
    create table safer_play_exclusion_ask (
      token_hash text primary key,
      member_id integer not null references member (id),
      length text not null check (length in ('6m', '12m', '24m', '60m', 'forever')),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`
    create table safer_play_activity (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      session_id uuid not null,
      started_at timestamptz not null,
      last_seen_at timestamptz not null,
      check (last_seen_at >= started_at)
    )`.execute(db);
  await sql`create index safer_play_activity_member_idx on safer_play_activity (member_id, last_seen_at desc)`.execute(db);
  await sql`create index safer_play_activity_session_idx on safer_play_activity (session_id, last_seen_at desc)`.execute(db);
  await sql`
    create table safer_play_member (
      member_id integer primary key references member (id),
      reality_minutes integer not null default 60 check (reality_minutes in (15, 30, 45, 60, 90, 120))
    )`.execute(db);
  await sql`
    create table safer_play_ack (
      session_id uuid primary key,
      member_id integer not null references member (id),
      acknowledged_at timestamptz not null
    )`.execute(db);
}
