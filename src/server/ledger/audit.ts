import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HOUSE } from './accounts';

export interface AuditReport {
  entries: number;
  accounts: number;
  /** Member accounts whose cached balance differs from the sum of their postings. */
  drift: { accountId: string; cached: string; posted: string }[];
  unbalancedEntries: string[];
  negativeAccounts: string[];
  /** Money in flight that no open transfer or withdrawal explains. */
  inFlight: { account: string; posted: string; open: string }[];
  ok: boolean;
}

/**
 * Recomputes every balance from the postings and compares: cached member balances, entries
 * that do not sum to zero, negative member balances, and the in-flight house accounts
 * against the transfers and withdrawals still open.
 */
export async function auditLedger(db: Kysely<DB>): Promise<AuditReport> {
  const drift = await sql<{ id: string; cached: string; posted: string }>`
    select a.id::text as id, a.balance::text as cached, coalesce(sum(p.amount), 0)::text as posted
    from ledger_account a left join ledger_posting p on p.account_id = a.id
    where a.kind <> 'house'
    group by a.id
    having a.balance <> coalesce(sum(p.amount), 0)`.execute(db);
  const unbalanced = await sql<{ entry_id: string }>`
    select entry_id::text from ledger_posting group by entry_id having sum(amount) <> 0`.execute(db);
  const negative = await sql<{ id: string }>`
    select id::text from ledger_account where kind <> 'house' and balance < 0`.execute(db);
  const inFlight = await sql<{ account: string; posted: string; open: string }>`
    select h.code as account, h.posted::text as posted, h.open::text as open from (
      select 'transfers_in_flight' as code,
        (select coalesce(sum(p.amount), 0) from ledger_posting p join ledger_account a on a.id = p.account_id where a.kind = 'house' and a.code like ${HOUSE.transfersInFlight('%')}) as posted,
        (select coalesce(sum(amount), 0) from game_transfer where status = 'pending') as open
      union all
      select ${HOUSE.withdrawalsInFlight},
        (select coalesce(sum(p.amount), 0) from ledger_posting p join ledger_account a on a.id = p.account_id where a.kind = 'house' and a.code = ${HOUSE.withdrawalsInFlight}),
        (select coalesce(sum(amount), 0) from withdrawal where status in ('queued', 'paying'))
    ) h where h.posted <> h.open`.execute(db);
  const counts = await sql<{ entries: string; accounts: string }>`
    select (select count(*) from ledger_entry)::text as entries, (select count(*) from ledger_account)::text as accounts`.execute(db);

  const report: AuditReport = {
    entries: Number(counts.rows[0].entries),
    accounts: Number(counts.rows[0].accounts),
    drift: drift.rows.map((r) => ({ accountId: r.id, cached: r.cached, posted: r.posted })),
    unbalancedEntries: unbalanced.rows.map((r) => r.entry_id),
    negativeAccounts: negative.rows.map((r) => r.id),
    inFlight: inFlight.rows,
    ok: false,
  };
  report.ok = !report.drift.length && !report.unbalancedEntries.length && !report.negativeAccounts.length && !report.inFlight.length;
  return report;
}
