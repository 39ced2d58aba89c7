import { sql, type Kysely } from 'kysely';

/**
 * The back office (issue 16): operators with roles and two-factor login, their sessions, the
 * append-only audit log, manual credits and debits under maker-checker, and a sandbox bank
 * transfer whose confirmation the bank holds back (so a slip waits for an operator).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table operator (
      id integer generated always as identity primary key,
      username text not null unique check (username = lower(username)),
      name text not null,
      role text not null check (role in ('support', 'finance', 'admin')),
      password_hash text not null,
      -- the authenticator's secret once enrolled; the one shown at the first login until then
      totp_secret text,
      totp_pending_secret text,
      -- the last 30-second step a code was accepted for: a code is never accepted twice
      totp_last_step bigint,
      status text not null default 'active' check (status in ('active', 'disabled')),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table operator_session (
      id uuid primary key,
      operator_id integer not null references operator (id),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text,
      user_agent text
    )`.execute(db);
  await sql`create index operator_session_operator_idx on operator_session (operator_id)`.execute(db);

  // Who did what, to what, from where; before and after. Nothing can edit or remove a line,
  // whatever code (or person with a SQL prompt and the app's role) tries.
  await sql`
    create table operator_audit (
      id bigint generated always as identity primary key,
      operator_id integer references operator (id),
      operator_username text,
      action text not null,
      target_type text,
      target_id text,
      before jsonb,
      after jsonb,
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index operator_audit_action_idx on operator_audit (action, id desc)`.execute(db);
  await sql`create index operator_audit_operator_idx on operator_audit (operator_username, id desc)`.execute(db);
  await sql`create index operator_audit_target_idx on operator_audit (target_id, id desc)`.execute(db);
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is append-only (% on %)', tg_op, tg_table_name using errcode = '23514';
    end $$`.execute(db);
  await sql`create trigger operator_audit_no_change before update or delete on operator_audit
    for each row execute function operator_audit_append_only()`.execute(db);
  await sql`create trigger operator_audit_no_truncate before truncate on operator_audit
    for each statement execute function operator_audit_append_only()`.execute(db);

  // Manual credits and debits: one operator proposes, a different one decides (a CHECK, so no
  // code path can skip it); the money moves in the ledger entry of the approval, once.
  await sql`
    create table manual_adjustment (
      id uuid primary key,
      member_id integer not null references member (id),
      direction text not null check (direction in ('credit', 'debit')),
      amount bigint not null check (amount > 0),
      reason text not null,
      status text not null default 'proposed' check (status in ('proposed', 'approved', 'rejected')),
      proposed_by integer not null references operator (id),
      proposal_key text not null,
      decided_by integer references operator (id),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      constraint manual_adjustment_key_unique unique (proposed_by, proposal_key),
      constraint manual_adjustment_four_eyes check (status <> 'approved' or decided_by <> proposed_by),
      constraint manual_adjustment_decided check ((status = 'proposed') = (decided_at is null))
    )`.execute(db);
  await sql`create index manual_adjustment_status_idx on manual_adjustment (status, created_at desc)`.execute(db);

  // The sandbox bank can hold back the confirmation of a transfer, as a real bank's slip
  // service does when it is slow: the slip stays in progress until an operator decides.
  await sql`alter table sandbox_bank_transfer add column held boolean not null default false`.execute(db);
}
