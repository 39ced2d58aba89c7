import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, finding 8: an address's failed logins no longer make it wait. The wait refused the
 * right password of every member behind a shared carrier address; now the failures only make
 * the address "troubled", which shrinks each phone's allowance from it
 * (`modules/account/address-failures.ts`). The table keeps the count and loses the wait.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_backoff rename to login_address_failures`.execute(db);
  await sql`alter table login_address_failures drop column blocked_until`.execute(db);
  await sql`alter index login_backoff_last_failure_idx rename to login_address_failures_last_failure_idx`.execute(db);
}
