import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: operators configure the product in the console. Every change is a row here, whatever
 * it changes (a setting, a bonus, the wheel): a text or a switch is `applied` at once by its
 * operator; a change that moves or can move money (`moves_money`) is `pending` until another
 * operator decides it. The database holds maker-checker: an applied money change names its
 * checker, who is not its proposer (a CHECK) nor of the proposer's tree (a trigger, as for manual
 * adjustments in 0022), and a change is decided once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table config_change (
      id bigint generated always as identity primary key,
      section text not null check (length(section) between 1 and 40),
      target text not null check (length(target) between 1 and 60),
      moves_money boolean not null,
      before jsonb,
      after jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
      proposed_by integer not null references operator (id),
      decided_by integer references operator (id),
      note text check (length(note) <= 500),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      -- a proposer may withdraw (reject) its own change, never apply it
      constraint config_change_checker check (status <> 'applied' or decided_by is null or decided_by <> proposed_by),
      constraint config_change_decided check ((status = 'pending') = (decided_at is null)),
      constraint config_change_money_checked check (not moves_money or status = 'pending' or decided_by is not null),
      constraint config_change_text_at_once check (moves_money or (status = 'applied' and decided_by is null))
    )`.execute(db);
  await sql`create index config_change_pending_idx on config_change (section, target) where status = 'pending'`.execute(db);
  await sql`create index config_change_status_idx on config_change (status, id desc)`.execute(db);
  await sql`
    create function config_change_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.status <> 'pending' then
        raise exception 'config change % was decided already', old.id using errcode = '23514';
      end if;
      if new.moves_money and new.status = 'applied' and operator_root(new.decided_by) = operator_root(new.proposed_by) then
        raise exception 'config change % approved by an operator of its proposer''s own tree (not independent)', new.id using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger config_change_guard before insert or update on config_change
    for each row execute function config_change_guard()`.execute(db);
}
