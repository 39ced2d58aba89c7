import { assign, fromCallback, fromPromise } from 'xstate';
import { moneyActionMachine, type MoneyActionEvent, type MoneyAnswer, type MoneyCallInput } from '../../../machines/moneyActionMachine';
import { call, endpoints, isPendingAnswer, newIdempotencyKey } from '../api';
import { connectivity } from '../api/connectivity';

/** The member's money actions, as the machine carries them (plain fields, compared field by field). */
export type TransferRequest = { operation: 'transfer'; from: string; to: string; amount: number };
export type WithdrawRequest = { operation: 'withdraw'; amount: number };
/** `amount` is the balance the member saw when pressing "withdraw all". */
export type WithdrawAllRequest = { operation: 'withdrawAll'; amount: number };
/** The whole wallet to one game; `seen` is the wallet balance the member saw (shown, not sent). */
export type TransferAllRequest = { operation: 'transferAll'; to: string; seen: number };
export type MemberMoneyRequest = TransferRequest | WithdrawRequest | WithdrawAllRequest | TransferAllRequest;

const isMemberMoneyRequest = (request: MoneyCallInput['request']): request is MemberMoneyRequest =>
  request.operation === 'transfer' || request.operation === 'withdraw' || request.operation === 'withdrawAll' || request.operation === 'transferAll';

/** Sends one attempt of an action with the action's key; a 202 answer comes back as pending. */
export async function sendMoneyRequest({ request, key }: MoneyCallInput): Promise<MoneyAnswer> {
  if (!isMemberMoneyRequest(request)) throw new Error(`unknown money operation ${String(request.operation)}`);
  try {
    let result: unknown;
    switch (request.operation) {
      case 'transfer':
        result = await call(endpoints.walletTransfer, {
          body: { from: request.from, to: request.to, amount: request.amount },
          idempotencyKey: key,
        });
        break;
      case 'withdraw':
        result = await call(endpoints.walletWithdraw, { body: { amount: request.amount }, idempotencyKey: key });
        break;
      case 'withdrawAll':
        result = await call(endpoints.walletWithdrawAll, { body: { amount: request.amount }, idempotencyKey: key });
        break;
      case 'transferAll':
        result = await call(endpoints.walletTransferAll, { body: { to: request.to }, idempotencyKey: key });
        break;
    }
    return { status: 'done', result };
  } catch (error) {
    if (isPendingAnswer(error)) return { status: 'pending' };
    throw error;
  }
}

/**
 * Says when the page's connection comes back (api/connectivity.ts), for an action whose answer the
 * connection lost: at once if it is already back (another call was answered meanwhile), else at
 * the browser's online event or the first answer from the server.
 */
export const awaitConnection = fromCallback<MoneyActionEvent>(({ sendBack }) => {
  const restored = () => sendBack({ type: 'connection.restored' });
  if (connectivity.view().state === 'online') {
    queueMicrotask(restored);
    return undefined;
  }
  return connectivity.onRestored(restored);
});

/**
 * Every money action of the member as the app runs it (transfers, withdrawals, True Wallet, deposit
 * notices): keys from the api layer's generator, asked again when the connection comes back. Each
 * provides its own `submitMoneyAction`.
 */
export const memberMoneyActionMachine = moneyActionMachine.provide({
  actors: { awaitConnection },
  actions: { assignFreshKey: assign({ key: () => newIdempotencyKey() }) },
});

/** The transfer, withdraw and transfer-all machine as the app runs it: real calls. */
export const appMoneyActionMachine = memberMoneyActionMachine.provide({
  actors: { submitMoneyAction: fromPromise<MoneyAnswer, MoneyCallInput>(({ input }) => sendMoneyRequest(input)) },
});
