import { sql, type Kysely } from 'kysely';

/**
 * Game accounts, the sagas that move money to and from game providers and out to banks, and
 * the demo provider's own books (it stands for a company outside our walls, so it keeps its
 * own tables and never touches ours).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table game_account (
      member_id integer not null references member(id),
      provider_code text not null,
      is_active boolean not null default false,
      username text,
      password text,
      activated_at timestamptz,
      -- bumped whenever a transfer starts or completes, so a balance sync can tell it raced one
      transfer_seq bigint not null default 0,
      synced_at timestamptz,
      primary key (member_id, provider_code),
      constraint game_account_active_has_login check (not is_active or username is not null)
    )`.execute(db);

  await sql`
    create table game_transfer (
      id uuid primary key,
      member_id integer not null references member(id),
      provider_code text not null,
      direction text not null check (direction in ('to_game', 'from_game')),
      amount bigint not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'settled', 'reversed')),
      idempotency_key text,
      -- settling or reversing this transfer gives the request its final answer (false for the
      -- first leg of a game-to-game transfer)
      completes_key boolean not null default true,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index game_transfer_pending_idx on game_transfer (created_at) where status = 'pending'`.execute(db);
  await sql`create index game_transfer_member_idx on game_transfer (member_id, provider_code) where status = 'pending'`.execute(db);

  await sql`
    create table withdrawal (
      id uuid primary key,
      member_id integer not null references member(id),
      amount bigint not null check (amount > 0),
      bank_code text not null,
      bank_account_no text not null,
      bank_account_name text not null,
      status text not null check (status in ('queued', 'paying', 'paid', 'rejected')),
      idempotency_key text not null,
      payout_reference text,
      decided_by text,
      note text,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index withdrawal_open_idx on withdrawal (created_at) where status in ('queued', 'paying')`.execute(db);
  await sql`create index withdrawal_member_idx on withdrawal (member_id, created_at desc)`.execute(db);
  // One withdrawal per request, whatever happens to the request.
  await sql`create unique index withdrawal_key_unique on withdrawal (member_id, idempotency_key)`.execute(db);

  // The sandbox bank that pays withdrawals: what it has paid, by our reference.
  await sql`
    create table sandbox_payout (
      reference text primary key,
      bank_code text not null,
      bank_account_no text not null,
      amount bigint not null check (amount > 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  // The demo provider's books.
  await sql`
    create table demo_player (
      provider_code text not null,
      username text not null,
      password text not null,
      balance bigint not null default 0 check (balance >= 0),
      primary key (provider_code, username)
    )`.execute(db);
  await sql`
    create table demo_transfer (
      provider_code text not null,
      reference text not null,
      username text not null,
      amount bigint not null,
      -- a reference the caller gave up on: it can never apply
      voided boolean not null default false,
      created_at timestamptz not null default now(),
      primary key (provider_code, reference)
    )`.execute(db);
  await sql`
    create table demo_bet (
      id bigint generated always as identity primary key,
      provider_code text not null,
      username text not null,
      bet bigint not null check (bet > 0),
      win bigint not null check (win >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index demo_bet_player_idx on demo_bet (provider_code, username, id)`.execute(db);

  // The transfer saga's two database steps, each one statement (one round trip, atomic).
  // Refusals are raised with SQLSTATE P0001 and the error code as message.
  //
  // Reserve: claim the idempotency key (unless the caller already holds it), check the game
  // account, record the transfer and move the amount from its source to money in flight.
  await sql`
    create function transfer_reserve(
      p_member integer, p_key text, p_hash text, p_claim boolean, p_transfer uuid, p_provider text,
      p_direction text, p_amount bigint, p_completes_key boolean, p_source bigint, p_in_flight bigint)
    returns table (o_outcome text, o_username text, o_status_code integer, o_response jsonb) language plpgsql as $$
    declare
      v_key idempotency_key%rowtype;
      v_active boolean;
      v_username text;
    begin
      if p_claim then
        insert into idempotency_key (member_id, key, operation, request_hash) values (p_member, p_key, 'transfer', p_hash)
          on conflict do nothing;
        if not found then
          select * into v_key from idempotency_key where member_id = p_member and key = p_key;
          if v_key.request_hash <> p_hash then raise exception 'IDEMPOTENCY_CONFLICT' using errcode = 'P0001'; end if;
          return query select v_key.state, null::text, v_key.status_code, v_key.response;
          return;
        end if;
      end if;
      update game_account set transfer_seq = transfer_seq + 1 where member_id = p_member and provider_code = p_provider
        returning is_active, username into v_active, v_username;
      if not coalesce(v_active, false) or v_username is null then raise exception 'SLOT_NO_ACCOUNT' using errcode = 'P0001'; end if;
      insert into game_transfer (id, member_id, provider_code, direction, amount, idempotency_key, completes_key)
        values (p_transfer, p_member, p_provider, p_direction, p_amount, p_key, p_completes_key);
      perform ledger_post('transfer_reserve', p_member, p_transfer::text, null, array[p_source, p_in_flight], array[-p_amount, p_amount]);
      return query select 'reserved'::text, v_username, null::integer, null::jsonb;
    end $$`.execute(db);

  // Complete: settle (in flight to the destination) or reverse (back to the source), once; the
  // first caller flips the status and posts. When this completion ends the request, the key
  // gets its final answer in the same statement. Returns the key's state and answer.
  await sql`
    create function transfer_complete(p_transfer uuid, p_outcome text, p_fail_status integer, p_fail jsonb)
    returns table (o_member integer, o_state text, o_status_code integer, o_response jsonb) language plpgsql as $$
    declare
      t game_transfer%rowtype;
      v_wallet bigint;
      v_game bigint;
      v_in_flight bigint;
      v_status integer;
      v_answer jsonb;
    begin
      update game_transfer set status = p_outcome, completed_at = now() where id = p_transfer and status = 'pending'
        returning * into t;
      if found then
        -- A balance sync that asked the provider before this completion must not book its figure.
        update game_account set transfer_seq = transfer_seq + 1 where member_id = t.member_id and provider_code = t.provider_code;
      else
        return query select g.member_id, coalesce(k.state, 'none'), k.status_code, k.response
          from game_transfer g left join idempotency_key k on k.member_id = g.member_id and k.key = g.idempotency_key
          where g.id = p_transfer;
        return;
      end if;
      select id into v_wallet from ledger_account where member_id = t.member_id and kind = 'wallet';
      select id into v_game from ledger_account where member_id = t.member_id and kind = 'game' and code = t.provider_code;
      select la.id into v_in_flight from ledger_account la join member m on m.id = t.member_id
        where la.member_id is null and la.code = 'transfers_in_flight:' || t.provider_code and la.currency = m.currency;
      perform ledger_post(case p_outcome when 'settled' then 'transfer_settle' else 'transfer_reverse' end,
        t.member_id, t.id::text, null,
        array[v_in_flight, case when (p_outcome = 'settled') = (t.direction = 'to_game') then v_game else v_wallet end],
        array[-t.amount, t.amount]);
      if t.idempotency_key is null then
        return query select t.member_id, 'none'::text, null::integer, null::jsonb;
        return;
      end if;
      if p_outcome = 'reversed' then
        v_status := p_fail_status;
        v_answer := p_fail;
      elsif t.completes_key then
        v_status := 200;
        v_answer := jsonb_build_object(
          'wallet', jsonb_build_object('amount', (select round(balance / 100.0, 2) from ledger_account where id = v_wallet)),
          'slots', (select jsonb_agg(jsonb_build_object('code', s.code, 'amount', round(s.balance / 100.0, 2)) order by s.first)
                    from (select a.code, a.balance, min(g.created_at) as first from game_transfer g
                          join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
                          where g.member_id = t.member_id and g.idempotency_key = t.idempotency_key
                          group by a.code, a.balance) s));
      else
        -- the first leg of a game-to-game transfer: the request goes on
        return query select t.member_id, 'leg'::text, null::integer, null::jsonb;
        return;
      end if;
      update idempotency_key set state = 'done', status_code = v_status, response = v_answer, completed_at = now()
        where member_id = t.member_id and key = t.idempotency_key and state = 'pending';
      return query select t.member_id, 'done'::text, v_status, v_answer;
    end $$`.execute(db);

  // The demo provider applies a reference once; a debit that would overdraw is refused.
  await sql`
    create function demo_move(p_provider text, p_reference text, p_username text, p_amount bigint)
    returns text language plpgsql as $$
    begin
      insert into demo_transfer (provider_code, reference, username, amount) values (p_provider, p_reference, p_username, p_amount)
        on conflict do nothing;
      if not found then return 'already applied'; end if;
      update demo_player set balance = balance + p_amount
        where provider_code = p_provider and username = p_username and balance + p_amount >= 0;
      if not found then raise exception 'insufficient balance or no such player' using errcode = 'P0001'; end if;
      return 'applied';
    end $$`.execute(db);

  // Operator settings for money: the withdraw limits of the lookup and the auto-pay limit.
  await sql`insert into setting (key, value) values
    ('withdraw.limits', '{"withdrawMin": 100, "withdrawMax": 50000}'::jsonb),
    ('withdraw.autoPayLimit', '5000'::jsonb)
    on conflict (key) do nothing`.execute(db);
}
