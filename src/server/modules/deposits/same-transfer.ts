import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { accountMatches } from './accounts';

/**
 * One bank transfer, seen twice: the bank feed's arrival (its receiving bank's reference) and
 * the member's slip (the sending bank's reference). Neither names the other's reference, so
 * the two are the same transfer when they went into the same receiving account (the slip's
 * number may be masked), for the same amount, within SAME_TRANSFER_WINDOW_MS of each other.
 * The first to arrive credits; the second books nothing and is linked to the first
 * (`bank_arrival.slip_id`, migration 0020). Both paths first take a transaction lock on the
 * amount, so a slip and an arrival of one transfer never both miss each other.
 */
export const SAME_TRANSFER_WINDOW_MS = 10 * 60_000;

interface Transfer {
  receivingAccount: string;
  amount: bigint;
  transferredAt: Date;
}

/** Serialises the two paths for transfers of this amount until the transaction ends. */
export async function lockSameTransfers(trx: Transaction<DB>, amount: bigint) {
  await sql`select pg_advisory_xact_lock(hashtext(${`deposit-transfer:${amount}`}))`.execute(trx);
}

const window = (at: Date) => [new Date(at.getTime() - SAME_TRANSFER_WINDOW_MS), new Date(at.getTime() + SAME_TRANSFER_WINDOW_MS)] as const;

/**
 * For a slip a member is about to be credited for: an arrival of the same transfer that no slip
 * claimed yet, credited to this member (then the slip is a duplicate) or still unmatched (then
 * the slip credits, and claims it). Arrivals credited to someone else are other transfers.
 */
export async function arrivalForSlip(trx: Transaction<DB>, transfer: Transfer, memberId: number) {
  const [from, to] = window(transfer.transferredAt);
  const rows = await trx.selectFrom('bank_arrival').select(['id', 'status', 'member_id', 'receiving_account'])
    .where('amount', '=', transfer.amount).where('transferred_at', '>=', from).where('transferred_at', '<=', to)
    .where('slip_id', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'unmatched'), eb.and([eb('status', '=', 'credited'), eb('member_id', '=', memberId)])]))
    .orderBy('received_at').execute();
  const same = rows.filter((a) => accountMatches(transfer.receivingAccount, a.receiving_account));
  return same.find((a) => a.status === 'credited') ?? same[0];
}

/** For a new arrival: a credited slip of the same transfer that no arrival claimed yet. */
export async function slipForArrival(trx: Transaction<DB>, arrival: { receiving_account: string; amount: bigint; transferred_at: Date }) {
  const [from, to] = window(arrival.transferred_at);
  const rows = await trx.selectFrom('deposit_slip').select(['id', 'member_id', 'receiving_account'])
    .where('status', '=', 'SUCCESS').where('amount', '=', arrival.amount)
    .where('transferred_at', '>=', from).where('transferred_at', '<=', to)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bank_arrival').select('id').whereRef('bank_arrival.slip_id', '=', 'deposit_slip.id'))))
    .orderBy('completed_at').execute();
  return rows.find((s) => s.receiving_account !== null && accountMatches(s.receiving_account, arrival.receiving_account));
}
