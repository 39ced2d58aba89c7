import { useMachine } from '@xstate/react';
import type { MoneyRequest } from '../../../machines/moneyActionMachine';
import { appMoneyActionMachine, type MemberMoneyRequest } from './moneyRequests';

// Any request: `can()` asks whether a confirm would be taken now, whatever its content.
const SOME_REQUEST: MoneyRequest = { operation: 'transfer' };

/** One money action's state for a modal: what to show, and the events it may send. */
export function useMoneyAction() {
  const [snapshot, send] = useMachine(appMoneyActionMachine);
  return {
    snapshot,
    /** A call is out or a 202 is being waited out: the confirm button is off. */
    canConfirm: snapshot.can({ type: 'action.confirmed', request: SOME_REQUEST }),
    /** Sending, or waiting out a 202: the action is under way. */
    busy: snapshot.matches('submitting') || snapshot.matches('pendingRetry'),
    waiting: snapshot.matches('pendingRetry'),
    done: snapshot.matches('done'),
    failure: snapshot.matches('failed') ? snapshot.context.failure : null,
    /** The connection lost the answer: asked again with the same key when it is back (issue 32). */
    awaitingConnection: snapshot.matches({ failed: 'awaitingConnection' }),
    /** An earlier attempt of this action got no answer: the outcome shown is the server's stored one. */
    recovered: snapshot.context.mayHaveMoved,
    canRetry: snapshot.can({ type: 'action.retried' }),
    request: snapshot.context.request as MemberMoneyRequest | null,
    /** A whole-balance action waiting for the member to accept its amount. */
    reviewing: snapshot.context.reviewing as MemberMoneyRequest | null,
    confirm: (request: MemberMoneyRequest) => send({ type: 'action.confirmed', request }),
    /** Shows the action with its amount first; nothing is sent until `accept`. */
    review: (request: MemberMoneyRequest) => send({ type: 'action.reviewed', request }),
    accept: () => send({ type: 'review.accepted' }),
    decline: () => send({ type: 'review.declined' }),
    retry: () => send({ type: 'action.retried' }),
    acknowledge: () => send({ type: 'result.acknowledged' }),
  };
}
