import { sql, type Kysely } from 'kysely';

/**
 * A game-to-game transfer's stored answer is its truth, also when the reconciler ends its key
 * between the legs (found by tests/server/transfer-truth.test.ts under a connection kill: the
 * request was slow between its legs past the reconciler's grace, the reconciler stored
 * TRANSFER_IN_WALLET, then the second leg moved the money on and the member was told 200 while
 * the key kept 409). Now:
 *   - transfer_reserve_many reserves a later leg (p_claim false) only while its key is pending,
 *     under the key's row lock; an ended key answers its stored answer and moves nothing;
 *   - the reconciler (wallet/reconciler.ts) ends only keys it could lock (skip locked), and checks
 *     for a pending leg in a statement after taking the lock, so it sees a leg reserved meanwhile;
 *   - transfer_complete_many answers the stored answer when the key was ended before it.
 * Both functions are 0007's and 0027's with those changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function transfer_reserve_many(
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
        else
          -- A later leg of a claimed request (game to game): only while its key is still open. The
          -- reconciler may have ended it meanwhile (TRANSFER_IN_WALLET, the first leg's money in
          -- the wallet), and then that answer stands and nothing more moves. The lock orders this
          -- leg and the reconciler's ending of the key (which skips keys locked here).
          select * into v_key from idempotency_key where member_id = p_member[i] and key = p_key[i] for update;
          if not found or v_key.state <> 'pending' then
            o_outcome := coalesce(v_key.state, 'none'); o_status_code := v_key.status_code; o_response := v_key.response;
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

  await sql`
    create or replace function transfer_complete_many(p_transfer uuid[], p_outcome text[], p_fail_status integer[], p_fail jsonb[],
        p_in_wallet_status integer, p_in_wallet jsonb)
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
          o_state := 'done';
          if exists (select 1 from game_transfer g where g.member_id = t.member_id and g.idempotency_key = t.idempotency_key
                     and g.id <> t.id and g.status = 'settled') then
            -- the second leg of a game-to-game transfer: the first one moved the money to the wallet
            o_status_code := p_in_wallet_status; o_response := p_in_wallet;
          else
            o_status_code := p_fail_status[i]; o_response := p_fail[i];
          end if;
        elsif t.completes_key then
          o_state := 'done'; o_status_code := 200;
          o_response := jsonb_build_object(
            'wallet', jsonb_build_object('amount', (select round(balance / 100.0, 2) from ledger_account
              where id = case t.direction when 'to_game' then t.source_account else t.target_account end)),
            'slots', (select jsonb_agg(jsonb_build_object('code', s.code, 'amount', round(s.balance / 100.0, 2),
                          'syncedAt', to_char(s.synced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by s.first)
                      from (select a.code, a.balance, ga.synced_at, min(g.created_at) as first from game_transfer g
                            join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
                            join game_account ga on ga.member_id = g.member_id and ga.provider_code = g.provider_code
                            where g.member_id = t.member_id and g.idempotency_key = t.idempotency_key
                            group by a.code, a.balance, ga.synced_at) s));
        else
          -- the first leg of a game-to-game transfer: the request goes on
          o_state := 'leg';
        end if;
        if o_state = 'done' then
          update idempotency_key set state = 'done', status_code = o_status_code, response = o_response, completed_at = now()
            where member_id = t.member_id and key = t.idempotency_key and state = 'pending';
          if not found then
            -- The key was ended before (its answer stored first): that answer is the request's.
            select k.status_code, k.response into o_status_code, o_response from idempotency_key k
              where k.member_id = t.member_id and k.key = t.idempotency_key;
          end if;
        end if;
        return next;
      end loop;
    end $$`.execute(db);
}
