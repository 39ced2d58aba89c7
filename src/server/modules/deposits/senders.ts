import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { accountMatches } from './accounts';

/** Who sent a transfer, as the bank feed reports it: the product's bank code and an account number, possibly masked. */
export interface Sender {
  bank: string;
  account: string;
}

/** The LIKE pattern of a (possibly masked) account number against members' digits, as `accountMatches` compares from the right. */
const accountPattern = (reported: string) => `%${reported.toUpperCase().replace(/[^0-9X*]/g, '').replace(/[X*]/g, '_')}`;

/**
 * The members whose registered bank and account fit a reported sender (masked digits match
 * anything, at least four visible, as `accountMatches`). Members transfer from their registered
 * account (SPEC section 2), so exactly one is the member who sent it; more than one is a sender
 * a masked number cannot tell apart.
 */
export async function membersSending(trx: Transaction<DB>, sender: Sender) {
  return (await trx.selectFrom('member').select(['id', 'bank_account_no', 'currency', 'status'])
    .where('bank_code', '=', sender.bank)
    .where(sql<string>`regexp_replace(bank_account_no, '[^0-9]', '', 'g')`, 'like', accountPattern(sender.account))
    .limit(20).execute())
    .filter((m) => accountMatches(sender.account, m.bank_account_no));
}

/** The one member whose registered account sent it, or undefined when none or several fit. */
export async function memberSending(trx: Transaction<DB>, sender: Sender): Promise<number | undefined> {
  const members = await membersSending(trx, sender);
  return members.length === 1 ? members[0].id : undefined;
}
