import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';

export interface BackoffPolicy {
  /** Failures an address may make within `windowMs` before it has to wait between tries. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** An address quiet this long starts again from no failures. */
  windowMs: number;
}

/**
 * Failed logins per client address, slowed rather than locked: past the free allowance each
 * failure makes the address wait before its next try, twice as long as the last time, up to a
 * cap. A guesser spreading tries over many phones is held to one try per `maxWaitMs`, while the
 * members behind the same address (a carrier NAT) wait at most that long, never a lockout.
 */
export class LoginBackoff {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock }, private readonly policy: BackoffPolicy) {}

  /** True while the address must wait before its next try. */
  async waiting(address: string): Promise<boolean> {
    const row = await this.deps.db.selectFrom('login_backoff').select('blocked_until').where('address', '=', address).executeTakeFirst();
    return !!row?.blocked_until && row.blocked_until.getTime() > this.deps.clock.now().getTime();
  }

  /** Counts a failure (one statement, so parallel failures all count) and sets the wait it earns. */
  async failed(address: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const quietSince = new Date(now.getTime() - this.policy.windowMs);
    const row = await db
      .insertInto('login_backoff')
      .values({ address, failures: 1, last_failure_at: now, blocked_until: null })
      .onConflict((oc) => oc.column('address').doUpdateSet({
        failures: sql<number>`case when login_backoff.last_failure_at < ${quietSince} then 1 else login_backoff.failures + 1 end`,
        last_failure_at: now,
      }))
      .returning('failures')
      .executeTakeFirstOrThrow();
    const over = row.failures - this.policy.freeFailures;
    if (over > 0) {
      const waitMs = Math.min(this.policy.maxWaitMs, this.policy.firstWaitMs * 2 ** Math.min(over - 1, 30));
      await db.updateTable('login_backoff').set({ blocked_until: new Date(now.getTime() + waitMs) }).where('address', '=', address).execute();
    }
    if (Math.random() < 0.01) await db.deleteFrom('login_backoff').where('last_failure_at', '<', quietSince).execute();
  }
}
