import { sql, type Kysely } from 'kysely';

/**
 * Hardening after a black-box attack (issue 10):
 * - `login_backoff`: failed logins per client address. Past a free allowance each failure makes
 *   the address wait longer before its next try (doubling, capped), instead of locking out
 *   everyone behind it (a carrier NAT) for a fixed time. The count starts again once an address
 *   has been quiet for the window.
 * - a failed slip's image is removed once the operator's review window has passed, so the image
 *   column may be empty; the slip itself stays in the member's list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table login_backoff (
      address text primary key,
      failures integer not null check (failures >= 0),
      last_failure_at timestamptz not null,
      blocked_until timestamptz
    )`.execute(db);
  await sql`create index login_backoff_last_failure_idx on login_backoff (last_failure_at)`.execute(db);
  await sql`alter table deposit_slip alter column image drop not null`.execute(db);
  await sql`create index deposit_slip_failed_image_idx on deposit_slip (completed_at) where status = 'FAILED' and image is not null`.execute(db);
}
