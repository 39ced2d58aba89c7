import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: the dashboard and the reports read the ledger by time (the operator's range, in
 * their time zone). Entries are read by `(created_at, id)`: a range of time in order, with the id
 * as the tie-break the reports' streamed exports page by (keyset). A member's first deposit is
 * found by a small partial index (the first-time depositors tile). Registrations and logins are
 * counted by time too; the audit log's report pages by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_entry_time_idx on ledger_entry (created_at, id)`.execute(db);
  await sql`create index ledger_entry_first_deposit_idx on ledger_entry (member_id, id) where kind = 'deposit'`.execute(db);
  await sql`create index member_created_idx on member (created_at)`.execute(db);
  await sql`create index session_created_idx on session (created_at)`.execute(db);
  await sql`create index operator_audit_time_idx on operator_audit (created_at, id)`.execute(db);
}
