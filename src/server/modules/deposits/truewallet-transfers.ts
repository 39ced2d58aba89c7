import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { toMinor, TRUEWALLET_MINIMUM, type ArrivalReason } from '../../../contract';
import type { BankArrivalStatus, DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Money } from '../../ledger/envelope';
import type { IncomingWalletTransfer } from '../../providers/truewallet/transfer-feed';
import { accountMatches, type DepositAccounts } from './accounts';
import { creditArrival, takerOf } from './bank-arrivals';

/** How True Wallet transfers are kept among the arrivals: their own "bank" code and channel. */
export const TRUEWALLET_BANK_CODE = 'TRUEWALLET';

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * A sender's wallet number in the form members register their phone with (0 and 9 digits):
 * international forms (+66 8x..., 668x...) lose the country code; masked digits stay X.
 */
export function localWalletPhone(reported: string): string {
  const plain = reported.toUpperCase().replace(/[\s-]/g, '').replace(/\*/g, 'X').replace(/^\+/, '');
  return /^66[0-9X]{9}$/.test(plain) ? `0${plain.slice(2)}` : plain;
}

/**
 * The members whose registered phone (their username) fits the sender's wallet number, masked
 * digits matching anything (at least four visible, compared from the right, as `accountMatches`).
 */
export async function membersWithPhone(trx: Transaction<DB>, reported: string) {
  const phone = localWalletPhone(reported);
  const pattern = `%${phone.replace(/[^0-9X]/g, '').replace(/X/g, '_')}`;
  return (await trx.selectFrom('member').select(['id', 'username', 'currency', 'status'])
    .where(sql<string>`regexp_replace(username, '[^0-9]', '', 'g')`, 'like', pattern)
    .limit(20).execute())
    .filter((m) => accountMatches(phone, m.username));
}

/**
 * True Wallet in AUTO mode (SPEC section 2: the wallet number and "credited automatically"): the
 * member sends money from their own wallet, whose number is the phone they registered with, and
 * True Wallet notifies us. Each transfer is stored once per reference among the arrivals
 * (`bank_arrival`, channel `truewallet`), and in the same transaction credited to the one member
 * with that phone; otherwise it waits in the operators' queue with the reason (no member, several
 * for a masked number, a locked member, a Lao wallet, a held bonus, below TRUEWALLET_MINIMUM),
 * where an operator assigns or dismisses it as any waiting transfer.
 */
export class TrueWalletTransfers {
  constructor(private readonly deps: { money: Money; accounts: DepositAccounts }) {}

  /** A signed notification: answers the transfer's status; a repeat books nothing more. */
  async receive(transfer: IncomingWalletTransfer): Promise<{ id: string; status: BankArrivalStatus }> {
    const ours = (await this.deps.accounts.autoWallets()).find((w) => digits(w.walletAccountNo) === digits(transfer.account));
    if (!ours) return refuse('DEST_ACC_INVALID', `${transfer.account} is not an AUTO-mode True Wallet of ours`);

    const outcome = await this.deps.money.step(async (step) => {
      const { trx } = step;
      // A concurrent copy waits here on the unique key until the first commits, then inserts nothing.
      const inserted = await trx.insertInto('bank_arrival').values({
        id: randomUUID(), channel: 'truewallet', bank_code: TRUEWALLET_BANK_CODE, receiving_account: transfer.account, reference: transfer.reference,
        amount: transfer.amount, currency: 'BAHT', sender_bank: TRUEWALLET_BANK_CODE, sender_account: transfer.senderPhone,
        sender_name: transfer.senderName, transferred_at: transfer.transferredAt, reason: null, member_id: null, decided_by: null,
        note: null, decided_at: null,
      }).onConflict((oc) => oc.columns(['bank_code', 'reference']).doNothing())
        .returning(['id', 'channel', 'bank_code', 'reference', 'amount', 'currency', 'sender_bank', 'sender_account'])
        .executeTakeFirst();
      if (!inserted) return undefined;
      const match: { memberId: number; reason?: undefined } | { reason: ArrivalReason } = transfer.amount < toMinor(TRUEWALLET_MINIMUM)
        ? { reason: 'BELOW_MINIMUM' }
        : await takerOf(this.deps.money, trx, await membersWithPhone(trx, transfer.senderPhone), 'BAHT', transfer.amount);
      if (match.reason) {
        await trx.updateTable('bank_arrival').set({ reason: match.reason }).where('id', '=', inserted.id).execute();
        return { id: inserted.id, status: 'unmatched' as const };
      }
      await trx.updateTable('bank_arrival').set({ status: 'credited', member_id: match.memberId, decided_at: new Date() }).where('id', '=', inserted.id).execute();
      await creditArrival(this.deps.money, step, inserted, match.memberId, { matchedBy: 'sender phone' });
      return { id: inserted.id, status: 'credited' as const };
    });
    if (outcome) return outcome;

    const seen = await this.deps.money.db.selectFrom('bank_arrival').select(['id', 'status', 'amount', 'sender_account', 'receiving_account'])
      .where('bank_code', '=', TRUEWALLET_BANK_CODE).where('reference', '=', transfer.reference).executeTakeFirstOrThrow();
    // The same reference reporting another transfer is not a retry: refuse it rather than answer as if booked.
    if (BigInt(seen.amount) !== transfer.amount || seen.sender_account !== transfer.senderPhone || digits(seen.receiving_account) !== digits(transfer.account)) {
      return refuse('IDEMPOTENCY_CONFLICT', `True Wallet ${transfer.reference} was reported with other details`);
    }
    return { id: seen.id, status: seen.status };
  }
}
