import { sql, type Kysely, type Transaction } from 'kysely';
import { toMajor, type BONUS_COST_KINDS, type ResponseOf, type adminDashboard } from '../../../contract';
import type { DB } from '../../db/schema';
import { BONUS_KINDS, bonusCategory, codeSuffix, LEDGER, postingsOf } from './ledger-terms';
import { bucketOf, type ReportRange } from './range';

type Dashboard = ResponseOf<typeof adminDashboard>;
type BonusCostKind = (typeof BONUS_COST_KINDS)[number];

/** A figure being summed: total, entries counted, and per bucket. */
class Tally {
  total = 0n;
  count = 0;
  readonly byBucket = new Map<string, bigint>();
  add(bucket: string, amount: bigint, count: number) {
    this.total += amount;
    this.count += count;
    this.byBucket.set(bucket, (this.byBucket.get(bucket) ?? 0n) + amount);
  }
  series(buckets: string[]): bigint[] {
    return buckets.map((b) => this.byBucket.get(b) ?? 0n);
  }
}

/** Every tally of one currency. */
class CurrencyTallies {
  deposits = new Tally();
  depositsByChannel = new Map<string, Tally>();
  withdrawals = new Tally();
  ggr = new Tally();
  ggrByProvider = new Map<string, Tally>();
  bonusGranted = new Map<BonusCostKind, Tally>();
  bonusForfeited = new Map<BonusCostKind, Tally>();
  adjustments = new Tally();
  firstDeposits = new Tally();
  registrations = new Tally();
  active = new Tally();
  activeTotal = 0;
  memberDelta = new Tally();
  liabilityNow = 0n;
  liabilityAfterEnd = 0n;
}

const of = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
};

type Db = Kysely<DB> | Transaction<DB>;


/**
 * The dashboard's figures over a range, per currency, read in one snapshot (repeatable read)
 * so that the figures agree with each other. What each means: README.md.
 */
export async function readDashboard(db: Kysely<DB>, range: ReportRange, homeCurrency: string): Promise<Dashboard> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const tallies = new Map<string, CurrencyTallies>();
    const cur = (currency: string) => of(tallies, currency, () => new CurrencyTallies());
    await houseMovements(trx, range, cur);
    await firstDeposits(trx, range, cur);
    await registrations(trx, range, cur);
    await activeMembers(trx, range, cur);
    await liability(trx, range, cur);
    const queues = await pendingQueues(trx);
    if (tallies.size === 0) cur(homeCurrency);
    const currencies = [...tallies.keys()].sort((a, b) => (a === homeCurrency ? -1 : b === homeCurrency ? 1 : a.localeCompare(b)));
    return {
      from: range.from, to: range.to, tz: range.tz, bucket: range.bucket, buckets: range.buckets,
      currencies: currencies.map((c) => figuresOf(c, tallies.get(c)!, range.buckets)),
      queues,
      at: new Date().toISOString(),
    };
  });
}

const major = (series: bigint[]) => series.map((v) => toMajor(v));

function figuresOf(currency: string, t: CurrencyTallies, buckets: string[]): Dashboard['currencies'][number] {
  const amountFigure = (tally: Tally) => ({ total: toMajor(tally.total), count: tally.count, series: major(tally.series(buckets)) });
  const combined = (a: Tally, b: Tally, sign: 1n | -1n) => {
    const sa = a.series(buckets);
    const sb = b.series(buckets);
    return { total: toMajor(a.total + sign * b.total), count: a.count + b.count, series: major(sa.map((v, i) => v + sign * sb[i])) };
  };
  const kinds: BonusCostKind[] = ['bonus', 'promotion', 'invite', 'refund', 'spin'];
  const bonusCost = new Tally();
  const byKind = kinds.map((kind) => {
    const granted = t.bonusGranted.get(kind) ?? new Tally();
    const forfeited = t.bonusForfeited.get(kind) ?? new Tally();
    for (const [bucket, amount] of granted.byBucket) bonusCost.add(bucket, amount, 0);
    for (const [bucket, amount] of forfeited.byBucket) bonusCost.add(bucket, -amount, 0);
    bonusCost.count += granted.count + forfeited.count;
    return { kind, granted: toMajor(granted.total), forfeited: toMajor(forfeited.total), total: toMajor(granted.total - forfeited.total) };
  }).filter((k) => k.granted !== 0 || k.forfeited !== 0);
  // Liability at the end of each bucket: the end's figure less what moved in the buckets after it.
  const atEnd = t.liabilityNow - t.liabilityAfterEnd;
  const deltas = t.memberDelta.series(buckets);
  let running = atEnd;
  const liabilitySeries: bigint[] = [];
  for (let i = buckets.length - 1; i >= 0; i--) {
    liabilitySeries[i] = running;
    running -= deltas[i];
  }
  return {
    currency,
    deposits: {
      ...amountFigure(t.deposits),
      byChannel: [...t.depositsByChannel].map(([channel, c]) => ({ channel, total: toMajor(c.total), count: c.count }))
        .sort((a, b) => b.total - a.total || a.channel.localeCompare(b.channel)),
    },
    withdrawals: amountFigure(t.withdrawals),
    netDeposits: combined(t.deposits, t.withdrawals, -1n),
    ggr: {
      ...amountFigure(t.ggr),
      byProvider: [...t.ggrByProvider].map(([provider, p]) => ({ provider, total: toMajor(p.total) })).sort((a, b) => a.provider.localeCompare(b.provider)),
    },
    bonusCost: { ...amountFigure(bonusCost), byKind },
    adjustments: amountFigure(t.adjustments),
    ngr: combined(t.ggr, bonusCost, -1n),
    firstDeposits: {
      ...amountFigure(t.firstDeposits),
      average: t.firstDeposits.count ? toMajor(t.firstDeposits.total / BigInt(t.firstDeposits.count)) : 0,
    },
    registrations: { count: t.registrations.count, series: t.registrations.series(buckets).map(Number) },
    activeMembers: { count: t.activeTotal, series: t.active.series(buckets).map(Number) },
    liability: { now: toMajor(t.liabilityNow), atEnd: toMajor(atEnd), series: major(liabilitySeries) },
  };
}

/** Deposits, paid withdrawals, game results, bonus expense and manual adjustments: the house side of their entries. */
async function houseMovements(db: Db, range: ReportRange, cur: (c: string) => CurrencyTallies) {
  const { rows } = await sql<{ currency: string; kind: string; code: string; category: string; bucket: string; amount: string; entries: number }>`
    select h.currency, e.kind, h.code, ${bonusCategory} as category, ${bucketOf(range, sql`e.created_at`)} as bucket,
      sum(h.amount)::text as amount, count(*)::int as entries
    from ledger_entry e
    ${postingsOf(sql`ha.kind = 'house' and (e.kind <> 'withdraw_paid' or ha.code = ${LEDGER.bankPayouts})`)}
    where e.created_at >= ${range.start} and e.created_at < ${range.end}
      and e.kind in ('deposit', 'withdraw_paid', 'game_result', 'bonus', 'bonus_forfeit', 'spin_prize', 'adjustment_credit', 'adjustment_debit')
    group by 1, 2, 3, 4, 5`.execute(db);
  for (const r of rows) {
    const t = cur(r.currency);
    const house = BigInt(r.amount);
    if (r.kind === 'deposit') {
      t.deposits.add(r.bucket, -house, r.entries);
      of(t.depositsByChannel, codeSuffix(r.code, LEDGER.depositsPrefix), () => new Tally()).add(r.bucket, -house, r.entries);
    } else if (r.kind === 'withdraw_paid') {
      t.withdrawals.add(r.bucket, house, r.entries);
    } else if (r.kind === 'game_result') {
      // The house's side of a game result is the member's loss: GGR = -(members' game results).
      t.ggr.add(r.bucket, house, r.entries);
      of(t.ggrByProvider, codeSuffix(r.code, LEDGER.gameFloatPrefix), () => new Tally()).add(r.bucket, house, r.entries);
    } else if ((BONUS_KINDS as readonly string[]).includes(r.kind)) {
      const kind = r.category as BonusCostKind;
      if (r.kind === 'bonus_forfeit') of(t.bonusForfeited, kind, () => new Tally()).add(r.bucket, house, r.entries);
      else of(t.bonusGranted, kind, () => new Tally()).add(r.bucket, -house, r.entries);
    } else {
      t.adjustments.add(r.bucket, -house, r.entries);
    }
  }
}

/** Members whose first deposit entry ever falls in the range: how many, and what they deposited. */
async function firstDeposits(db: Db, range: ReportRange, cur: (c: string) => CurrencyTallies) {
  const { rows } = await sql<{ currency: string; bucket: string; amount: string; members: number }>`
    select h.currency, ${bucketOf(range, sql`e.created_at`)} as bucket, sum(h.amount)::text as amount, count(*)::int as members
    from ledger_entry e
    ${postingsOf(sql`ha.kind = 'wallet'`)}
    where e.kind = 'deposit' and e.created_at >= ${range.start} and e.created_at < ${range.end}
      and not exists (select 1 from ledger_entry f where f.kind = 'deposit' and f.member_id = e.member_id and f.id < e.id)
    group by 1, 2`.execute(db);
  for (const r of rows) cur(r.currency).firstDeposits.add(r.bucket, BigInt(r.amount), r.members);
}

async function registrations(db: Db, range: ReportRange, cur: (c: string) => CurrencyTallies) {
  const { rows } = await sql<{ currency: string; bucket: string; members: number }>`
    select currency, ${bucketOf(range, sql`created_at`)} as bucket, count(*)::int as members
    from member where created_at >= ${range.start} and created_at < ${range.end}
    group by 1, 2`.execute(db);
  for (const r of rows) cur(r.currency).registrations.add(r.bucket, BigInt(r.members), r.members);
}

/** Members with an entry of their own in the ledger or a login (a session begun) in the range; per bucket, those active in it. */
async function activeMembers(db: Db, range: ReportRange, cur: (c: string) => CurrencyTallies) {
  const { rows } = await sql<{ currency: string; bucket: string | null; members: number }>`
    with moves as (
      select member_id, created_at from ledger_entry
        where created_at >= ${range.start} and created_at < ${range.end} and member_id is not null
      union all
      select member_id, created_at from session where created_at >= ${range.start} and created_at < ${range.end}
    ), bucketed as (select member_id, ${bucketOf(range, sql`created_at`)} as bucket from moves)
    select m.currency, x.bucket, count(distinct x.member_id)::int as members
    from bucketed x join member m on m.id = x.member_id
    group by grouping sets ((m.currency), (m.currency, x.bucket))`.execute(db);
  for (const r of rows) {
    const t = cur(r.currency);
    if (r.bucket === null) t.activeTotal = r.members;
    else t.active.add(r.bucket, BigInt(r.members), 0);
  }
}

/**
 * What the product owes its members: wallets and game accounts. Now from the cached balances;
 * at the range's end (and each bucket's) by taking back what member accounts moved since.
 */
async function liability(db: Db, range: ReportRange, cur: (c: string) => CurrencyTallies) {
  const now = await sql<{ currency: string; amount: string }>`
    select currency, sum(balance)::text as amount from ledger_account where kind <> 'house' group by 1 having sum(balance) <> 0`.execute(db);
  for (const r of now.rows) cur(r.currency).liabilityNow = BigInt(r.amount);
  const after = await sql<{ currency: string; amount: string }>`
    select h.currency, sum(h.amount)::text as amount
    from ledger_entry e ${postingsOf(sql`ha.kind <> 'house'`)}
    where e.created_at >= ${range.end} group by 1`.execute(db);
  for (const r of after.rows) cur(r.currency).liabilityAfterEnd = BigInt(r.amount);
  const within = await sql<{ currency: string; bucket: string; amount: string }>`
    select h.currency, ${bucketOf(range, sql`e.created_at`)} as bucket, sum(h.amount)::text as amount
    from ledger_entry e ${postingsOf(sql`ha.kind <> 'house'`)}
    where e.created_at >= ${range.start} and e.created_at < ${range.end} group by 1, 2`.execute(db);
  for (const r of within.rows) cur(r.currency).memberDelta.add(r.bucket, BigInt(r.amount), 0);
}

/** What waits for an operator now, whatever the range (the dashboard's, and the metrics' queue gauges). */
export async function pendingQueues(db: Db): Promise<Dashboard['queues']> {
  const { rows } = await sql<Dashboard['queues']>`
    select
      (select count(*) from withdrawal where status = 'queued')::int as "withdrawalsQueued",
      (select count(*) from withdrawal where status = 'paying')::int as "withdrawalsPaying",
      (select count(*) from deposit_slip where status = 'PENDING')::int as "slipsPending",
      (select count(*) from bank_arrival where status = 'unmatched')::int as "arrivalsUnmatched",
      (select count(*) from manual_adjustment where status = 'proposed')::int as "adjustmentsProposed",
      (select count(*) from config_change where status = 'pending')::int as "configChangesPending"`.execute(db);
  return rows[0];
}
