import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { accountMatches } from './accounts';
import { bankCodeOfNumber } from '../../providers/emvco/slip-qr';
import { memberSending } from './senders';

/**
 * One bank transfer, seen twice: the bank feed's arrival (its receiving bank's reference) and
 * the member's slip (the sending bank's reference). Neither names the other's reference, so
 * the two are the same transfer when they went into the same receiving account (the slip's
 * number may be masked), for the same amount, within SAME_TRANSFER_WINDOW_MS of each other,
 * from the same sending bank, and the arrival came from the slip's member: its sender is that
 * member's registered account and no other member's (or the feed or an operator credited it to
 * that member). Amounts repeat (preset 100, 500, 1,000), so without the sender a stranger's
 * arrival would be taken for a member's slip, and the member who really sent it would get
 * nothing. The first to arrive credits; the second books nothing and is linked to the first
 * (`bank_arrival.slip_id`, migration 0020). Both paths first take a transaction lock on the
 * amount, so a slip and an arrival of one transfer never both miss each other.
 */
export const SAME_TRANSFER_WINDOW_MS = 10 * 60_000;

interface Transfer {
  receivingAccount: string;
  amount: bigint;
  transferredAt: Date;
}

/** Serialises the paths that credit transfers of this amount (slip, feed, operator) until the transaction ends. */
export async function lockSameTransfers(trx: Transaction<DB>, amount: bigint) {
  await sql`select pg_advisory_xact_lock(hashtext(${`deposit-transfer:${amount}`}))`.execute(trx);
}

const window = (at: Date) => [new Date(at.getTime() - SAME_TRANSFER_WINDOW_MS), new Date(at.getTime() + SAME_TRANSFER_WINDOW_MS)] as const;

/**
 * The sending bank a slip's QR names, in the product's bank codes as the feed reports senders:
 * a Thai slip names its bank by its three-digit number, a BCEL One proof names BCEL. This is
 * all a slip tells of its sender: neither QR nor the verifier's answer carries the account.
 */
export const slipSendingBank = (onQr: string) => bankCodeOfNumber(onQr) ?? onQr;

/**
 * For a slip a member is about to be credited for: an arrival of the same transfer that no slip
 * claimed yet, credited to this member (then the slip is a duplicate) or waiting for an operator
 * and sent from this member's registered account alone (then the slip credits, and claims it).
 * A stranger's arrival, one a masked number cannot tell apart, and one credited to someone else
 * are other transfers: they stay as they are.
 */
export async function arrivalForSlip(trx: Transaction<DB>, transfer: Transfer, slip: { memberId: number; sendingBank: string }) {
  const [from, to] = window(transfer.transferredAt);
  const rows = await trx.selectFrom('bank_arrival').select(['id', 'status', 'receiving_account', 'sender_bank', 'sender_account'])
    .where('amount', '=', transfer.amount).where('transferred_at', '>=', from).where('transferred_at', '<=', to)
    .where('slip_id', 'is', null).where('sender_bank', '=', slipSendingBank(slip.sendingBank))
    .where((eb) => eb.or([eb('status', '=', 'unmatched'), eb.and([eb('status', '=', 'credited'), eb('member_id', '=', slip.memberId)])]))
    .orderBy('received_at').execute();
  const same = rows.filter((a) => accountMatches(transfer.receivingAccount, a.receiving_account));
  const credited = same.find((a) => a.status === 'credited');
  if (credited) return credited;
  for (const arrival of same) {
    if (await memberSending(trx, { bank: arrival.sender_bank, account: arrival.sender_account }) === slip.memberId) return arrival;
  }
  return undefined;
}

/**
 * For an arrival from this member (the one whose registered account sent it, or the one an
 * operator assigns it to): the member's credited slip of the same transfer that no arrival
 * claimed yet. Other members' slips of the same amount are other transfers.
 */
export async function slipForArrival(
  trx: Transaction<DB>,
  arrival: { receiving_account: string; amount: bigint; transferred_at: Date; sender_bank: string },
  memberId: number,
) {
  const [from, to] = window(arrival.transferred_at);
  const rows = await trx.selectFrom('deposit_slip').select(['id', 'member_id', 'receiving_account', 'sending_bank'])
    .where('status', '=', 'SUCCESS').where('amount', '=', arrival.amount)
    .where('transferred_at', '>=', from).where('transferred_at', '<=', to).where('member_id', '=', memberId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bank_arrival').select('id').whereRef('bank_arrival.slip_id', '=', 'deposit_slip.id'))))
    .orderBy('completed_at').execute();
  return rows.find((s) => s.receiving_account !== null && s.sending_bank !== null && slipSendingBank(s.sending_bank) === arrival.sender_bank
    && accountMatches(s.receiving_account, arrival.receiving_account));
}
