import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { DomainError } from '../../errors';
import type { ArrivalChannel, ArrivalReason } from '../../../contract';
import type { BankArrivalStatus, BankArrivalTable, DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { IncomingTransfer } from '../../providers/bank-feed/adapter';
import type { Money, MoneyStep } from '../../ledger/envelope';
import type { DepositAccounts } from './accounts';
import { creditDeposit } from './credit';
import { lockSameTransfers, slipForArrival } from './same-transfer';
import { membersSending } from './senders';

/** The house account incoming bank transfers are credited from (`deposits:bank`); the statement names the channel. */
export const BANK_CHANNEL = 'bank';
/** True Wallet's transfers are credited from `deposits:truewallet`, as its gift links are. */
export const TRUEWALLET_CHANNEL = 'truewallet';

/**
 * The ledger reference of an arrival's credit: unique per kind, so however it is credited, it is
 * credited once. A True Wallet transfer's never meets a gift link's (`truewallet:<voucher>`, no colon in a voucher).
 */
export const arrivalReference = (a: { bank_code: string; reference: string; channel?: ArrivalChannel }) =>
  a.channel === 'truewallet' ? `truewallet:transfer:${a.reference}`
    // A held QR payment: the reference the code's own credit would have had (`qrcodes.ts`), so it is credited once either way.
    : a.channel === 'qr' ? `${a.bank_code}:${a.reference}`
      : `bank:${a.bank_code}:${a.reference}`;

type Arrival = Pick<BankArrivalTable, 'id' | 'bank_code' | 'reference' | 'currency' | 'sender_bank' | 'sender_account'>
  & { amount: bigint | string; channel?: ArrivalChannel };

/**
 * Credits an arrival to a member in the caller's step (the one that marked it credited),
 * as every deposit path credits: one ledger entry of kind `deposit` from `deposits:bank`
 * (`deposits:truewallet` for a True Wallet transfer).
 */
export async function creditArrival(money: Money, step: MoneyStep, arrival: Arrival, memberId: number, by: Record<string, unknown>) {
  // A QR payment is credited from its provider's house account, as the code's own credit is.
  const channel = arrival.channel === 'truewallet' ? TRUEWALLET_CHANNEL : arrival.channel === 'qr' ? arrival.bank_code : BANK_CHANNEL;
  await creditDeposit(money, step, {
    memberId, currency: arrival.currency, channel, reference: arrivalReference(arrival), amount: BigInt(arrival.amount),
    description: { arrivalId: arrival.id, bankCode: arrival.bank_code, bankReference: arrival.reference, senderBank: arrival.sender_bank, ...by },
  });
}

/** A member who may have sent an arrival, as the matchers find them. */
export interface Candidate {
  id: number;
  currency: string;
  status: string;
}

/**
 * The one candidate who may take the transfer now, or why nobody does: none or several fit
 * the sender, or the one is locked, holds another currency, or holds a bonus (the rules every
 * deposit meets, as the member's own deposits meet them).
 */
const HELD_REASONS: ReadonlySet<string> = new Set<ArrivalReason>(['BONUS_REMAINING', 'DEPOSIT_LIMIT_REACHED', 'ON_BREAK', 'SELF_EXCLUDED']);

export async function takerOf(
  money: Money, trx: Transaction<DB>, candidates: readonly Candidate[], currency: string, amount: bigint,
): Promise<{ memberId: number; reason?: undefined } | { reason: ArrivalReason }> {
  if (candidates.length === 0) return { reason: 'NO_MEMBER' };
  if (candidates.length > 1) return { reason: 'MANY_MEMBERS' };
  const [member] = candidates;
  if (member.status !== 'active') return { reason: 'INACTIVE_USER' };
  if (member.currency !== currency) return { reason: 'CURRENCY_MISMATCH' };
  const reason = await heldReason(money, trx, member.id, amount);
  return reason ? { reason } : { memberId: member.id };
}

/**
 * Why money that arrived for a member is held for an operator instead of credited (the rules
 * every deposit meets: a held bonus, or safer play's limit or pause, issue 31); undefined when it
 * may be credited. Any other refusal is thrown.
 */
export async function heldReason(money: Money, trx: Transaction<DB>, memberId: number, amount: bigint): Promise<ArrivalReason | undefined> {
  try {
    await money.hooks.depositGate(trx, memberId, { amount });
    return undefined;
  } catch (error) {
    if (error instanceof DomainError && HELD_REASONS.has(error.code)) return error.code as ArrivalReason;
    throw error;
  }
}

/**
 * Incoming transfers from the banks' feeds, into our AUTO-mode receiving accounts (the member
 * transfers from the registered account, SPEC section 2). Each arrival is stored once per
 * (bank, reference); in the same transaction it is credited to the one member whose registered
 * account sent it, or left `unmatched` with the reason for an operator (`admin/arrival-queue.ts`).
 */
export class BankArrivals {
  constructor(private readonly deps: { money: Money; accounts: DepositAccounts }) {}

  private get db() {
    return this.deps.money.db;
  }

  /** A signed notification: answers the arrival's status; a repeat books nothing more. */
  async receive(transfer: IncomingTransfer): Promise<{ id: string; status: BankArrivalStatus }> {
    const digits = (s: string) => s.replace(/\D/g, '');
    const ours = (await this.deps.accounts.all()).find((a) => a.mode === 'AUTO' && a.bankCode === transfer.bankCode
      && a.bankAccountNo && digits(a.bankAccountNo) === digits(transfer.account));
    if (!ours) return refuse('DEST_ACC_INVALID', `${transfer.bankCode} ${transfer.account} is not an AUTO-mode receiving account`);
    if (ours.currency && ours.currency !== transfer.currency) return refuse('CURRENCY_MISMATCH', `${transfer.account} takes ${ours.currency}`);

    const outcome = await this.deps.money.step(async (step) => {
      const { trx } = step;
      // A concurrent copy waits here on the unique key until the first commits, then inserts nothing.
      const inserted = await trx.insertInto('bank_arrival').values({
        id: randomUUID(), bank_code: transfer.bankCode, receiving_account: transfer.account, reference: transfer.reference,
        amount: transfer.amount, currency: transfer.currency, sender_bank: transfer.senderBank, sender_account: transfer.senderAccount,
        sender_name: transfer.senderName, transferred_at: transfer.transferredAt, reason: null, member_id: null, decided_by: null,
        note: null, decided_at: null,
      }).onConflict((oc) => oc.columns(['bank_code', 'reference']).doNothing())
        .returning(['id', 'bank_code', 'reference', 'amount', 'currency', 'sender_bank', 'sender_account'])
        .executeTakeFirst();
      if (!inserted) return { repeat: true as const };
      await lockSameTransfers(trx, transfer.amount);
      const senders = await membersSending(trx, { bank: transfer.senderBank, account: transfer.senderAccount });
      // The slip of the member who sent it may have credited this transfer already (same-transfer.ts);
      // a slip of anyone else is another transfer of the same amount.
      const slip = senders.length === 1 ? await slipForArrival(trx, {
        receiving_account: transfer.account, amount: transfer.amount, transferred_at: transfer.transferredAt, sender_bank: transfer.senderBank,
      }, senders[0].id) : undefined;
      if (slip) {
        await trx.updateTable('bank_arrival')
          .set({ status: 'credited', member_id: slip.member_id, slip_id: slip.id, decided_at: new Date(), note: 'credited by the member\'s slip' })
          .where('id', '=', inserted.id).execute();
        return { repeat: false as const, id: inserted.id, status: 'credited' as const, memberId: slip.member_id };
      }
      const match = await takerOf(this.deps.money, trx, senders, inserted.currency, BigInt(inserted.amount));
      if (match.reason) {
        await trx.updateTable('bank_arrival').set({ reason: match.reason, member_id: null }).where('id', '=', inserted.id).execute();
        return { repeat: false as const, id: inserted.id, status: 'unmatched' as const };
      }
      await trx.updateTable('bank_arrival').set({ status: 'credited', member_id: match.memberId, decided_at: new Date() }).where('id', '=', inserted.id).execute();
      await creditArrival(this.deps.money, step, inserted, match.memberId, { matchedBy: 'sender account' });
      return { repeat: false as const, id: inserted.id, status: 'credited' as const, memberId: match.memberId };
    });

    if (outcome.repeat) {
      const seen = await this.db.selectFrom('bank_arrival').select(['id', 'status', 'amount', 'currency', 'sender_bank', 'sender_account', 'receiving_account'])
        .where('bank_code', '=', transfer.bankCode).where('reference', '=', transfer.reference).executeTakeFirstOrThrow();
      // The same reference reporting another transfer is not a retry: refuse it rather than answer as if booked.
      if (BigInt(seen.amount) !== transfer.amount || seen.currency !== transfer.currency || seen.sender_bank !== transfer.senderBank
        || seen.sender_account !== transfer.senderAccount || digits(seen.receiving_account) !== digits(transfer.account)) {
        return refuse('IDEMPOTENCY_CONFLICT', `${transfer.bankCode} ${transfer.reference} was reported with other details`);
      }
      return { id: seen.id, status: seen.status };
    }
    return { id: outcome.id, status: outcome.status };
  }
}
