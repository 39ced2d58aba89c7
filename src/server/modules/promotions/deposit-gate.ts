import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';

/**
 * A bonus must be ended before the next deposit (SPEC section 4): registered as the money
 * envelope's deposit gate (`setup.ts`), which every deposit path asks first; a spin coupon's
 * claim (SPEC: BONUS_REMAINING), which also puts money in, asks it too.
 */
export async function refuseWhileBonusActive(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<void> {
  const active = await db.selectFrom('member_bonus').select('id')
    .where('member_id', '=', memberId).where('status', '=', 'active').executeTakeFirst();
  if (active) throw new DomainError('BONUS_REMAINING');
}
