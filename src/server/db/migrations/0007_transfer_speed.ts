import { sql, type Kysely } from 'kysely';

/**
 * Money-path speed (issue 4's benchmark), with the same rules:
 * - the answer of a finished transfer gathers the game transfers made under its key, which
 *   without an index was a scan of every transfer ever made (slower with every transfer);
 * - ledger_post updates each member account by its primary key, one account at a time in id
 *   order (the update takes the row lock, so the lock order is unchanged). The former
 *   `for update` select and the update joined to the unnested arrays could get a generic
 *   plan that scanned the whole account table;
 * - the saga's steps write their two-posting entries directly (a transfer always moves money
 *   between one member account and the provider's in-flight house account), in fewer
 *   statements than the general ledger_post; a game transfer remembers its three accounts,
 *   so completing it looks nothing up. The rules stay in the database: the deferred balance
 *   trigger, the CHECK on member balances and the append-only triggers hold for every writer;
 * - a reservation's refusals are answers, not exceptions (a refused reservation writes
 *   nothing), so many reservations can share a transaction without a subtransaction each;
 * - the saga's steps and the demo provider's moves come in batches (many requests, one
 *   transaction): transfer_reserve_many, transfer_complete_many and demo_move_many take the
 *   items in ascending member order (the caller sends at most one item per member), so that
 *   every batch takes its row locks in one global order and two batches cannot deadlock;
 * - a completion does not wait for the disk (synchronous_commit off for its transaction):
 *   the provider's answer is the truth about a transfer and completing only records it, so a
 *   completion lost with a database crash leaves the transfer pending, and the reconciler,
 *   asking the provider, completes it the same way. A reservation does wait: the provider may
 *   act on it, and so does the demo provider's move, as a real provider's would: a
 *   completion can only be lost together with what came after the provider's durable answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index game_transfer_key_idx on game_transfer (member_id, idempotency_key) where idempotency_key is not null`.execute(db);
  // Fewer index entries per transfer: the pending transfers are few, so the reconciler's
  // oldest-first scan reads them through the per-member pending index; a posting is named by
  // its entry and account (an entry posts to an account once), which also serves the lookups
  // by entry that the surrogate id's index and a second index did.
  await sql`drop index game_transfer_pending_idx`.execute(db);
  await sql`alter table ledger_posting drop column id`.execute(db);
  await sql`drop index ledger_posting_entry_idx`.execute(db);
  await sql`alter table ledger_posting add primary key (entry_id, account_id)`.execute(db);
  // Null for transfers reserved before this migration (completion then looks the accounts up).
  await sql`alter table game_transfer add column source_account bigint, add column in_flight_account bigint, add column target_account bigint`.execute(db);

  await sql`
    create or replace function ledger_post(p_kind text, p_member integer, p_reference text, p_description jsonb, p_accounts bigint[], p_amounts bigint[])
    returns table (o_account_id bigint, o_balance bigint) language plpgsql as $$
    declare
      v_entry bigint;
      v_account bigint;
      v_delta bigint;
    begin
      if cardinality(p_accounts) < 2 or cardinality(p_accounts) <> cardinality(p_amounts)
         or (select sum(x) from unnest(p_amounts) x) <> 0 then
        raise exception 'ledger entry % does not balance', p_kind using errcode = '23514';
      end if;
      -- House accounts match no row here: they are neither locked nor updated.
      for v_account, v_delta in
        select x.acc, sum(x.amt) from unnest(p_accounts, p_amounts) as x(acc, amt) group by x.acc order by x.acc
      loop
        return query update ledger_account la set balance = la.balance + v_delta
          where la.id = v_account and la.kind <> 'house' returning la.id, la.balance;
      end loop;
      insert into ledger_entry (kind, member_id, reference, description) values (p_kind, p_member, p_reference, p_description)
        returning id into v_entry;
      insert into ledger_posting (entry_id, account_id, amount)
        select v_entry, x.acc, sum(x.amt) from unnest(p_accounts, p_amounts) as x(acc, amt) group by x.acc having sum(x.amt) <> 0;
    end $$`.execute(db);

  // The saga's two steps and the demo provider's move now exist only as batches (a lone
  // request is a batch of one); the one-item functions of migration 0004 go.
  await sql`drop function transfer_reserve(integer, text, text, boolean, uuid, text, text, bigint, boolean, bigint, bigint)`.execute(db);
  await sql`drop function transfer_complete(uuid, text, integer, jsonb)`.execute(db);
  await sql`drop function demo_move(text, text, text, bigint)`.execute(db);

  // Reserve, for each item: claim the idempotency key (unless the caller already holds it),
  // check the game account and the source's balance, record the transfer and move the amount
  // from its source (a member account) to money in flight. Outcomes: reserved; done or
  // pending (the key was claimed before: its answer, or "in progress"); refused, with the
  // error code in o_code (IDEMPOTENCY_CONFLICT, SLOT_NO_ACCOUNT, MONEY_NOT_ENOUGH), having
  // written nothing.
  await sql`
    create function transfer_reserve_many(
      p_member integer[], p_key text[], p_hash text[], p_claim boolean[], p_transfer uuid[], p_provider text[],
      p_direction text[], p_amount bigint[], p_completes_key boolean[], p_source bigint[], p_in_flight bigint[], p_target bigint[])
    returns table (o_index integer, o_outcome text, o_code text, o_username text, o_status_code integer, o_response jsonb)
    language plpgsql as $$
    declare
      i integer;
      v_key idempotency_key%rowtype;
      v_active boolean;
      v_entry bigint;
    begin
      for i in select s.i from generate_subscripts(p_member, 1) as s(i) order by p_member[s.i], p_key[s.i] loop
        o_index := i; o_outcome := null; o_code := null; o_username := null; o_status_code := null; o_response := null;
        if p_claim[i] then
          insert into idempotency_key (member_id, key, operation, request_hash) values (p_member[i], p_key[i], 'transfer', p_hash[i])
            on conflict do nothing;
          if not found then
            select * into v_key from idempotency_key where member_id = p_member[i] and key = p_key[i];
            if v_key.request_hash <> p_hash[i] then
              o_outcome := 'refused'; o_code := 'IDEMPOTENCY_CONFLICT';
            else
              o_outcome := v_key.state; o_status_code := v_key.status_code; o_response := v_key.response;
            end if;
            return next;
            continue;
          end if;
        end if;
        update game_account set transfer_seq = transfer_seq + 1 where member_id = p_member[i] and provider_code = p_provider[i]
          returning is_active, username into v_active, o_username;
        if not coalesce(v_active, false) or o_username is null then
          o_code := 'SLOT_NO_ACCOUNT';
        else
          update ledger_account set balance = balance - p_amount[i]
            where id = p_source[i] and member_id = p_member[i] and kind <> 'house' and balance >= p_amount[i];
          if not found then o_code := 'MONEY_NOT_ENOUGH'; end if;
        end if;
        if o_code is not null then
          if p_claim[i] then delete from idempotency_key where member_id = p_member[i] and key = p_key[i]; end if;
          o_outcome := 'refused'; o_username := null;
          return next;
          continue;
        end if;
        insert into game_transfer (id, member_id, provider_code, direction, amount, idempotency_key, completes_key,
            source_account, in_flight_account, target_account)
          values (p_transfer[i], p_member[i], p_provider[i], p_direction[i], p_amount[i], p_key[i], p_completes_key[i],
            p_source[i], p_in_flight[i], p_target[i]);
        insert into ledger_entry (kind, member_id, reference) values ('transfer_reserve', p_member[i], p_transfer[i]::text)
          returning id into v_entry;
        insert into ledger_posting (entry_id, account_id, amount)
          values (v_entry, p_source[i], -p_amount[i]), (v_entry, p_in_flight[i], p_amount[i]);
        o_outcome := 'reserved';
        return next;
      end loop;
    end $$`.execute(db);

  // Complete, for each item: settle (in flight to the target) or reverse (back to the
  // source), once; the first caller flips the status and posts. When this completion ends the
  // request, the key gets its final answer in the same transaction. Answers the key's state
  // and answer; an unknown transfer answers no row. Completions never refuse.
  await sql`
    create function transfer_complete_many(p_transfer uuid[], p_outcome text[], p_fail_status integer, p_fail jsonb)
    returns table (o_index integer, o_member integer, o_state text, o_status_code integer, o_response jsonb) language plpgsql as $$
    declare
      i integer;
      t game_transfer%rowtype;
      v_to bigint;
      v_entry bigint;
    begin
      perform set_config('synchronous_commit', 'off', true);
      -- (a subquery per item, not a join: a join could hash the whole transfer table)
      for i in select s.i from generate_subscripts(p_transfer, 1) as s(i)
               order by (select g.member_id from game_transfer g where g.id = p_transfer[s.i]) nulls last, p_transfer[s.i] loop
        o_index := i; o_status_code := null; o_response := null;
        update game_transfer set status = p_outcome[i], completed_at = now() where id = p_transfer[i] and status = 'pending'
          returning * into t;
        if not found then
          select g.member_id, coalesce(k.state, 'none'), k.status_code, k.response into o_member, o_state, o_status_code, o_response
            from game_transfer g left join idempotency_key k on k.member_id = g.member_id and k.key = g.idempotency_key
            where g.id = p_transfer[i];
          if found then return next; end if;
          continue;
        end if;
        o_member := t.member_id;
        -- A balance sync that asked the provider before this completion must not book its figure.
        update game_account set transfer_seq = transfer_seq + 1 where member_id = t.member_id and provider_code = t.provider_code;
        if t.in_flight_account is null then
          select id into t.source_account from ledger_account where member_id = t.member_id
            and (case t.direction when 'to_game' then kind = 'wallet' else kind = 'game' and code = t.provider_code end);
          select id into t.target_account from ledger_account where member_id = t.member_id
            and (case t.direction when 'to_game' then kind = 'game' and code = t.provider_code else kind = 'wallet' end);
          select la.id into t.in_flight_account from ledger_account la join member m on m.id = t.member_id
            where la.member_id is null and la.code = 'transfers_in_flight:' || t.provider_code and la.currency = m.currency;
        end if;
        v_to := case p_outcome[i] when 'settled' then t.target_account else t.source_account end;
        update ledger_account set balance = balance + t.amount where id = v_to and kind <> 'house';
        insert into ledger_entry (kind, member_id, reference)
          values (case p_outcome[i] when 'settled' then 'transfer_settle' else 'transfer_reverse' end, t.member_id, t.id::text)
          returning id into v_entry;
        insert into ledger_posting (entry_id, account_id, amount) values (v_entry, t.in_flight_account, -t.amount), (v_entry, v_to, t.amount);
        if t.idempotency_key is null then
          o_state := 'none';
        elsif p_outcome[i] = 'reversed' then
          o_state := 'done'; o_status_code := p_fail_status; o_response := p_fail;
        elsif t.completes_key then
          o_state := 'done'; o_status_code := 200;
          o_response := jsonb_build_object(
            'wallet', jsonb_build_object('amount', (select round(balance / 100.0, 2) from ledger_account
              where id = case t.direction when 'to_game' then t.source_account else t.target_account end)),
            'slots', (select jsonb_agg(jsonb_build_object('code', s.code, 'amount', round(s.balance / 100.0, 2)) order by s.first)
                      from (select a.code, a.balance, min(g.created_at) as first from game_transfer g
                            join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
                            where g.member_id = t.member_id and g.idempotency_key = t.idempotency_key
                            group by a.code, a.balance) s));
        else
          -- the first leg of a game-to-game transfer: the request goes on
          o_state := 'leg';
        end if;
        if o_state = 'done' then
          update idempotency_key set state = 'done', status_code = o_status_code, response = o_response, completed_at = now()
            where member_id = t.member_id and key = t.idempotency_key and state = 'pending';
        end if;
        return next;
      end loop;
    end $$`.execute(db);

  // The demo provider's moves. A refused move takes its reference back out in the same
  // transaction, so it is as if it never came.
  await sql`
    create function demo_move_many(p_provider text[], p_reference text[], p_username text[], p_amount bigint[])
    returns table (o_index integer, o_result text) language plpgsql as $$
    declare
      i integer;
    begin
      for i in select s.i from generate_subscripts(p_provider, 1) as s(i) order by p_provider[s.i], p_username[s.i], p_reference[s.i] loop
        o_index := i;
        insert into demo_transfer (provider_code, reference, username, amount) values (p_provider[i], p_reference[i], p_username[i], p_amount[i])
          on conflict do nothing;
        if not found then
          o_result := 'already applied';
        else
          update demo_player set balance = balance + p_amount[i]
            where provider_code = p_provider[i] and username = p_username[i] and balance + p_amount[i] >= 0;
          if found then
            o_result := 'applied';
          else
            delete from demo_transfer where provider_code = p_provider[i] and reference = p_reference[i];
            o_result := 'refused';
          end if;
        end if;
        return next;
      end loop;
    end $$`.execute(db);
}
