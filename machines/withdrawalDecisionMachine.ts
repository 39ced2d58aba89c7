import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { OperatorRejectReason } from '../src/contract/constants';
import { failureOf, type MoneyFailure } from './moneyActionMachine';

/**
 * The operator's decision on a member's withdrawal in the console
 * (src/client/admin/pages/WithdrawalsPage.tsx): approve a queued one after reviewing it (the only
 * approval, the first of two, or the second of two with the operator's authenticator code; the
 * last one sends it to the payout), mark one paid by hand once the bank paid it, or reject one
 * not yet paid with a reason the member's statement shows (the money returns to the wallet).
 *
 *   idle ── review.opened ──▶ reviewing ── decision.sent [approve] ──────────▶ sending ──▶ done
 *     ├── rejection.opened ──▶ confirmingRejection ── decision.sent [reject, reason] ──┘  └──▶ failed
 *     └── decision.sent [mark paid] ──▶ sending       failed ── decision.retried [outcome unknown] ──▶ sending
 *   reviewing, confirmingRejection, failed ── *.cancelled ──▶ idle
 *
 * One decision at a time on the page: while one is out every button waits, so a double click pays
 * once. A refusal (ALREADY_DECIDED when another operator or the payout was first) stays in
 * `failure` beside the withdrawal until the next decision. No React, no axios: the call is the
 * `sendWithdrawalDecision` actor; `announceDecided` and `announceRefused` are the app's toasts.
 */

export type WithdrawalDecision =
  | { verdict: 'approve'; code?: string }
  | { verdict: 'markPaid' }
  | { verdict: 'reject'; note: string; reasonCode?: OperatorRejectReason };

export interface WithdrawalDecisionInput {
  withdrawalId: string;
  decision: WithdrawalDecision;
}

export interface WithdrawalDecisionContext {
  /** The withdrawal decided (or being decided, or whose rejection note is being written). */
  withdrawalId: string | null;
  decision: WithdrawalDecision | null;
  failure: MoneyFailure | null;
}

export type WithdrawalDecisionEvent =
  | { type: 'review.opened'; withdrawalId: string }
  | { type: 'review.cancelled' }
  | { type: 'rejection.opened'; withdrawalId: string }
  | { type: 'rejection.cancelled' }
  | { type: 'decision.sent'; withdrawalId: string; decision: WithdrawalDecision }
  | { type: 'decision.retried' };

/** The contract's note: 1 to 500 characters once trimmed. */
export const REJECTION_NOTE_MAX = 500;

/** A standard reason may go alone; OTHER (the default) needs the operator's words. An approval's code is six digits. */
export const isValidWithdrawalDecision = (decision: WithdrawalDecision): boolean => {
  if (decision.verdict === 'approve') return decision.code === undefined || /^\d{6}$/.test(decision.code);
  if (decision.verdict !== 'reject') return true;
  const note = decision.note.trim();
  return note.length <= REJECTION_NOTE_MAX && (note.length > 0 || (decision.reasonCode ?? 'OTHER') !== 'OTHER');
};

// The same transitions from several states; their actions are named in setup().
const openRejection = { target: '#withdrawalDecision.confirmingRejection', reenter: true, actions: 'rememberRejection' } as const;
const openReview = { target: '#withdrawalDecision.reviewing', reenter: true, actions: 'rememberReview' } as const;
const cancel = { target: '#withdrawalDecision.idle', actions: 'forget' } as const;
const sendDecision = { guard: 'validDecision', target: '#withdrawalDecision.sending', actions: 'rememberDecision' } as const;

export const withdrawalDecisionMachine = setup({
  types: {
    context: {} as WithdrawalDecisionContext,
    events: {} as WithdrawalDecisionEvent,
  },
  actors: {
    sendWithdrawalDecision: fromPromise<unknown, WithdrawalDecisionInput>(async () => {
      throw new Error('withdrawalDecisionMachine: provide the sendWithdrawalDecision actor');
    }),
  },
  actions: {
    rememberRejection: assign(({ event }) => {
      assertEvent(event, 'rejection.opened');
      return { withdrawalId: event.withdrawalId, decision: null, failure: null };
    }),
    rememberReview: assign(({ event }) => {
      assertEvent(event, 'review.opened');
      return { withdrawalId: event.withdrawalId, decision: null, failure: null };
    }),
    rememberDecision: assign(({ event }) => {
      assertEvent(event, 'decision.sent');
      const { decision } = event;
      return {
        withdrawalId: event.withdrawalId,
        decision: decision.verdict === 'reject' ? { ...decision, note: decision.note.trim() } : decision,
        failure: null,
      };
    }),
    forget: assign({ withdrawalId: null, decision: null, failure: null }),
    announceDecided: (_, _params: WithdrawalDecisionInput) => {},
    announceRefused: (_, _params: { code: string }) => {},
  },
  guards: {
    validDecision: ({ event }) => event.type === 'decision.sent' && isValidWithdrawalDecision(event.decision),
    outcomeUnknown: ({ context }) => context.failure?.outcomeUnknown === true,
  },
}).createMachine({
  id: 'withdrawalDecision',
  context: { withdrawalId: null, decision: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'review.opened': openReview, 'rejection.opened': openRejection, 'decision.sent': sendDecision },
    },
    reviewing: {
      on: { 'review.cancelled': cancel, 'decision.sent': sendDecision },
    },
    confirmingRejection: {
      on: {
        'rejection.opened': openRejection,
        'rejection.cancelled': cancel,
        'decision.sent': sendDecision,
      },
    },
    sending: {
      invoke: {
        src: 'sendWithdrawalDecision',
        input: ({ context }) => ({ withdrawalId: context.withdrawalId!, decision: context.decision! }),
        onDone: {
          target: 'done',
          actions: { type: 'announceDecided', params: ({ context }) => ({ withdrawalId: context.withdrawalId!, decision: context.decision! }) },
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
      on: { 'review.opened': openReview, 'rejection.opened': openRejection, 'decision.sent': sendDecision },
    },
    failed: {
      on: {
        'decision.retried': { guard: 'outcomeUnknown', target: 'sending', actions: assign({ failure: null }) },
        'review.opened': openReview,
        'review.cancelled': cancel,
        'rejection.opened': openRejection,
        'rejection.cancelled': cancel,
        // A wrong code is typed again in the open review, without closing it.
        'decision.sent': sendDecision,
      },
    },
  },
});

export type WithdrawalDecisionMachine = typeof withdrawalDecisionMachine;
