import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { HOUSE } from './accounts';

export type AuditMode = 'full' | 'incremental';

export interface AuditReport {
  mode: AuditMode;
  /** Entries whose postings this pass read (all of them in a full audit). */
  entries: number;
  accounts: number;
  /** The checkpoint after this pass: every posting up to this entry is summed per account. */
  checkpoint: string;
  /** Member accounts whose cached balance differs from the sum of their postings. */
  drift: { accountId: string; cached: string; posted: string }[];
  unbalancedEntries: string[];
  negativeAccounts: string[];
  /** Money in flight that no open transfer or withdrawal explains. */
  inFlight: { account: string; posted: string; open: string }[];
  ok: boolean;
}

export interface AuditOptions {
  /**
   * 'full' sums every posting again and rewrites the checkpoint; 'incremental' adds only the
   * postings of entries after the checkpoint to the sums kept there (a full pass when there
   * is no checkpoint yet). Full by default: callers that want speed ask for incremental.
   */
  mode?: AuditMode;
  /** How long to wait for transactions that may still add entries below the newest id (5 s). */
  settleWaitMs?: number;
}

/**
 * Recomputes every balance from the postings and compares: cached member balances, entries
 * that do not sum to zero, negative member balances, and the in-flight house accounts
 * against the transfers and withdrawals still open.
 *
 * The checkpoint (migration 0009) holds, per account, the sum of its postings up to an entry
 * id. Entries are append-only, so those sums stay true, and an incremental pass reads only the
 * postings after it, while still comparing every account's cached balance. The checkpoint
 * moves only after a clean pass, so a finding is reported again until it is resolved.
 *
 * Entry ids are handed out before commit, so a transaction still open may yet commit an entry
 * below the newest visible id. The checkpoint therefore moves only up to the newest id seen
 * before waiting for every transaction open at that moment to end (each writer takes its row
 * locks before it inserts its entry, so it holds a transaction id by then).
 */
export async function auditLedger(db: Kysely<DB>, options: AuditOptions = {}): Promise<AuditReport> {
  const settled = await settledEntryId(db, options.settleWaitMs ?? 5000);
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const saved = await trx.selectFrom('ledger_audit_checkpoint').select('last_entry_id').executeTakeFirst();
    const mode: AuditMode = options.mode === 'incremental' && saved ? 'incremental' : 'full';
    const from = mode === 'incremental' ? BigInt(saved!.last_entry_id) : 0n;
    // Sums up to `settled` may go into the checkpoint; the comparison uses every visible posting.
    const top = settled === undefined || settled < from ? from : settled;

    await sql`
      create temporary table audit_moved on commit drop as
      select account_id, sum(amount) as moved, coalesce(sum(amount) filter (where entry_id <= ${top}), 0) as to_checkpoint
      from ledger_posting where entry_id > ${from} group by account_id`.execute(trx);
    // A full pass ignores the sums kept at the checkpoint.
    const base = mode === 'incremental' ? sql`ledger_audit_balance` : sql`(select null::bigint as account_id, null::bigint as posted where false)`;
    const postedOf = sql`coalesce(b.posted, 0) + coalesce(m.moved, 0)`;

    const drift = await sql<{ id: string; cached: string; posted: string }>`
      select a.id::text as id, a.balance::text as cached, (${postedOf})::text as posted
      from ledger_account a left join ${base} b on b.account_id = a.id left join audit_moved m on m.account_id = a.id
      where a.kind <> 'house' and a.balance <> ${postedOf}`.execute(trx);
    const unbalanced = await sql<{ entry_id: string }>`
      select entry_id::text from ledger_posting where entry_id > ${from} group by entry_id having sum(amount) <> 0`.execute(trx);
    const negative = await sql<{ id: string }>`
      select id::text from ledger_account where kind <> 'house' and balance < 0`.execute(trx);
    const houseSum = (code: RawBuilder<unknown>) => sql`
      (select coalesce(sum(${postedOf}), 0) from ledger_account a left join ${base} b on b.account_id = a.id
        left join audit_moved m on m.account_id = a.id where a.kind = 'house' and ${code})`;
    const inFlight = await sql<{ account: string; posted: string; open: string }>`
      select h.code as account, h.posted::text as posted, h.open::text as open from (
        select 'transfers_in_flight' as code, ${houseSum(sql`a.code like ${HOUSE.transfersInFlight('%')}`)} as posted,
          (select coalesce(sum(amount), 0) from game_transfer where status = 'pending') as open
        union all
        select ${HOUSE.withdrawalsInFlight}, ${houseSum(sql`a.code = ${HOUSE.withdrawalsInFlight}`)},
          (select coalesce(sum(amount), 0) from withdrawal where status in ('queued', 'paying'))
      ) h where h.posted <> h.open`.execute(trx);
    const counts = await sql<{ entries: string; accounts: string }>`
      select (select count(*) from ledger_entry where id > ${from})::text as entries, (select count(*) from ledger_account)::text as accounts`.execute(trx);

    const report: AuditReport = {
      mode,
      entries: Number(counts.rows[0].entries),
      accounts: Number(counts.rows[0].accounts),
      checkpoint: from.toString(),
      drift: drift.rows.map((r) => ({ accountId: r.id, cached: r.cached, posted: r.posted })),
      unbalancedEntries: unbalanced.rows.map((r) => r.entry_id),
      negativeAccounts: negative.rows.map((r) => r.id),
      inFlight: inFlight.rows,
      ok: false,
    };
    report.ok = !report.drift.length && !report.unbalancedEntries.length && !report.negativeAccounts.length && !report.inFlight.length;
    if (report.ok && (top > from || mode === 'full')) {
      await moveCheckpoint(trx, mode, top);
      report.checkpoint = top.toString();
    }
    return report;
  });
}

/** Adds this pass's sums up to `top` to the checkpoint (or replaces them, after a full pass). */
async function moveCheckpoint(trx: Transaction<DB>, mode: AuditMode, top: bigint) {
  if (mode === 'full') await trx.deleteFrom('ledger_audit_balance').execute();
  await sql`
    insert into ledger_audit_balance (account_id, posted)
    select account_id, to_checkpoint from audit_moved where to_checkpoint <> 0
    on conflict (account_id) do update set posted = ledger_audit_balance.posted + excluded.posted`.execute(trx);
  await sql`
    insert into ledger_audit_checkpoint (id, last_entry_id, audited_at) values (true, ${top}, now())
    on conflict (id) do update set last_entry_id = excluded.last_entry_id, audited_at = excluded.audited_at`.execute(trx);
}

/**
 * The newest entry id below which no entry can still appear, or undefined when a transaction
 * open at the start did not end within `waitMs` (the checkpoint then stays where it is).
 * Only transactions of this database count (transaction ids are shared by every database of
 * a server); it reads pg_stat_activity, which shows them to the role the app connects as.
 */
async function settledEntryId(db: Kysely<DB>, waitMs: number): Promise<bigint | undefined> {
  const now = await sql<{ top: string; open: string[] | null }>`
    select (select coalesce(max(id), 0) from ledger_entry)::text as top,
      (select array_agg(backend_xid::text) from pg_stat_activity
        where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()) as open`.execute(db);
  const top = BigInt(now.rows[0].top);
  let open = now.rows[0].open ?? [];
  const until = Date.now() + waitMs;
  for (let delay = 10; open.length; delay = Math.min(delay * 2, 200)) {
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, delay));
    const still = await sql<{ xid: string }>`
      select backend_xid::text as xid from pg_stat_activity
      where datname = current_database() and backend_xid::text = any(${open}::text[])`.execute(db);
    open = still.rows.map((r) => r.xid);
  }
  return top;
}
