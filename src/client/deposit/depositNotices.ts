import { fromPromise } from 'xstate';
import type { MoneyAnswer, MoneyCallInput } from '../../../machines/moneyActionMachine';
import type { ResponseOf } from '../../contract';
import { call, endpoints } from '../api';
import { memberMoneyActionMachine } from '../wallet/moneyRequests';

/** A deposit notice as the server answers it (POST /api/wallet/add, GET /api/wallet/notices). */
export type DepositNotice = ResponseOf<typeof endpoints.walletAdd>;

export type DepositNoticeRequest = { operation: 'depositNotice'; amount: number };

/** The member's notices of the last two days, newest first. */
export const readDepositNotices = async (): Promise<DepositNotice[]> => (await call(endpoints.walletNotices)).notices;

/**
 * "I have transferred this amount": one attempt, with the action's key. A notice moves no money,
 * but it is keyed like the money actions, so a retry after a lost answer is the same notice.
 */
export async function sendDepositNotice({ request, key }: MoneyCallInput): Promise<MoneyAnswer> {
  if (request.operation !== 'depositNotice' || typeof request.amount !== 'number') throw new Error('not a deposit notice');
  return { status: 'done', result: await call(endpoints.walletAdd, { body: { amount: request.amount }, idempotencyKey: key }) };
}

/** The money action machine for notices: the key is one per press of "Tell us", kept for retries. */
export const depositNoticeMachine = memberMoneyActionMachine.provide({
  actors: { submitMoneyAction: fromPromise<MoneyAnswer, MoneyCallInput>(({ input }) => sendDepositNotice(input)) },
});

/** The notices worth showing: each pending one, and those closed in the last day. */
export const noticesToShow = (notices: readonly DepositNotice[], now: Date, lifetimeHours: number): DepositNotice[] =>
  notices.filter((n) => n.state === 'pending' || (n.closedAt !== null && now.getTime() - Date.parse(n.closedAt) < lifetimeHours * 3_600_000)).slice(0, 3);
