import { sql, type Kysely } from 'kysely';

/**
 * Member 360 and risk signals (issue 30).
 *
 * - `session.device_id`: the stable device id the member client sends (X-Device-Id) at login.
 * - `member_device`: each device a member used, first and last seen and the last address; one row
 *   per (member, device), moved by an upsert at login, registration and money calls.
 * - `member_tag`, `member_note`: operators' tags and notes on a member. Notes are append-only, as
 *   the audit is: a note once written stays (a correction is a new note).
 * - `risk_sender_key(channel, account)`: the sender of an incoming transfer in the form a member
 *   registers it (bank account digits; a wallet phone as 0 and 9 digits), null when masked, so
 *   that money from another member's registered account or phone links the two; indexed.
 * - `session (ip, created_at)`: logins of other members from one address within a window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table session add column device_id uuid`.execute(db);
  await sql`create index session_ip_idx on session (ip, created_at) where ip is not null`.execute(db);
  await sql`create index session_member_created_idx on session (member_id, created_at desc)`.execute(db);

  await sql`
    create table member_device (
      member_id integer not null references member (id),
      device_id uuid not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      last_ip text check (length(last_ip) <= 100),
      primary key (member_id, device_id),
      constraint member_device_seen check (last_seen_at >= first_seen_at)
    )`.execute(db);
  await sql`create index member_device_device_idx on member_device (device_id)`.execute(db);

  await sql`
    create table member_tag (
      member_id integer not null references member (id),
      tag text not null check (char_length(tag) between 1 and 30 and tag = btrim(tag) and tag !~ '[[:cntrl:]]'),
      operator_id integer references operator (id),
      created_at timestamptz not null default now(),
      primary key (member_id, tag)
    )`.execute(db);

  await sql`
    create table member_note (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      -- plain text: line breaks and tabs, no other control character
      text text not null check (char_length(text) between 1 and 1000 and regexp_replace(text, '[\n\r\t]', '', 'g') !~ '[[:cntrl:]]'),
      operator_id integer references operator (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_note_member_idx on member_note (member_id, id desc)`.execute(db);
  await sql`
    create function member_note_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'member notes are append-only (% on %)', tg_op, tg_table_name using errcode = '23514';
    end $$`.execute(db);
  await sql`create trigger member_note_no_change before update or delete on member_note
    for each row execute function member_note_append_only()`.execute(db);
  await sql`create trigger member_note_no_truncate before truncate on member_note
    for each statement execute function member_note_append_only()`.execute(db);

  await sql`
    create function risk_sender_key(p_channel text, p_account text) returns text
    language sql immutable as $$
      select case
        when p_account ~ '[xX*]' then null
        when p_channel = 'truewallet' and regexp_replace(p_account, '[^0-9]', '', 'g') ~ '^66[0-9]{9}$'
          then '0' || substr(regexp_replace(p_account, '[^0-9]', '', 'g'), 3)
        else nullif(regexp_replace(p_account, '[^0-9]', '', 'g'), '')
      end
    $$`.execute(db);
  await sql`create index bank_arrival_sender_key_idx on bank_arrival (risk_sender_key(channel, sender_account))
    where status = 'credited'`.execute(db);
}
