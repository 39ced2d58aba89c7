import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';

export interface AddressPolicy {
  /** Failures an address may make within `windowMs` before it counts as troubled. */
  freeFailures: number;
  /** An address quiet this long starts again from no failures. */
  windowMs: number;
}

/**
 * Failed logins per client address, over any phones. Many members share one address (a carrier
 * NAT in Thailand and Laos), so an address's failures never refuse anyone's right password; past
 * the free allowance the address is troubled, and the login gives each phone fewer tries from it.
 */
export class AddressFailures {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock }, private readonly policy: AddressPolicy) {}

  async troubled(address: string): Promise<boolean> {
    const row = await this.deps.db.selectFrom('login_address_failures').select(['failures', 'last_failure_at'])
      .where('address', '=', address).executeTakeFirst();
    if (!row) return false;
    return row.failures > this.policy.freeFailures && row.last_failure_at.getTime() > this.deps.clock.now().getTime() - this.policy.windowMs;
  }

  /** Counts a failure in one statement, so parallel failures all count. */
  async failed(address: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const quietSince = new Date(now.getTime() - this.policy.windowMs);
    await db
      .insertInto('login_address_failures')
      .values({ address, failures: 1, last_failure_at: now })
      .onConflict((oc) => oc.column('address').doUpdateSet({
        failures: sql<number>`case when login_address_failures.last_failure_at < ${quietSince} then 1 else login_address_failures.failures + 1 end`,
        last_failure_at: now,
      }))
      .execute();
    if (Math.random() < 0.01) await db.deleteFrom('login_address_failures').where('last_failure_at', '<', quietSince).execute();
  }
}
