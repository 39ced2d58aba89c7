import { sql, type Kysely } from 'kysely';

/**
 * A transfer's answer says how old each game balance in it is (issue 27, finding 2: "transfer
 * all" answered "game balance now 296" when the player, having lost 50 in the game, held 246).
 * The transfer now reads the provider's balance before it moves money into a game as it
 * already did before taking money out (wallet/transfers.ts), so the balance it answers is the
 * provider's figure read then plus the transfer just booked; and each game account of the
 * stored answer carries `syncedAt`, when that figure was read (game_account.synced_at, null
 * when never read). transfer_complete_many is 0021's with that one change.
 */
export async function up(db: Kysely<any>): Promise<void> {
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
        end if;
        return next;
      end loop;
    end $$`.execute(db);
}
