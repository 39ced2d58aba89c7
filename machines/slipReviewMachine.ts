import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SLIP_REJECT_REASONS } from '../src/contract/admin/roles';
import { failureOf, type MoneyFailure } from './moneyActionMachine';

/**
 * The operator's review of one pending slip in the console (src/client/admin/pages/SlipsPage.tsx):
 * the slip's image opened beside its fields, then approved for the amount read on it (the
 * member's wallet is credited once) or rejected with a reason code the member sees.
 *
 *   idle ── review.opened ──▶ confirming ── decision.sent [valid] ──▶ sending ──▶ done
 *             ▲                  │  ▲                                    └───▶ failed ── decision.retried [outcome unknown] ──▶ sending
 *             └── review.closed ─┘  └── review.opened (another slip)          └─ decision.sent [valid] (a changed decision) ──▶ sending
 *
 * One review at a time, as the page opens one: opening another slip leaves the one being
 * confirmed. While the decision is out nothing else is taken, so a double click approves once and
 * the operator sees how it ended; a refusal (ALREADY_DECIDED when another operator was first,
 * NOT_FOUND) stays in `failure` until the operator moves on. No React, no axios: the call is the
 * `sendSlipDecision` actor; `announceDecided` and `announceRefused` are the app's toasts.
 */

export type SlipRejectReason = (typeof SLIP_REJECT_REASONS)[number];

/** Approve for the amount the operator read on the slip, or reject with a reason the member sees. */
export type SlipDecision = { verdict: 'approve'; amount: number } | { verdict: 'reject'; reason: SlipRejectReason };

export interface SlipDecisionInput {
  slipId: string;
  decision: SlipDecision;
}

export interface SlipReviewContext {
  /** The slip being reviewed (or last decided). */
  slipId: string | null;
  /** The decision sent, or being sent. */
  decision: SlipDecision | null;
  failure: MoneyFailure | null;
}

export type SlipReviewEvent =
  | { type: 'review.opened'; slipId: string }
  | { type: 'review.closed' }
  | { type: 'decision.sent'; decision: SlipDecision }
  | { type: 'decision.retried' };

/** The contract takes a positive amount; anything else is not sent. */
export const isValidSlipDecision = (decision: SlipDecision): boolean =>
  decision.verdict === 'reject' || (Number.isFinite(decision.amount) && decision.amount > 0);

// The same transitions from several states; their actions are named in setup().
const openReview = { target: '#slipReview.confirming', reenter: true, actions: 'rememberSlip' } as const;
const closeReview = { target: '#slipReview.idle', actions: 'forgetReview' } as const;
const sendDecision = { guard: 'validDecision', target: '#slipReview.sending', actions: 'rememberDecision' } as const;

export const slipReviewMachine = setup({
  types: {
    context: {} as SlipReviewContext,
    events: {} as SlipReviewEvent,
  },
  actors: {
    sendSlipDecision: fromPromise<unknown, SlipDecisionInput>(async () => {
      throw new Error('slipReviewMachine: provide the sendSlipDecision actor');
    }),
  },
  actions: {
    rememberSlip: assign(({ event }) => {
      assertEvent(event, 'review.opened');
      return { slipId: event.slipId, decision: null, failure: null };
    }),
    forgetReview: assign({ slipId: null, decision: null, failure: null }),
    rememberDecision: assign(({ event }) => {
      assertEvent(event, 'decision.sent');
      return { decision: event.decision, failure: null };
    }),
    announceDecided: (_, _params: SlipDecisionInput) => {},
    announceRefused: (_, _params: { code: string }) => {},
  },
  guards: {
    validDecision: ({ event }) => event.type === 'decision.sent' && isValidSlipDecision(event.decision),
    outcomeUnknown: ({ context }) => context.failure?.outcomeUnknown === true,
  },
}).createMachine({
  id: 'slipReview',
  context: { slipId: null, decision: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'review.opened': openReview },
    },
    confirming: {
      on: {
        'review.opened': openReview,
        'review.closed': closeReview,
        'decision.sent': sendDecision,
      },
    },
    sending: {
      invoke: {
        src: 'sendSlipDecision',
        input: ({ context }) => ({ slipId: context.slipId!, decision: context.decision! }),
        onDone: {
          target: 'done',
          actions: { type: 'announceDecided', params: ({ context }) => ({ slipId: context.slipId!, decision: context.decision! }) },
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            { type: 'announceRefused', params: ({ event }) => ({ code: failureOf(event.error).code }) },
          ],
        },
      },
    },
    done: {
      on: { 'review.opened': openReview, 'review.closed': closeReview },
    },
    failed: {
      on: {
        'decision.retried': { guard: 'outcomeUnknown', target: 'sending', actions: assign({ failure: null }) },
        'decision.sent': sendDecision,
        'review.opened': openReview,
        'review.closed': closeReview,
      },
    },
  },
});

export type SlipReviewMachine = typeof slipReviewMachine;
