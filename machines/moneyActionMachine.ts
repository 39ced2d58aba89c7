import { refusalDetailsOf, type RefusalDetails } from './refusal';
import { assertEvent, assign, fromCallback, fromPromise, raise, setup } from 'xstate';

/**
 * One money-moving action of the member (a transfer, a withdrawal, withdraw-all), from the
 * press of the confirm button to its final answer.
 *
 * The server never moves money twice for one idempotency key, so the key belongs to the
 * member's action, not to the request: it is made once when the member confirms and sent
 * again whenever that same action is retried — after a network error or a timeout (the money
 * may have moved; only the server knows), and while the server answers 202 TRANSFER_PENDING
 * (a provider's outcome is not known yet; the reconciler settles it). A changed request or a
 * new press after a final answer is a new action with a new key.
 *
 *   idle ── action.reviewed ──▶ reviewing ── review.accepted ──▶ (action.confirmed)
 *     │                            └──────── review.declined ──▶ idle
 *   idle ── action.confirmed ──▶ submitting ──▶ done
 *                                   │  ▲   └───▶ failed ── action.retried (outcome unknown) ──▶ submitting
 *                          202 ─────▼  │ pendingRetryDelay
 *                                pendingRetry   (the PENDING_RETRY.maxPendingAnswers-th 202 ends in failed, still pending)
 *
 * Offline and flaky networks (issue 32). The api layer refuses a call while the browser is
 * offline, before anything is sent (OFFLINE): for a new action that is a final answer, nothing
 * was sent. When the connection drops while a call is out (NETWORK_ERROR: sent, no answer), or a
 * retry of such an action meets the offline refusal, the outcome stays unknown and the machine
 * waits in `awaitingConnection` (in `failed` while the member reads why, in `idle` once the alert
 * is closed) for the `awaitConnection` actor to say the connection is back, then asks again with
 * the same key, at most AUTO_RETRY.maxAttempts times by itself (the member's retry always works).
 * The server answers a repeated key with the answer it stored, so the money moves once and
 * the member is told which: `done` (with `mayHaveMoved`: an earlier attempt got no answer) or
 * `failed` with the stored refusal.
 *
 *   submitting ── NETWORK_ERROR ──▶ failed.awaitingConnection ── result.acknowledged ──▶ idle.awaitingConnection
 *                                          └──────── connection.restored ─────────────────────┴──▶ submitting
 *
 * An action on the whole balance (withdraw all, all to a game) is reviewed first: the member
 * sees the amount and accepts it, or declines and nothing is sent (issue 27: "withdraw all" once
 * went out at the first tap). Accepting is confirming exactly the request reviewed.
 *
 * No React, no axios: the call is the `submitMoneyAction` actor, the connection's return the
 * `awaitConnection` callback actor (it sends `connection.restored`), and the key comes from the
 * `assignFreshKey` action, all swapped with `machine.provide(...)` by the app and by tests.
 */

/** What the member asked for, e.g. `{ operation: 'transfer', from: 'wallet', to: 'PG', amount: 300 }`. */
export type MoneyRequest = Readonly<Record<string, string | number>>;

/** The call's answer: final (with the server's body), or still in progress (HTTP 202). */
export type MoneyAnswer = { status: 'done'; result: unknown } | { status: 'pending' };

export interface MoneyFailure {
  /** The server's error code, or the client's (NETWORK_ERROR, TIMEOUT, ...). */
  code: string;
  /** The money may or may not have moved: retrying must reuse the key. */
  outcomeUnknown: boolean;
  /** Issue 31: what a limit still allows, or when a break ends, when the refusal says. */
  details?: RefusalDetails;
}

export interface MoneyCallInput {
  request: MoneyRequest;
  key: string;
}

/**
 * 202 answers are retried every few seconds for about a minute (11 waits of 5 s after the
 * first answer); the 12th 202 ends the wait and the member is told it is still in progress.
 */
export const PENDING_RETRY = { delayMs: 5_000, maxPendingAnswers: 12 } as const;

/** The code a failure carries when the server still had no final answer after every pending retry. */
export const STILL_PENDING = 'TRANSFER_PENDING';

/**
 * Failures after which nobody knows whether the money moved: no answer at all, a timeout, a
 * server crash, or an answer we could not read. Every other code is the server's final refusal,
 * kept under the key, so repeating it with the same key could only repeat the refusal.
 */
export const OUTCOME_UNKNOWN_CODES: readonly string[] = ['NETWORK_ERROR', 'TIMEOUT', 'CANCELED', 'INTERNAL_SERVER_ERROR', 'INVALID_RESPONSE', STILL_PENDING];

/** The api layer's refusal of a call while the browser is offline: nothing was sent. */
export const OFFLINE = 'OFFLINE';

/**
 * Failures whose cause is the connection: no answer came (NETWORK_ERROR), or a retry could not go
 * out (OFFLINE). When the outcome is unknown, they are asked again by themselves once it is back.
 */
export const CONNECTION_CODES: readonly string[] = ['NETWORK_ERROR', OFFLINE];

/** How many times an action is asked again by itself when the connection comes back (the member may always retry). */
export const AUTO_RETRY = { maxAttempts: 3 } as const;

/** Reads the code of whatever the call rejected with (an ApiError has `code`). */
export const failureOf = (error: unknown): MoneyFailure => {
  const code =
    error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
      ? (error as { code: string }).code
      : 'NETWORK_ERROR';
  const details = refusalDetailsOf(error);
  return { code, outcomeUnknown: OUTCOME_UNKNOWN_CODES.includes(code), ...(Object.keys(details).length ? { details } : {}) };
};

/** Two requests are the same action when every field is equal. */
export const sameRequest = (a: MoneyRequest | null, b: MoneyRequest | null): boolean => {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
};

/** A random key; works outside secure contexts too, where crypto.randomUUID does not exist. */
const randomKey = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export interface MoneyActionContext {
  request: MoneyRequest | null;
  /** The request the member is looking at before it is sent (whole-balance actions). */
  reviewing: MoneyRequest | null;
  key: string | null;
  /** The server's body of a final success. */
  result: unknown;
  failure: MoneyFailure | null;
  /** 202 answers received for the current attempt. */
  pendingAnswers: number;
  /** An attempt of this action got no final answer: the server may hold it (a retry repeats its key). */
  mayHaveMoved: boolean;
  /** Attempts made by the machine itself when the connection came back. */
  autoRetries: number;
}

export type MoneyActionEvent =
  | { type: 'action.reviewed'; request: MoneyRequest }
  | { type: 'review.accepted' }
  | { type: 'review.declined' }
  | { type: 'action.confirmed'; request: MoneyRequest }
  | { type: 'action.retried' }
  | { type: 'result.acknowledged' }
  /** The connection is back (the `awaitConnection` actor). */
  | { type: 'connection.restored' };

/** The failure of one attempt; an offline refusal of a retry leaves the earlier attempt's outcome unknown. */
const failureAfter = (context: MoneyActionContext, error: unknown): MoneyFailure => {
  const failure = failureOf(error);
  return failure.code === OFFLINE && context.mayHaveMoved ? { ...failure, outcomeUnknown: true } : failure;
};

export const moneyActionMachine = setup({
  types: {
    context: {} as MoneyActionContext,
    events: {} as MoneyActionEvent,
  },
  actors: {
    submitMoneyAction: fromPromise<MoneyAnswer, MoneyCallInput>(async () => {
      throw new Error('moneyActionMachine: provide the submitMoneyAction actor');
    }),
    /** Sends `connection.restored` when the connection comes back; without one, only the member retries. */
    awaitConnection: fromCallback<MoneyActionEvent>(() => undefined),
  },
  actions: {
    assignFreshKey: assign({ key: () => randomKey() }),
    assignRequest: assign({
      request: ({ event }) => {
        assertEvent(event, 'action.confirmed');
        return event.request;
      },
    }),
    /** A new action: nothing of it was sent yet. */
    beginAction: assign({ mayHaveMoved: false, autoRetries: 0 }),
    startAttempt: assign({ failure: null, result: null, pendingAnswers: 0 }),
    countAutoRetry: assign({ autoRetries: ({ context }) => context.autoRetries + 1 }),
    assignFailure: assign(({ context, event }) => {
      const failure = failureAfter(context, (event as { error?: unknown }).error);
      return { failure, mayHaveMoved: context.mayHaveMoved || failure.outcomeUnknown };
    }),
    countPendingAnswer: assign({ pendingAnswers: ({ context }) => context.pendingAnswers + 1 }),
    /** A final answer ends the action: the next press is a new one. */
    forgetAction: assign({ request: null, key: null, result: null, failure: null, pendingAnswers: 0, mayHaveMoved: false, autoRetries: 0 }),
    /** Still pending after every retry: the outcome is not known yet, so a retry must reuse the key. */
    giveUpWaiting: assign({ failure: { code: STILL_PENDING, outcomeUnknown: true }, mayHaveMoved: true }),
  },
  guards: {
    /** The member confirms again exactly what was left without a known outcome: same action, same key. */
    repeatsUnsettledAction: ({ context, event }) =>
      event.type === 'action.confirmed' &&
      context.key !== null &&
      context.failure?.outcomeUnknown === true &&
      sameRequest(context.request, event.request),
    outcomeUnknown: ({ context }) => context.failure?.outcomeUnknown === true,
    /** The money may have moved, and the connection is why nobody knows: asked again when it is back. */
    lostConnection: ({ context }) => context.failure?.outcomeUnknown === true && CONNECTION_CODES.includes(context.failure.code),
    autoRetryLeft: ({ context }) => context.autoRetries < AUTO_RETRY.maxAttempts,
    isPending: ({ event }) => 'output' in event && (event.output as MoneyAnswer).status === 'pending',
    /** Another 202 is waited out until about a minute has passed. */
    pendingWithPatienceLeft: ({ context, event }) =>
      'output' in event && (event.output as MoneyAnswer).status === 'pending' && context.pendingAnswers + 1 < PENDING_RETRY.maxPendingAnswers,
  },
  delays: {
    pendingRetryDelay: PENDING_RETRY.delayMs,
  },
}).createMachine({
  id: 'moneyAction',
  context: { request: null, reviewing: null, key: null, result: null, failure: null, pendingAnswers: 0, mayHaveMoved: false, autoRetries: 0 },
  initial: 'idle',
  states: {
    idle: {
      initial: 'settled',
      states: {
        settled: {},
        // The member closed the alert of an action whose answer the connection lost: it is still
        // asked again when the connection is back, and its answer then shows.
        awaitingConnection: {
          invoke: { src: 'awaitConnection' },
          on: {
            'connection.restored': { guard: 'autoRetryLeft', target: '#moneyAction.submitting', actions: ['countAutoRetry', 'startAttempt'] },
          },
        },
      },
      on: {
        'action.reviewed': {
          target: 'reviewing',
          actions: assign({
            reviewing: ({ event }) => {
              assertEvent(event, 'action.reviewed');
              return event.request;
            },
          }),
        },
        'action.confirmed': [
          { guard: 'repeatsUnsettledAction', target: 'submitting', actions: 'startAttempt' },
          { target: 'submitting', actions: ['assignRequest', 'assignFreshKey', 'beginAction', 'startAttempt'] },
        ],
      },
    },
    reviewing: {
      on: {
        // Back in idle, the reviewed request is confirmed as if pressed there: an unsettled
        // action of the same request keeps its key.
        'review.accepted': {
          target: 'idle',
          actions: [raise(({ context }) => ({ type: 'action.confirmed' as const, request: context.reviewing! })), assign({ reviewing: null })],
        },
        'review.declined': { target: 'idle', actions: assign({ reviewing: null }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submitMoneyAction',
        input: ({ context }) => ({ request: context.request!, key: context.key! }),
        onDone: [
          { guard: 'pendingWithPatienceLeft', target: 'pendingRetry', actions: 'countPendingAnswer' },
          { guard: 'isPending', target: 'failed', actions: 'giveUpWaiting' },
          {
            target: 'done',
            actions: assign({ result: ({ event }) => (event.output.status === 'done' ? event.output.result : null) }),
          },
        ],
        onError: { target: 'failed', actions: 'assignFailure' },
      },
    },
    pendingRetry: {
      after: { pendingRetryDelay: 'submitting' },
    },
    done: {
      on: { 'result.acknowledged': { target: 'idle', actions: 'forgetAction' } },
    },
    failed: {
      initial: 'sorting',
      states: {
        sorting: {
          always: [{ guard: 'lostConnection', target: 'awaitingConnection' }, { target: 'answered' }],
        },
        awaitingConnection: {
          invoke: { src: 'awaitConnection' },
          on: {
            'connection.restored': { guard: 'autoRetryLeft', target: '#moneyAction.submitting', actions: ['countAutoRetry', 'startAttempt'] },
          },
        },
        answered: {},
      },
      on: {
        'action.retried': { guard: 'outcomeUnknown', target: 'submitting', actions: 'startAttempt' },
        'result.acknowledged': [
          { guard: 'lostConnection', target: 'idle.awaitingConnection' },
          // Kept: confirming the same request again is a retry of this action.
          { guard: 'outcomeUnknown', target: 'idle' },
          { target: 'idle', actions: 'forgetAction' },
        ],
      },
    },
  },
});

export type MoneyActionMachine = typeof moneyActionMachine;
