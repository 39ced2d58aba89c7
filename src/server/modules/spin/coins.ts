import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface DepositForCoins {
  memberId: number;
  currency: string;
  /** The deposit's unique reference in the ledger. */
  reference: string;
  /** Minor units. */
  amount: bigint;
}

/**
 * Gives a member the active wheel's coins for a deposit, in the deposit's own transaction,
 * so a deposit credited once grants once. The grant's source is unique: the deposit's
 * reference, or, when the wheel rewards only the first deposit, the member on that wheel
 * (so two first deposits at once still earn one grant). Answers the coins granted.
 */
export async function grantDepositCoins(trx: Transaction<DB>, deposit: DepositForCoins): Promise<number> {
  const wheel = await trx.selectFrom('spin_wheel').select(['id', 'coin_rule']).where('active', '=', true).executeTakeFirst();
  if (!wheel) return 0;
  const rule = wheel.coin_rule;
  const minimum = rule.minDeposit[deposit.currency];
  if (minimum === undefined || deposit.amount < BigInt(minimum) || rule.coins <= 0) return 0;
  const source = rule.firstDepositOnly ? `first_deposit:${wheel.id}:${deposit.memberId}` : `deposit:${deposit.reference}`;
  const granted = await trx.insertInto('spin_coin_grant')
    .values({ member_id: deposit.memberId, wheel_id: wheel.id, source, coins: rule.coins })
    .onConflict((oc) => oc.column('source').doNothing())
    .returning('coins')
    .executeTakeFirst();
  if (!granted) return 0;
  await trx.updateTable('member').set({ coin: sql`coin + ${granted.coins}` }).where('id', '=', deposit.memberId).execute();
  return granted.coins;
}
