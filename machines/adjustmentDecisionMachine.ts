import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureOf, type MoneyFailure } from './moneyActionMachine';

/**
 * The second operator's decision on a proposed manual credit or debit in the console
 * (src/client/admin/pages/AdjustmentsPage.tsx; the proposal is adjustmentProposalMachine.ts):
 * approve it (the money moves once) or reject it (nothing moves).
 *
 *   idle ── decision.sent ──▶ deciding ──▶ decided ── decision.sent ──▶ deciding
 *                                 └──▶ failed ── decision.retried [outcome unknown] ──▶ deciding
 *                                        └── decision.sent ──▶ deciding
 *
 * Maker-checker is the server's rule: the page offers no approve button on the operator's own
 * proposals, but the server also refuses one proposed by an operator this one made or was made
 * by (OWN_PROPOSAL), and that refusal reaches `failed` with its code. One decision at a time on
 * the page, so a double click approves once. No React, no axios: the call is the
 * `sendAdjustmentDecision` actor; `announceDecided` and `announceRefused` are the app's toasts.
 */

export type AdjustmentVerdict = 'approve' | 'reject';

export interface AdjustmentDecisionInput {
  adjustmentId: string;
  verdict: AdjustmentVerdict;
}

export interface AdjustmentDecisionContext {
  adjustmentId: string | null;
  verdict: AdjustmentVerdict | null;
  failure: MoneyFailure | null;
}

export type AdjustmentDecisionEvent =
  | { type: 'decision.sent'; adjustmentId: string; verdict: AdjustmentVerdict }
  | { type: 'decision.retried' };

const decide = { target: '#adjustmentDecision.deciding', actions: 'rememberDecision' } as const;

export const adjustmentDecisionMachine = setup({
  types: {
    context: {} as AdjustmentDecisionContext,
    events: {} as AdjustmentDecisionEvent,
  },
  actors: {
    sendAdjustmentDecision: fromPromise<unknown, AdjustmentDecisionInput>(async () => {
      throw new Error('adjustmentDecisionMachine: provide the sendAdjustmentDecision actor');
    }),
  },
  actions: {
    rememberDecision: assign(({ event }) => {
      assertEvent(event, 'decision.sent');
      return { adjustmentId: event.adjustmentId, verdict: event.verdict, failure: null };
    }),
    announceDecided: (_, _params: AdjustmentDecisionInput) => {},
    announceRefused: (_, _params: { code: string }) => {},
  },
  guards: {
    outcomeUnknown: ({ context }) => context.failure?.outcomeUnknown === true,
  },
}).createMachine({
  id: 'adjustmentDecision',
  context: { adjustmentId: null, verdict: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'decision.sent': decide },
    },
    deciding: {
      invoke: {
        src: 'sendAdjustmentDecision',
        input: ({ context }) => ({ adjustmentId: context.adjustmentId!, verdict: context.verdict! }),
        onDone: {
          target: 'decided',
          actions: { type: 'announceDecided', params: ({ context }) => ({ adjustmentId: context.adjustmentId!, verdict: context.verdict! }) },
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
    decided: {
      on: { 'decision.sent': decide },
    },
    failed: {
      on: {
        'decision.retried': { guard: 'outcomeUnknown', target: 'deciding', actions: assign({ failure: null }) },
        'decision.sent': decide,
      },
    },
  },
});

export type AdjustmentDecisionMachine = typeof adjustmentDecisionMachine;
