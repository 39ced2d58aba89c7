import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import type { MoneyStep } from '../../ledger/envelope';
import type { Money } from '../../ledger/envelope';
import type { DepositFacts } from '../../ledger/hooks';

export interface DepositCredit extends DepositFacts {
  description?: Record<string, unknown>;
}

/** The house account codes deposits credit from, made at start so none is first made inside a deposit. */
export const depositHouseAccounts = (channels: readonly string[]) => channels.map((c) => HOUSE.deposits(c));

/**
 * Credits a deposit to the member's wallet in the caller's step (the one that marks the deposit
 * done) as a ledger entry of kind 'deposit', which the statement shows. The deposit's key
 * (`deposit:<reference>`) is registered in the one key table and its reference is unique in the
 * ledger: the same outside reference is never credited twice. Answers the wallet's balance after it.
 * The member is told `deposit.credited` after commit (`notices/`), whichever channel credited it.
 */
export async function creditDeposit(money: Money, step: MoneyStep, credit: DepositCredit): Promise<bigint> {
  const { description, ...facts } = credit;
  // Other areas' work with a deposit (the spin wheel's coins) runs first: it locks the member row
  // before the wallet, in the order bonus activation, withdrawals and coupon claims take them.
  await money.hooks.deposit(step, facts);
  await step.register({ memberId: credit.memberId, key: `deposit:${credit.reference}`, operation: 'deposit', payload: { channel: credit.channel } }, answerBody({ amount: credit.amount.toString() }));
  const posted = await step.post({
    kind: 'deposit',
    memberId: credit.memberId,
    currency: credit.currency,
    reference: credit.reference,
    description: { channel: credit.channel, ...description },
    postings: [
      { account: wallet(credit.memberId), amount: credit.amount },
      { account: house(HOUSE.deposits(credit.channel)), amount: -credit.amount },
    ],
  });
  // The member hears of it after commit (a push); a credit whose reference was booked before fails on its key and tells nothing.
  step.tell(credit.memberId, { kind: 'deposit.credited', amount: credit.amount, currency: credit.currency });
  return [...posted.balances.values()][0];
}
