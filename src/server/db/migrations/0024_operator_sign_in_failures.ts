import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, finding 4: the operators page shows the bursts of failed sign-ins of the last hour
 * (`modules/admin/sign-in-failures.ts`), read from the audit log by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index operator_audit_login_failed_idx on operator_audit (created_at) where action = 'operator.login_failed'`.execute(db);
}
