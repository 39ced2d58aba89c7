import type { MoneyStep } from '../../ledger/envelope';
import { forfeitHeldBonus } from './forfeit';

/**
 * A break or a self-exclusion (safer play, issue 31) ends a held bonus at once, in the step that
 * starts it: the bonus still held returns to the house as every forfeit does (`forfeit.ts`: the
 * bonus amount, at most what the wallet holds), the rest is the member's to withdraw. Unlike a
 * withdrawal, it cannot wait for game money to come back: the member's play stops now, and money
 * in games can only come back to the wallet and be withdrawn. Registered as the envelope's
 * play-stopped hook (`setup.ts`).
 */
export async function forfeitWhenPlayStops(step: MoneyStep, memberId: number): Promise<void> {
  const held = await step.trx.selectFrom('member_bonus').selectAll()
    .where('member_id', '=', memberId).where('status', '=', 'active').forUpdate().executeTakeFirst();
  if (held) await forfeitHeldBonus(step, held, 'expired', new Date(), { evenWithGameMoney: true });
}
