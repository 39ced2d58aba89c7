import { sql, type Kysely } from 'kysely';

/**
 * One bank transfer into an AUTO-mode account can reach us twice: as the bank feed's arrival
 * (issue 16) and as the member's slip. They carry different references (the receiving bank's
 * and the sending bank's), so the ledger's unique (kind, reference) could not stop a second
 * credit. An arrival now names the slip that credited its transfer (`slip_id`, at most one
 * arrival per slip); whichever comes second books nothing (`modules/deposits/same-transfer.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_arrival add column slip_id uuid unique references deposit_slip (id)`.execute(db);
  // The lookups of the other path: a transfer's amount, then its time.
  await sql`create index bank_arrival_amount_time on bank_arrival (amount, transferred_at)`.execute(db);
  await sql`create index deposit_slip_amount_time on deposit_slip (amount, transferred_at) where status = 'SUCCESS'`.execute(db);
}
