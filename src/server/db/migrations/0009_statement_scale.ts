import { sql, type Kysely } from 'kysely';

/**
 * A member's lists cost what the member's own page costs, not what everyone's history costs
 * (issue 11). See `src/server/db/member-lists.md` and the ledger README's "Scale".
 *
 * - Running counts: `member_list_count` holds, per member and list, how many rows the list
 *   has, so a page never counts the member's whole history. Counts move in deferred
 *   constraint triggers, that is at commit, after every other lock the transaction takes, so
 *   the count row never joins a lock cycle and is held only for the moment of the commit.
 * - The statement's lines: `statement_line` numbers each member's statement entries 1, 2, 3...
 *   in commit order (the number comes from the running count), so page N of any size is a
 *   range of one index, and `total` is the running count, exact by construction. Which entry
 *   kinds are on the statement is the `statement_kind` table; a migration that adds a kind
 *   inserts it there and calls `statement_lines_rebuild()`.
 * - Slips: a running count (the page itself walks `(member_id, created_at, id)` with a cursor).
 * - Periodic jobs read only pending rows: the reconciler's pass over unfinished idempotency
 *   keys had no index at all (a scan of every key ever used, every few seconds).
 * - The audit's checkpoint: per-account sums of the postings up to an entry id, so
 *   `npm run ledger:audit` reads only what came after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table member_list_count (
      member_id integer not null references member (id),
      list text not null,
      n bigint not null check (n >= 0),
      primary key (member_id, list)
    )`.execute(db);

  // The next number (or the count after a change) of a member's list. The update finds the row
  // almost always; the insert covers a member's first row of a list, racing safely on the key.
  await sql`
    create function member_list_next(p_member integer, p_list text, p_by integer) returns bigint language plpgsql as $$
    declare
      v_n bigint;
    begin
      update member_list_count set n = n + p_by where member_id = p_member and list = p_list returning n into v_n;
      if not found then
        insert into member_list_count (member_id, list, n) values (p_member, p_list, greatest(p_by, 0))
          on conflict (member_id, list) do update set n = member_list_count.n + p_by
          returning n into v_n;
      end if;
      return v_n;
    end $$`.execute(db);

  // A list's running count, for any table with a member_id: the list's name is the trigger's
  // argument. Used as a deferred constraint trigger after insert or delete.
  await sql`
    create function member_list_counted() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.member_id is not null then
        perform member_list_next(new.member_id, tg_argv[0], 1);
      elsif tg_op = 'DELETE' and old.member_id is not null then
        perform member_list_next(old.member_id, tg_argv[0], -1);
      end if;
      return null;
    end $$`.execute(db);

  // The entry kinds a member's statement shows (the keys of ANCHORS in statement.ts; a test
  // keeps the two equal).
  await sql`create table statement_kind (kind text primary key)`.execute(db);
  await sql`insert into statement_kind (kind) values ('transfer_reserve'), ('withdraw_hold'), ('deposit'), ('bonus'), ('finish_bonus')`.execute(db);

  await sql`
    create table statement_line (
      member_id integer not null references member (id),
      seq bigint not null,
      entry_id bigint not null references ledger_entry (id),
      primary key (member_id, seq)
    )`.execute(db);

  await sql`
    create function statement_line_add() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from statement_kind where kind = new.kind) then
        insert into statement_line (member_id, seq, entry_id)
          values (new.member_id, member_list_next(new.member_id, 'statement', 1), new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_entry_statement_line after insert on ledger_entry
    deferrable initially deferred for each row when (new.member_id is not null)
    execute function statement_line_add()`.execute(db);

  // Numbers every member's statement entries again, oldest first (by entry id). For this
  // migration's backfill and for a later migration that adds a kind to statement_kind; run it
  // while nothing writes (migrations run at start).
  await sql`
    create function statement_lines_rebuild() returns void language plpgsql as $$
    begin
      delete from statement_line;
      delete from member_list_count where list = 'statement';
      insert into statement_line (member_id, seq, entry_id)
        select e.member_id, row_number() over (partition by e.member_id order by e.id), e.id
        from ledger_entry e join statement_kind k on k.kind = e.kind
        where e.member_id is not null;
      insert into member_list_count (member_id, list, n)
        select member_id, 'statement', max(seq) from statement_line group by member_id;
    end $$`.execute(db);
  await sql`select statement_lines_rebuild()`.execute(db);

  // Slips: a running count, and the member's newest-first order with a tiebreak a cursor can name.
  await sql`
    create constraint trigger deposit_slip_counted after insert or delete on deposit_slip
    deferrable initially deferred for each row execute function member_list_counted('slip')`.execute(db);
  await sql`
    insert into member_list_count (member_id, list, n)
      select member_id, 'slip', count(*) from deposit_slip group by member_id`.execute(db);
  await sql`create index deposit_slip_member_page_idx on deposit_slip (member_id, created_at desc, id desc)`.execute(db);

  // The reconciler's pass over keys whose request never finished (finishOrphanKeys).
  await sql`create index idempotency_key_pending_idx on idempotency_key (created_at) where state = 'pending'`.execute(db);

  // The audit's checkpoint: every posting of entries up to last_entry_id, summed per account.
  await sql`
    create table ledger_audit_checkpoint (
      id boolean primary key default true check (id),
      last_entry_id bigint not null,
      audited_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table ledger_audit_balance (
      account_id bigint primary key references ledger_account (id),
      posted bigint not null
    )`.execute(db);
}
