import { assign, fromPromise, setup } from 'xstate';

/**
 * /terminated waits for the service to come back (issue 27): it asks the server (never a cache)
 * whether the service runs, again and again with a growing pause, and at once when the member
 * brings the tab back into view. The first answer that it runs sends the member to /login.
 *
 *   asking (at once) ──▶ returned (sendToLogin)
 *      │   ▲
 *      │   └── serviceRetry (15 s, 30 s, 60 s … at most 5 min), or service.recheck ──┐
 *      └── gone, or no answer ──▶ waiting ─────────────────────────────────────────┘
 *
 * A tab in the background does not need the answer soon, so the pause grows; the member looking
 * at the page again asks at once. No React, no fetch: the question is the `askService` actor
 * and the way out is the `sendToLogin` action, both swapped with `machine.provide(...)`.
 */

export type ServiceAnswer = 'active' | 'gone' | 'unknown';

export const SERVICE_RETRY = { firstMs: 15_000, maxMs: 300_000 } as const;

/** The pause before the n-th question (0 based): doubling from the first, never above the cap. */
export const retryPauseMs = (attempt: number): number => Math.min(SERVICE_RETRY.maxMs, SERVICE_RETRY.firstMs * 2 ** Math.max(0, attempt));

export interface ServiceReturnContext {
  /** Questions answered without the service running: sets the next pause. */
  attempts: number;
}

export type ServiceReturnEvent = { type: 'service.recheck' };

export const serviceReturnMachine = setup({
  types: {
    context: {} as ServiceReturnContext,
    events: {} as ServiceReturnEvent,
  },
  actors: {
    askService: fromPromise<ServiceAnswer>(async () => {
      throw new Error('serviceReturnMachine: provide the askService actor');
    }),
  },
  actions: {
    /** The service runs again: the app goes to /login. */
    sendToLogin: () => {},
  },
  guards: {
    serviceRuns: ({ event }) => 'output' in event && event.output === 'active',
  },
  delays: {
    serviceRetry: ({ context }) => retryPauseMs(context.attempts - 1),
  },
}).createMachine({
  id: 'serviceReturn',
  context: { attempts: 0 },
  // Ask at once: the member may be here because of an answer a cache kept.
  initial: 'asking',
  states: {
    waiting: {
      after: { serviceRetry: 'asking' },
      on: { 'service.recheck': 'asking' },
    },
    asking: {
      invoke: {
        src: 'askService',
        onDone: [
          { guard: 'serviceRuns', target: 'returned' },
          { target: 'waiting', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
        ],
        onError: { target: 'waiting', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
    },
    returned: {
      type: 'final',
      entry: 'sendToLogin',
    },
  },
});

export type ServiceReturnMachine = typeof serviceReturnMachine;
