import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import type { MoneyStep } from '../../ledger/envelope';
import { BONUS_CHANGED, currencyIn, type HeldBonusRow } from './member-bonus';

/**
 * Ends a held bonus by giving it back: the bonus amount still held (at most what the wallet
 * holds) returns to the house as `bonus_forfeit`, so the house's bonus never becomes the
 * member's own before its turnover is met. Money still in a game account must come back to the
 * wallet first (BONUS_GAME_MONEY, which names that cause: issue 27 found the member told
 * "conditions not met"), else the bonus could leave through it afterwards. Runs in the
 * caller's step with the bonus row locked (FOR UPDATE): a refusal gives nothing up.
 */
export async function forfeitHeldBonus(
  step: MoneyStep, held: HeldBonusRow, outcome: 'expired' | 'cleared', endedAt: Date,
  options: { evenWithGameMoney?: boolean } = {},
): Promise<bigint> {
  const { trx } = step;
  const memberId = held.member_id;
  const accounts = await trx.selectFrom('ledger_account').select(['kind', 'balance']).where('member_id', '=', memberId).execute();
  if (!options.evenWithGameMoney && accounts.some((a) => a.kind === 'game' && BigInt(a.balance) > 0n)) throw new DomainError('BONUS_GAME_MONEY');
  const walletBalance = BigInt(accounts.find((a) => a.kind === 'wallet')?.balance ?? 0n);
  const bonusAmount = BigInt(held.amount);
  const forfeited = walletBalance < bonusAmount ? walletBalance : bonusAmount;
  const ended = await trx.updateTable('member_bonus').set({ status: 'ended', outcome, ended_at: endedAt, forfeited })
    .where('id', '=', held.id).where('status', '=', 'active').executeTakeFirst();
  if (!ended.numUpdatedRows) return 0n;
  step.announce(memberId, BONUS_CHANGED);
  if (forfeited > 0n) {
    await step.post({
      kind: 'bonus_forfeit', memberId, currency: await currencyIn(trx, memberId), reference: `member_bonus:${held.id}`,
      description: { source: held.source, code: held.code },
      postings: [{ account: wallet(memberId), amount: -forfeited }, { account: house(HOUSE.bonusExpense), amount: forfeited }],
    });
  }
  return forfeited;
}
