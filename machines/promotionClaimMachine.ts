import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DELAYS } from '../src/contract/constants';
import { failureOf } from './moneyActionMachine';

/**
 * The member's claim of the collected invite bonus, or of the waiting refund into the wallet,
 * from the home's promotion widgets (src/client/bonus/PromotionWidgets.tsx, SPEC section 2): a
 * dialog states the bonus conditions, the member confirms, the claim is sent once.
 *
 *   idle ── claim.opened ──▶ confirming ── claim.confirmed ──▶ claiming ──▶ claimed (amount)
 *             ▲                  └── claim.cancelled ──▶ idle      └──▶ refused (code)
 *             └──────────── claimed / refused ── claim.opened ──▶ confirming
 *
 * The server claims whatever is waiting in one conditional update, so a second claim finds
 * nothing (NO_INVITE_BONUS, NO_REFUND): a claim is never sent twice from one confirmation. The
 * amount is the server's: a claim answered with 0 is `claimed` with amount 0 and announced by
 * `announceNothingClaimed`, never as money received. The claim, a call from a modal, goes out
 * about 0.2 s after the confirmation (SPEC section 9), its spinner already showing. No React, no
 * axios: the call is the `claimPromotion` actor; the `announce*` actions are the app's toasts.
 */

export type PromotionClaim = 'invite' | 'refund';

/** The turnover rule stated in the dialog: percentages of the amount to play when met, or lose when not. */
export interface ClaimConditions {
  success: number;
  fail: number;
}

export interface PromotionClaimContext {
  claim: PromotionClaim | null;
  conditions: ClaimConditions | null;
  /** What the server says was received. */
  amount: number | null;
  /** The server's code of a refused claim. */
  refusal: string | null;
}

export type PromotionClaimEvent =
  | { type: 'claim.opened'; claim: PromotionClaim; conditions: ClaimConditions }
  | { type: 'claim.cancelled' }
  | { type: 'claim.confirmed' };

const codeOf = (error: unknown): string => failureOf(error).code;

const open = { target: '#promotionClaim.confirming', actions: 'rememberClaim' } as const;

export const promotionClaimMachine = setup({
  types: {
    context: {} as PromotionClaimContext,
    events: {} as PromotionClaimEvent,
  },
  actors: {
    claimPromotion: fromPromise<{ amount: number }, { claim: PromotionClaim }>(async () => {
      throw new Error('promotionClaimMachine: provide the claimPromotion actor');
    }),
  },
  actions: {
    rememberClaim: assign(({ event }) => {
      assertEvent(event, 'claim.opened');
      return { claim: event.claim, conditions: event.conditions, amount: null, refusal: null };
    }),
    forgetClaim: assign({ claim: null, conditions: null, amount: null, refusal: null }),
    announceClaimed: (_, _params: { claim: PromotionClaim; amount: number }) => {},
    announceNothingClaimed: (_, _params: { claim: PromotionClaim }) => {},
    announceRefused: (_, _params: { claim: PromotionClaim; code: string }) => {},
  },
  guards: {
    receivedSomething: ({ event }) => 'output' in event && (event.output as { amount: number }).amount > 0,
  },
  delays: { callDelay: DELAYS.spinnerCallMs },
}).createMachine({
  id: 'promotionClaim',
  context: { claim: null, conditions: null, amount: null, refusal: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'claim.opened': open },
    },
    confirming: {
      on: {
        'claim.cancelled': { target: 'idle', actions: 'forgetClaim' },
        'claim.confirmed': { target: 'claiming' },
      },
    },
    claiming: {
      initial: 'waiting',
      states: {
        waiting: { after: { callDelay: 'sending' } },
        sending: {
          invoke: {
            src: 'claimPromotion',
            input: ({ context }) => ({ claim: context.claim! }),
            onDone: [
              {
                guard: 'receivedSomething',
                target: '#promotionClaim.claimed',
                actions: [
                  assign({ amount: ({ event }) => event.output.amount }),
                  { type: 'announceClaimed', params: ({ context, event }) => ({ claim: context.claim!, amount: event.output.amount }) },
                ],
              },
              {
                target: '#promotionClaim.claimed',
                actions: [assign({ amount: ({ event }) => event.output.amount }), { type: 'announceNothingClaimed', params: ({ context }) => ({ claim: context.claim! }) }],
              },
            ],
            onError: {
              target: '#promotionClaim.refused',
              actions: [
                assign({ refusal: ({ event }) => codeOf(event.error) }),
                { type: 'announceRefused', params: ({ context, event }) => ({ claim: context.claim!, code: codeOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    claimed: {
      on: { 'claim.opened': open },
    },
    refused: {
      on: { 'claim.opened': open },
    },
  },
});

export type PromotionClaimMachine = typeof promotionClaimMachine;
