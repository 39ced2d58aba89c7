import { assign, fromPromise, setup } from 'xstate';
import type { ResponseOf } from '../src/contract/endpoint';
import type { sandboxGameSession, sandboxGameSpin } from '../src/contract/endpoints/sandbox';

/**
 * The sandbox demo slot, opened from a launch link: load the session (the token is the only
 * credential), choose a stake, spin. The server decides every spin; the reels then land on its
 * outcome and the scene reports `reels.settled`, and only then is the new balance shown. An
 * invalid or expired link (`invalid-token`) ends in `expired`: only a new link from the lobby helps.
 * Calls are the `loadSession` and `spin` actors; a failure rejects with an error whose `code`
 * is the server's message.
 */

export type GameSession = ResponseOf<typeof sandboxGameSession>;
export type SpinOutcome = ResponseOf<typeof sandboxGameSpin>;

export interface DemoSlotInput {
  token: string;
}

export interface DemoSlotContext {
  token: string;
  session: GameSession | null;
  /** The balance shown: the provider's figure after the last settled spin. */
  balance: number;
  stake: number;
  /** The spin the reels are landing on, then the last one settled. */
  outcome: SpinOutcome | null;
  /** What the reels show at rest: the last settled outcome's reels (null before the first spin). */
  reels: SpinOutcome['reels'] | null;
  /** Spins settled so far on this page (the scene's key for a new landing). */
  settledSpins: number;
  /** The last refusal, shown until the next action. */
  error: string | null;
}

export type DemoSlotEvent =
  | { type: 'stake.chosen'; stake: number }
  | { type: 'spin.requested' }
  | { type: 'reels.settled' }
  | { type: 'session.retry' };

export const INVALID_TOKEN = 'invalid-token';

/**
 * The longest the reels may take to land (they take 1.8 s, reels.ts SPIN_TIMING): a scene that
 * never reports (its canvas lost, no animation frames for a tab a busy phone put aside) must not
 * leave the player looking at a spin that never ends. The server decided the spin already; its
 * outcome is then shown as if the reels had landed.
 */
export const LANDING_LIMIT_MS = 6_000;

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'INTERNAL_SERVER_ERROR';

export const demoSlotMachine = setup({
  types: { context: {} as DemoSlotContext, events: {} as DemoSlotEvent, input: {} as DemoSlotInput },
  actors: {
    loadSession: fromPromise<GameSession, { token: string }>(() =>
      Promise.reject(new Error("demoSlotMachine: provide the 'loadSession' actor")),
    ),
    spin: fromPromise<SpinOutcome, { token: string; stake: number }>(() =>
      Promise.reject(new Error("demoSlotMachine: provide the 'spin' actor")),
    ),
  },
  actions: {
    showOutcome: assign(({ context }) => ({
      balance: context.outcome?.balance ?? context.balance,
      reels: context.outcome?.reels ?? context.reels,
      settledSpins: context.settledSpins + 1,
    })),
  },
  delays: { landingLimit: LANDING_LIMIT_MS },
  guards: {
    linkInvalid: (_, params: { error: unknown }) => codeOf(params.error) === INVALID_TOKEN,
    offeredStake: ({ context, event }) => event.type === 'stake.chosen' && (context.session?.stakes ?? []).includes(event.stake),
    canAfford: ({ context }) => context.balance >= context.stake,
  },
}).createMachine({
  id: 'demoSlot',
  context: ({ input }) => ({ token: input.token, session: null, balance: 0, stake: 0, outcome: null, reels: null, settledSpins: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            session: event.output,
            balance: event.output.balance,
            stake: event.output.stakes[0],
            error: null,
          })),
        },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    ready: {
      on: {
        'stake.chosen': { guard: 'offeredStake', actions: assign(({ event }) => ({ stake: event.stake, error: null })) },
        'spin.requested': [
          { guard: 'canAfford', target: 'spinning', actions: assign({ error: null }) },
          { actions: assign({ error: 'MONEY_NOT_ENOUGH' }) },
        ],
      },
    },
    spinning: {
      invoke: {
        src: 'spin',
        input: ({ context }) => ({ token: context.token, stake: context.stake }),
        onDone: { target: 'landing', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'ready', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    landing: {
      on: { 'reels.settled': { target: 'ready', actions: 'showOutcome' } },
      after: { landingLimit: { target: 'ready', actions: 'showOutcome' } },
    },
    failed: {
      on: { 'session.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    expired: { type: 'final' },
  },
});
