import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureOf, type MoneyFailure } from './moneyActionMachine';

/**
 * The operator's decision on a member's withdrawal in the console
 * (src/client/admin/pages/WithdrawalsPage.tsx): approve a queued one (it goes to the payout), mark
 * one paid by hand once the bank paid it, or reject one not yet paid with a note the member's
 * statement shows (the money returns to the wallet).
 *
 *   idle ── decision.sent [valid] ─────────────────────────────────────▶ sending ──▶ done
 *     └── rejection.opened ──▶ confirmingRejection ── decision.sent [reject, note] ──┘  └──▶ failed
 *                                   └── rejection.cancelled ──▶ idle        failed ── decision.retried [outcome unknown] ──▶ sending
 *
 * One decision at a time on the page: while one is out every button waits, so a double click pays
 * once. A refusal (ALREADY_DECIDED when another operator or the payout was first) stays in
 * `failure` beside the withdrawal until the next decision. No React, no axios: the call is the
 * `sendWithdrawalDecision` actor; `announceDecided` and `announceRefused` are the app's toasts.
 */

export type WithdrawalDecision = { verdict: 'approve' } | { verdict: 'markPaid' } | { verdict: 'reject'; note: string };

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
  | { type: 'rejection.opened'; withdrawalId: string }
  | { type: 'rejection.cancelled' }
  | { type: 'decision.sent'; withdrawalId: string; decision: WithdrawalDecision }
  | { type: 'decision.retried' };

/** The contract's note: 1 to 500 characters once trimmed. */
export const REJECTION_NOTE_MAX = 500;

export const isValidWithdrawalDecision = (decision: WithdrawalDecision): boolean =>
  decision.verdict !== 'reject' || (decision.note.trim().length > 0 && decision.note.trim().length <= REJECTION_NOTE_MAX);

// The same transitions from several states; their actions are named in setup().
const openRejection = { target: '#withdrawalDecision.confirmingRejection', reenter: true, actions: 'rememberRejection' } as const;
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
    rememberDecision: assign(({ event }) => {
      assertEvent(event, 'decision.sent');
      const { decision } = event;
      return {
        withdrawalId: event.withdrawalId,
        decision: decision.verdict === 'reject' ? { verdict: 'reject' as const, note: decision.note.trim() } : decision,
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
      on: { 'rejection.opened': openRejection, 'decision.sent': sendDecision },
    },
    confirmingRejection: {
      on: {
        'rejection.opened': openRejection,
        'rejection.cancelled': { target: 'idle', actions: 'forget' },
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
      on: { 'rejection.opened': openRejection, 'decision.sent': sendDecision },
    },
    failed: {
      on: {
        'decision.retried': { guard: 'outcomeUnknown', target: 'sending', actions: assign({ failure: null }) },
        'rejection.opened': openRejection,
        'decision.sent': sendDecision,
      },
    },
  },
});

export type WithdrawalDecisionMachine = typeof withdrawalDecisionMachine;
