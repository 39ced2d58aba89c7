import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { postEntry } from '../../ledger/post';
import type { MoneyContext } from '../wallet/money-context';
import { currencyIn } from './member-bonus';

/**
 * While a bonus is held, a withdrawal takes the whole wallet balance only (SPEC section 2), and
 * that gives the bonus up: the bonus amount goes back to the house (at most what the wallet
 * holds) and the bonus ends as expired, so a member always gets their own money out and never
 * the house's bonus before its turnover is met. Money still in a game account must come back
 * to the wallet first (BONUS_CONDITION), else the bonus could leave through it afterwards.
 * Runs in the withdrawal's transaction: a refused withdrawal gives nothing up.
 */
export async function applyHeldBonusToWithdrawal(trx: Transaction<DB>, money: MoneyContext, memberId: number, wholeBalance: boolean): Promise<void> {
  const held = await trx.selectFrom('member_bonus').selectAll()
    .where('member_id', '=', memberId).where('status', '=', 'active').forUpdate().executeTakeFirst();
  if (!held) return;
  if (!wholeBalance) throw new DomainError('BONUS_REMAINING');
  const accounts = await trx.selectFrom('ledger_account').select(['kind', 'balance']).where('member_id', '=', memberId).execute();
  if (accounts.some((a) => a.kind === 'game' && BigInt(a.balance) > 0n)) throw new DomainError('BONUS_CONDITION');
  const walletBalance = BigInt(accounts.find((a) => a.kind === 'wallet')?.balance ?? 0n);
  const bonusAmount = BigInt(held.amount);
  const forfeited = walletBalance < bonusAmount ? walletBalance : bonusAmount;
  await trx.updateTable('member_bonus').set({ status: 'ended', outcome: 'expired', ended_at: new Date(), forfeited })
    .where('id', '=', held.id).where('status', '=', 'active').execute();
  if (forfeited > 0n) {
    await postEntry(trx, money.accounts, {
      kind: 'bonus_forfeit', memberId, currency: await currencyIn(trx, memberId), reference: `member_bonus:${held.id}`,
      description: { source: held.source, code: held.code },
      postings: [{ account: wallet(memberId), amount: -forfeited }, { account: house(HOUSE.bonusExpense), amount: forfeited }],
    });
  }
}
