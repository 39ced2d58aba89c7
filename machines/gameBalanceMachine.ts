import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * The game balances the member sees are the providers' (issue 27: after a loss in a game the
 * game account dialog still showed the figure from before, and "transfer all" answered a
 * balance nobody had read). The wallet's figure of a game account is only what the product last
 * booked; the providers' own figures are read (GET /api/wallet/refresh/slot, which books them)
 * whenever the member is about to look at them:
 *
 *   - `opened`: the game account dialog opens;
 *   - `transferred`: a transfer into or out of a game ended (done or not);
 *   - `returned`: the page is focused or in view again after the member launched a game;
 *   - `visible`: the tab comes back into view, or the page gets the focus back;
 *   - `started`: the member area opens;
 *   - `asked`: the member pressed "check balance".
 *
 *   idle ── balances.wanted [not just read] ──▶ reading ──▶ idle (readAt)
 *                                                  │  └──▶ idle (failedAt: the figures stay, with their age)
 *                                                  └─ balances.wanted (transferred) ──▶ read once more after this one
 *
 * `visible` comes often (every tab switch) and skips a read younger than FRESH_FOR_MS; the
 * others always read: a few seconds in a game are enough to lose. A transfer that ends while a read is under way may have
 * moved money after the provider answered, so one more read follows. What the screens show
 * is the figure with its age (`readAt`), never a figure as if it were just read.
 *
 * No React, no axios: the read is the `readGameBalances` actor (it books the answer into the
 * wallet and outputs when it was read), swapped with `machine.provide(...)`.
 */

export type BalanceReadReason = 'opened' | 'transferred' | 'returned' | 'visible' | 'started' | 'asked';

/** A read this young (ms) is fresh enough for a tab switch. */
export const FRESH_FOR_MS = 10_000;

export interface GameBalanceContext {
  /** When the providers last answered (ms since the epoch), null until they have. */
  readAt: number | null;
  /** When the last read was asked, while it runs. */
  askedAt: number | null;
  /** The last read failed (at this time): the figures shown are older than it. */
  failedAt: number | null;
  /** A transfer ended while reading: read once more. */
  again: boolean;
}

export type GameBalanceEvent = { type: 'balances.wanted'; reason: BalanceReadReason; at: number };

export const gameBalanceMachine = setup({
  types: {
    context: {} as GameBalanceContext,
    events: {} as GameBalanceEvent,
    input: {} as { readAt?: number | null } | undefined,
  },
  actors: {
    readGameBalances: fromPromise<{ readAt: number }>(async () => {
      throw new Error('gameBalanceMachine: provide the readGameBalances actor');
    }),
  },
  guards: {
    /** A tab switch right after a read does not ask the providers again. */
    freshEnough: ({ context, event }) => event.reason === 'visible' && context.readAt !== null && event.at - context.readAt < FRESH_FOR_MS,
    movedMoney: ({ event }) => event.reason === 'transferred',
    again: ({ context }) => context.again,
  },
  actions: {
    rememberAsked: assign({
      askedAt: ({ event }) => {
        assertEvent(event, 'balances.wanted');
        return event.at;
      },
    }),
  },
}).createMachine({
  id: 'gameBalance',
  context: ({ input }) => ({ readAt: input?.readAt ?? null, askedAt: null, failedAt: null, again: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'balances.wanted': [{ guard: 'freshEnough' }, { target: 'reading', actions: 'rememberAsked' }],
      },
    },
    reading: {
      entry: assign({ again: false }),
      invoke: {
        src: 'readGameBalances',
        onDone: [
          { guard: 'again', target: 'reading', reenter: true, actions: assign({ readAt: ({ event }) => event.output.readAt, failedAt: null }) },
          { target: 'idle', actions: assign({ readAt: ({ event }) => event.output.readAt, failedAt: null, askedAt: null }) },
        ],
        onError: [
          { guard: 'again', target: 'reading', reenter: true, actions: assign({ failedAt: ({ context }) => context.askedAt }) },
          { target: 'idle', actions: assign({ failedAt: ({ context }) => context.askedAt, askedAt: null }) },
        ],
      },
      on: {
        'balances.wanted': { guard: 'movedMoney', actions: [assign({ again: true }), 'rememberAsked'] },
      },
    },
  },
});

export type GameBalanceMachine = typeof gameBalanceMachine;
