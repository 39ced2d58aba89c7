import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/** Who the growth's transfers belong to (members with an active game account at `game`). */
export interface Grower {
  heavy: number;
  busy: number;
  regular: number[];
  game: string;
}

const ROUNDS_PER_CALL = 200;
const AMOUNT = 100n;

/**
 * The bench's own loop, made in the bench's own database only: for each round, the saga's
 * steps as a request takes them (reserve with the idempotency key claimed, the provider's
 * move, settle), for at most one item per member, members in ascending order, as a batch.
 * Every reservation must be 'reserved' and every move 'applied', or the whole call fails.
 */
export async function createGrowFunction(db: Kysely<DB>) {
  await sql`
    create or replace function bench_grow(p_starts integer[], p_member integer[], p_direction text[], p_source bigint[],
      p_target bigint[], p_username text[], p_in_flight bigint, p_provider text, p_amount bigint)
    returns integer language plpgsql as $$
    declare
      r integer;
      a integer;
      b integer;
      k integer;
      v_ids uuid[];
      v_done integer;
    begin
      perform set_config('synchronous_commit', 'off', true);
      for r in 1 .. cardinality(p_starts) - 1 loop
        a := p_starts[r]; b := p_starts[r + 1] - 1; k := b - a + 1;
        v_ids := array(select gen_random_uuid() from generate_series(1, k));
        select count(*) into v_done from transfer_reserve_many(p_member[a:b],
          array(select 'bench-' || x::text from unnest(v_ids) x), array_fill('bench'::text, array[k]), array_fill(true, array[k]),
          v_ids, array_fill(p_provider, array[k]), p_direction[a:b], array_fill(p_amount, array[k]), array_fill(true, array[k]),
          p_source[a:b], array_fill(p_in_flight, array[k]), p_target[a:b]) where o_outcome = 'reserved';
        if v_done <> k then raise exception 'bench: % of % reservations in round %', v_done, k, r; end if;
        select count(*) into v_done from demo_move_many(array_fill(p_provider, array[k]), array(select x::text from unnest(v_ids) x),
          p_username[a:b], array(select case d when 'to_game' then p_amount else -p_amount end from unnest(p_direction[a:b]) d))
          where o_result = 'applied';
        if v_done <> k then raise exception 'bench: % of % provider moves in round %', v_done, k, r; end if;
        select count(*) into v_done from transfer_complete_many(v_ids, array_fill('settled'::text, array[k]), array_fill(502, array[k]), array_fill('{}'::jsonb, array[k]), 409, '{}'::jsonb)
          where o_state = 'done';
        if v_done <> k then raise exception 'bench: % of % completions in round %', v_done, k, r; end if;
      end loop;
      return cardinality(p_starts) - 1;
    end $$`.execute(db);
}

interface MemberAccounts {
  wallet: bigint;
  game: bigint;
  username: string;
  /** Transfers so far: even goes to the game, odd comes back, so no balance goes below zero. */
  moves: number;
}

/**
 * Grows the ledger to about `postings` postings (4 per transfer) on `workers` connections at
 * once, each over its own members (so they never wait on each other's rows). The first takes
 * the heavy member in every round until it has about `heavyEntries` entries (2 per transfer)
 * and the busy one in every n-th (small rounds, so the heavy member keeps up with the rest);
 * the others share the regular members, all of theirs in every round.
 */
export async function growLedger(
  db: Kysely<DB>,
  grower: Grower,
  target: { postings: number; heavyEntries: number; busyEntries: number; seconds: number; workers: number },
): Promise<{ transfers: number; seconds: number; stoppedByTime: boolean }> {
  const ids = [grower.heavy, grower.busy, ...grower.regular];
  const rows = await sql<{ member_id: number; kind: string; id: string; username: string | null }>`
    select a.member_id, a.kind, a.id::text as id, g.username from ledger_account a
    left join game_account g on g.member_id = a.member_id and g.provider_code = a.code
    where a.member_id = any(${ids}::integer[]) and (a.kind = 'wallet' or a.code = ${grower.game})`.execute(db);
  const accounts = new Map<number, MemberAccounts>();
  for (const r of rows.rows) {
    const m = accounts.get(r.member_id) ?? { wallet: 0n, game: 0n, username: '', moves: 0 };
    if (r.kind === 'wallet') m.wallet = BigInt(r.id);
    else { m.game = BigInt(r.id); m.username = r.username!; }
    accounts.set(r.member_id, m);
  }
  const inFlight = (await sql<{ id: string }>`
    select id::text from ledger_account where member_id is null and code = ${`transfers_in_flight:${grower.game}`} and currency = 'BAHT'`.execute(db)).rows[0].id;

  const transfers = Math.max(1, Math.floor(target.postings / 4));
  const heavyRounds = Math.max(1, Math.floor(target.heavyEntries / 2));
  const busyEvery = Math.max(1, Math.floor(heavyRounds / Math.max(1, target.busyEntries / 2)));
  const workers = Math.max(2, target.workers);
  const groups = Array.from({ length: workers - 1 }, (_, w) => grower.regular.filter((_, i) => i % (workers - 1) === w));
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let done = 0;
  let heavyDone = 0;
  let reported = 0;
  let stoppedByTime = false;

  /** Sends rounds (lists of members, one item each) in calls of ROUNDS_PER_CALL. */
  async function send(nextRound: (r: number) => number[] | undefined) {
    for (let r = 0; ; ) {
      if (done >= transfers) return;
      if (elapsed() > target.seconds) { stoppedByTime = true; return; }
      const starts: number[] = [1];
      const items: number[] = [];
      for (let n = 0; n < ROUNDS_PER_CALL; n++, r++) {
        const round = nextRound(r);
        if (!round) break;
        items.push(...round.sort((x, y) => x - y));
        starts.push(items.length + 1);
      }
      if (!items.length) return;
      const direction = items.map((m) => (accounts.get(m)!.moves++ % 2 === 0 ? 'to_game' : 'from_game'));
      const pick = (side: 'source' | 'target') => items.map((m, i) => {
        const a = accounts.get(m)!;
        return ((direction[i] === 'to_game') === (side === 'source') ? a.wallet : a.game).toString();
      });
      await sql`select bench_grow(${starts}::integer[], ${items}::integer[], ${direction}::text[], ${pick('source')}::bigint[],
        ${pick('target')}::bigint[], ${items.map((m) => accounts.get(m)!.username)}::text[], ${inFlight}::bigint,
        ${grower.game}, ${AMOUNT.toString()}::bigint)`.execute(db);
      done += items.length;
      if (elapsed() - reported >= 60) {
        reported = elapsed();
        console.log(`  growth: ${done} transfers (${done * 4} postings), heavy member ${heavyDone * 2} entries, ${elapsed().toFixed(0)} s`);
      }
    }
  }

  await Promise.all([
    send((r) => {
      if (r >= heavyRounds) return undefined;
      heavyDone++;
      return [grower.heavy, ...(r % busyEvery === 0 ? [grower.busy] : [])];
    }),
    ...groups.filter((g) => g.length).map((group) => send(() => [...group])),
  ]);
  return { transfers: done, seconds: elapsed(), stoppedByTime };
}
