import { sql, type Kysely } from 'kysely';

/**
 * The one book. Every movement of money is an entry whose postings sum to zero. Member
 * accounts (wallet, one per game) keep a cached balance that can never go below zero; house
 * accounts keep none (their balance is derived from postings), so no single row is locked by
 * every member's movement. History is never edited: corrections are new entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ledger_account (
      id bigint generated always as identity primary key,
      member_id integer references member(id),
      kind text not null check (kind in ('wallet', 'game', 'house')),
      code text not null,
      currency text not null,
      balance bigint not null default 0,
      created_at timestamptz not null default now(),
      constraint ledger_account_owner check ((kind = 'house') = (member_id is null)),
      constraint ledger_account_member_not_negative check (kind = 'house' or balance >= 0),
      constraint ledger_account_house_uncached check (kind <> 'house' or balance = 0)
    )`.execute(db);
  await sql`create unique index ledger_account_member_unique on ledger_account (member_id, kind, code) where member_id is not null`.execute(db);
  await sql`create unique index ledger_account_house_unique on ledger_account (code, currency) where member_id is null`.execute(db);

  await sql`
    create table ledger_entry (
      id bigint generated always as identity primary key,
      kind text not null,
      member_id integer references member(id),
      reference text,
      description jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_entry_member_idx on ledger_entry (member_id, id desc)`.execute(db);
  await sql`create unique index ledger_entry_reference_unique on ledger_entry (kind, reference) where reference is not null`.execute(db);

  await sql`
    create table ledger_posting (
      id bigint generated always as identity primary key,
      entry_id bigint not null references ledger_entry(id),
      account_id bigint not null references ledger_account(id),
      amount bigint not null check (amount <> 0)
    )`.execute(db);
  await sql`create index ledger_posting_entry_idx on ledger_posting (entry_id)`.execute(db);
  await sql`create index ledger_posting_account_idx on ledger_posting (account_id)`.execute(db);

  // An entry must balance when its transaction commits, whatever code wrote it.
  await sql`
    create function ledger_entry_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from ledger_posting where entry_id = new.entry_id) <> 0 then
        raise exception 'ledger entry % does not balance', new.entry_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_posting_balanced after insert on ledger_posting
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db);

  // The book is append-only.
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only (% on %)', tg_op, tg_table_name using errcode = '23514';
    end $$`.execute(db);
  await sql`create trigger ledger_entry_append_only before update or delete on ledger_entry for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger ledger_posting_append_only before update or delete on ledger_posting for each row execute function ledger_append_only()`.execute(db);

  // The one write path for money. Locks the member accounts involved in id order (so two
  // movements over the same accounts never deadlock), appends the entry and its postings and
  // moves the cached member balances; a balance that would go below zero fails the
  // ledger_account_member_not_negative check and the whole statement rolls back. House
  // accounts are neither locked nor updated. Returns the member balances after the entry.
  await sql`
    create function ledger_post(p_kind text, p_member integer, p_reference text, p_description jsonb, p_accounts bigint[], p_amounts bigint[])
    returns table (o_account_id bigint, o_balance bigint) language plpgsql as $$
    declare
      v_entry bigint;
    begin
      if cardinality(p_accounts) < 2 or cardinality(p_accounts) <> cardinality(p_amounts)
         or (select sum(x) from unnest(p_amounts) x) <> 0 then
        raise exception 'ledger entry % does not balance', p_kind using errcode = '23514';
      end if;
      perform 1 from ledger_account la where la.id = any(p_accounts) and la.kind <> 'house' order by la.id for update;
      insert into ledger_entry (kind, member_id, reference, description) values (p_kind, p_member, p_reference, p_description)
        returning id into v_entry;
      insert into ledger_posting (entry_id, account_id, amount)
        select v_entry, x.acc, x.amt from unnest(p_accounts, p_amounts) as x(acc, amt) where x.amt <> 0;
      return query
        update ledger_account la set balance = la.balance + d.delta
        from (select x.acc, sum(x.amt) as delta from unnest(p_accounts, p_amounts) as x(acc, amt) group by x.acc) d
        where la.id = d.acc and la.kind <> 'house'
        returning la.id, la.balance;
    end $$`.execute(db);

  // Idempotency keys: the same key never moves money twice. The key is claimed in the same
  // transaction as the first movement; the final answer is stored for replays.
  await sql`
    create table idempotency_key (
      member_id integer not null references member(id),
      key text not null,
      operation text not null,
      request_hash text not null,
      state text not null default 'pending' check (state in ('pending', 'done')),
      status_code integer,
      response jsonb,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (member_id, key)
    )`.execute(db);
}
