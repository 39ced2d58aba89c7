import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ADJUSTMENT_DIRECTIONS } from '../src/contract/admin/roles';
import { failureOf, type MoneyFailure } from './moneyActionMachine';

/**
 * An operator's proposal of a manual credit or debit in the console
 * (src/client/admin/pages/AdjustmentsPage.tsx); another operator approves it
 * (adjustmentDecisionMachine.ts).
 *
 * The proposal carries an idempotency key, and the key belongs to the proposal, not to the
 * request, as in moneyActionMachine.ts: made when it is first sent, sent again when the same
 * proposal is retried after an answer that never came (no network, a timeout: it may have been
 * stored), so a retry never proposes twice. A final answer ends it: the next proposal, even an
 * identical one, is a new one with a new key.
 *
 *   editing ── proposal.submitted [valid] ──▶ proposing ──▶ proposed ── proposal.submitted ──▶ proposing (new key)
 *                                                └──▶ failed ── proposal.retried [outcome unknown] ──▶ proposing (same key)
 *                                                        └── proposal.submitted [same proposal, outcome unknown] ──▶ proposing (same key)
 *                                                        └── proposal.submitted [otherwise] ──▶ proposing (new key)
 *
 * No React, no axios: the call is the `proposeAdjustment` actor and the key comes from the
 * `assignFreshKey` action, both swapped with `machine.provide(...)`.
 */

export interface AdjustmentProposal {
  memberId: number;
  direction: (typeof ADJUSTMENT_DIRECTIONS)[number];
  amount: number;
  reason: string;
}

export interface ProposeAdjustmentInput {
  proposal: AdjustmentProposal;
  key: string;
}

export interface AdjustmentProposalContext {
  proposal: AdjustmentProposal | null;
  key: string | null;
  failure: MoneyFailure | null;
}

export type AdjustmentProposalEvent =
  | { type: 'proposal.submitted'; proposal: AdjustmentProposal }
  | { type: 'proposal.retried' };

/** The contract's proposal: a member id, a positive amount and a reason of 1 to 500 characters. */
export const isValidProposal = (p: AdjustmentProposal): boolean =>
  Number.isInteger(p.memberId) && p.memberId > 0 &&
  Number.isFinite(p.amount) && p.amount > 0 &&
  p.reason.trim().length > 0 && p.reason.trim().length <= 500;

export const sameProposal = (a: AdjustmentProposal | null, b: AdjustmentProposal): boolean =>
  a !== null && a.memberId === b.memberId && a.direction === b.direction && a.amount === b.amount && a.reason === b.reason.trim();

/** A random key; works outside secure contexts too, where crypto.randomUUID does not exist. */
const randomKey = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

// The same transitions from several states; their actions are named in setup().
const submit = [
  { guard: 'repeatsUnsettledProposal', target: '#adjustmentProposal.proposing', actions: 'startAttempt' },
  { guard: 'validProposal', target: '#adjustmentProposal.proposing', actions: ['rememberProposal', 'assignFreshKey', 'startAttempt'] },
] as const;

export const adjustmentProposalMachine = setup({
  types: {
    context: {} as AdjustmentProposalContext,
    events: {} as AdjustmentProposalEvent,
  },
  actors: {
    proposeAdjustment: fromPromise<unknown, ProposeAdjustmentInput>(async () => {
      throw new Error('adjustmentProposalMachine: provide the proposeAdjustment actor');
    }),
  },
  actions: {
    assignFreshKey: assign({ key: () => randomKey() }),
    rememberProposal: assign({
      proposal: ({ event }) => {
        assertEvent(event, 'proposal.submitted');
        return { ...event.proposal, reason: event.proposal.reason.trim() };
      },
    }),
    startAttempt: assign({ failure: null }),
    /** A final answer ends the proposal: the next one is new, with a new key. */
    forgetProposal: assign({ proposal: null, key: null }),
    announceProposed: (_, _params: { proposal: AdjustmentProposal }) => {},
    announceRefused: (_, _params: { code: string }) => {},
  },
  guards: {
    validProposal: ({ event }) => event.type === 'proposal.submitted' && isValidProposal(event.proposal),
    /** The operator sends again exactly what was left without a known outcome: the same proposal, the same key. */
    repeatsUnsettledProposal: ({ context, event }) =>
      event.type === 'proposal.submitted' &&
      context.key !== null &&
      context.failure?.outcomeUnknown === true &&
      sameProposal(context.proposal, event.proposal),
    outcomeUnknown: ({ context }) => context.failure?.outcomeUnknown === true,
  },
}).createMachine({
  id: 'adjustmentProposal',
  context: { proposal: null, key: null, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'proposal.submitted': submit },
    },
    proposing: {
      invoke: {
        src: 'proposeAdjustment',
        input: ({ context }) => ({ proposal: context.proposal!, key: context.key! }),
        onDone: {
          target: 'proposed',
          actions: [{ type: 'announceProposed', params: ({ context }) => ({ proposal: context.proposal! }) }, 'forgetProposal'],
        },
        // A final refusal keeps nothing that a new submit could reuse: repeatsUnsettledProposal
        // asks for an unknown outcome, so the next submit makes a new key.
        onError: {
          target: 'failed',
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            { type: 'announceRefused', params: ({ event }) => ({ code: failureOf(event.error).code }) },
          ],
        },
      },
    },
    proposed: {
      on: { 'proposal.submitted': submit },
    },
    failed: {
      on: {
        'proposal.retried': { guard: 'outcomeUnknown', target: 'proposing', actions: 'startAttempt' },
        'proposal.submitted': submit,
      },
    },
  },
});

export type AdjustmentProposalMachine = typeof adjustmentProposalMachine;
