import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { postEntry } from '../../ledger/post';
import { grantDepositCoins } from '../spin/coins';
import type { MoneyContext } from '../wallet/money-context';

export interface DepositCredit {
  memberId: number;
  currency: string;
  /** The house account's channel: slip, truewallet, or the QR provider's code. */
  channel: string;
  /** Unique per deposit in the ledger: the same outside reference is never credited twice. */
  reference: string;
  /** Minor units. */
  amount: bigint;
  description?: Record<string, unknown>;
}

/** The house account codes deposits credit from, made at start so none is first made inside a deposit. */
export const depositHouseAccounts = (channels: readonly string[]) => channels.map((c) => HOUSE.deposits(c));

/**
 * Credits a deposit to the member's wallet in the caller's transaction (the one that marks the
 * deposit done) as a ledger entry of kind 'deposit', which the statement shows. Answers the
 * wallet's balance after it. The caller notifies the member after commit (the wallet answer
 * carries the coins a deposit may have earned).
 */
export async function creditDeposit(trx: Transaction<DB>, money: MoneyContext, credit: DepositCredit): Promise<bigint> {
  // A qualifying deposit earns the active spin wheel's coins, once, with the deposit. Granted
  // before the posting: the member row is then locked before the wallet, in the order bonus
  // activation, withdrawals and coupon claims take them, so none of them can deadlock with it.
  await grantDepositCoins(trx, credit);
  const posted = await postEntry(trx, money.accounts, {
    kind: 'deposit',
    memberId: credit.memberId,
    currency: credit.currency,
    reference: credit.reference,
    description: { channel: credit.channel, ...credit.description },
    postings: [
      { account: wallet(credit.memberId), amount: credit.amount },
      { account: house(HOUSE.deposits(credit.channel)), amount: -credit.amount },
    ],
  });
  return [...posted.balances.values()][0];
}
