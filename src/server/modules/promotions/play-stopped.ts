import type { MoneyStep } from '../../ledger/envelope';
import { forfeitHeldBonus } from './forfeit';

/**
 * A break or a self-exclusion (safer play, issue 31) stops every gift at once, in the step that
 * starts it, so nothing waits for the member when it ends:
 * - a held bonus ends: the bonus still held returns to the house as every forfeit does
 *   (`forfeit.ts`: the bonus amount, at most what the wallet holds), the rest is the member's to
 *   withdraw. Unlike a withdrawal, it cannot wait for game money to come back: the member's play
 *   stops now, and money in games can only come back to the wallet and be withdrawn;
 * - waiting refunds are given up (status `forfeited`), and so are invite earnings not yet claimed
 *   (claimed by `forfeited:<time>`). Neither was booked, so no money moves. Friends' deposits made
 *   before the pause ends earn nothing later (`invites.ts`), and the refund job makes none for a
 *   period the pause touched (`refunds.ts`).
 * Registered as the envelope's play-stopped hook (`setup.ts`).
 */
export async function forfeitWhenPlayStops(step: MoneyStep, memberId: number): Promise<void> {
  const held = await step.trx.selectFrom('member_bonus').selectAll()
    .where('member_id', '=', memberId).where('status', '=', 'active').forUpdate().executeTakeFirst();
  if (held) await forfeitHeldBonus(step, held, 'expired', new Date(), { evenWithGameMoney: true });
  const now = new Date();
  await step.trx.updateTable('refund').set({ status: 'forfeited', received_at: now })
    .where('member_id', '=', memberId).where('status', '=', 'waiting').execute();
  await step.trx.updateTable('invite_earning').set({ claim_reference: `forfeited:${now.toISOString()}`, claimed_at: now })
    .where('referrer_id', '=', memberId).where('claim_reference', 'is', null).execute();
}
