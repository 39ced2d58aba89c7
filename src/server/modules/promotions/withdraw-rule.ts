import { DomainError } from '../../errors';
import type { MoneyStep } from '../../ledger/envelope';
import type { WithdrawalFacts } from '../../ledger/hooks';
import { forfeitHeldBonus } from './forfeit';

/**
 * While a bonus is held, a withdrawal takes the whole wallet balance only (SPEC section 2), and
 * that gives the bonus up: the bonus amount goes back to the house (at most what the wallet
 * holds) and the bonus ends as expired, so a member always gets their own money out and never
 * the house's bonus before its turnover is met. Money still in a game account must come back
 * to the wallet first (BONUS_GAME_MONEY), else the bonus could leave through it afterwards.
 * Registered as the money envelope's before-withdrawal hook (`setup.ts`); runs in the
 * withdrawal's step: a refused withdrawal gives nothing up.
 */
export async function applyHeldBonusToWithdrawal(step: MoneyStep, { memberId, wholeBalance }: WithdrawalFacts): Promise<void> {
  const held = await step.trx.selectFrom('member_bonus').selectAll()
    .where('member_id', '=', memberId).where('status', '=', 'active').forUpdate().executeTakeFirst();
  if (!held) return;
  if (!wholeBalance) throw new DomainError('BONUS_REMAINING');
  await forfeitHeldBonus(step, held, 'expired', new Date());
}
