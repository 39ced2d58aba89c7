import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * The spin page (SPEC sections 2 and 4): the wheel, a spin, the prize it won, and claiming
 * prize coupons.
 *
 *   loading ──▶ ready ── spin.requested [coins > 0, a wheel] ──▶ requesting ──▶ spinning
 *      ▲          │                                                  │            │ wheel.settled
 *      │          └── coupon.selected ──▶ confirmingClaim            ▼            ▼
 *      │                 claim.confirmed ──▶ claimDelay ──▶ claiming   failed      won
 *      │                                                     │           │          │
 *      └──────────── claimed / error.dismissed / prize.closed ┴───────────┴──────────┘
 *
 * The server chooses the slice; the wheel only animates to it and reports `wheel.settled`
 * (the page gives up waiting after `wheelGiveUp`, so a canvas that never reports can't hold
 * the prize back). Every way out of a result reloads the setup, since coins and coupons
 * changed. No React, no axios: the calls are the `loadSpin`, `spinWheel` and `claimCoupon`
 * actors, provided by the app and by tests.
 */

export interface WheelSlice {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  htmlDescription: string;
}

export interface SpinSetup {
  activeSpinwheel: { name: string; slices: WheelSlice[] } | null;
  userCoin: number;
}

export interface SpinCoupon {
  _id: string;
  prize: { slice: string; name: string };
  amount: number;
  createdAt: string;
}

export interface SpinResult {
  code: string;
  label: string;
  /** The slice gave a prize coupon (not a "try again" slice). */
  prize: boolean;
  remainingCoin: number;
}

export interface SpinPageData {
  setup: SpinSetup;
  coupons: SpinCoupon[];
}

export interface SpinContext {
  setup: SpinSetup | null;
  coupons: SpinCoupon[];
  /** The last spin's answer, until the prize dialog closes. */
  result: SpinResult | null;
  /** The coupon the member is claiming. */
  coupon: SpinCoupon | null;
  /** The server's (or the client's) error code of the last failure. */
  error: string | null;
  /** A coupon claimed since the page last loaded (the page thanks the member once). */
  claimed: SpinCoupon | null;
}

export type SpinEvent =
  | { type: 'spin.requested' }
  | { type: 'wheel.settled' }
  | { type: 'prize.closed' }
  | { type: 'coupon.selected'; coupon: SpinCoupon }
  | { type: 'claim.confirmed' }
  | { type: 'claim.cancelled' }
  | { type: 'error.dismissed' }
  | { type: 'setup.reload' }
  | { type: 'claimed.acknowledged' };

/** Reads the code of whatever a call rejected with (an ApiError has `code`). */
export const errorCodeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'NETWORK_ERROR';

/** The index of the won slice on the wheel, or -1 when the wheel changed under the spin. */
export const wonSliceIndex = (context: Pick<SpinContext, 'setup' | 'result'>): number =>
  context.setup?.activeSpinwheel?.slices.findIndex((s) => s.code === context.result?.code) ?? -1;

export const SPIN_TIMING = {
  /** The longest the page waits for the wheel to settle (its longest spin is 5 s). */
  wheelGiveUpMs: 8_000,
  /** SPEC section 9: claim confirm debounced 500 ms. */
  claimDebounceMs: 500,
} as const;

export const spinMachine = setup({
  types: {
    context: {} as SpinContext,
    events: {} as SpinEvent,
  },
  actors: {
    loadSpin: fromPromise<SpinPageData>(async () => {
      throw new Error('spinMachine: provide the loadSpin actor');
    }),
    spinWheel: fromPromise<SpinResult>(async () => {
      throw new Error('spinMachine: provide the spinWheel actor');
    }),
    claimCoupon: fromPromise<unknown, { coupon: SpinCoupon }>(async () => {
      throw new Error('spinMachine: provide the claimCoupon actor');
    }),
  },
  actions: {
    /** Keeps the code of the failed call's error for the error dialog. */
    rememberError: assign({ error: ({ event }) => errorCodeOf((event as { error?: unknown }).error) }),
  },
  guards: {
    /** SPEC section 4: no spin while one runs (only `ready` listens) or at 0 coins or fewer. */
    canSpin: ({ context }) => context.setup?.activeSpinwheel != null && context.setup.activeSpinwheel.slices.length > 0 && context.setup.userCoin > 0,
  },
  delays: {
    wheelGiveUp: SPIN_TIMING.wheelGiveUpMs,
    claimDebounce: SPIN_TIMING.claimDebounceMs,
  },
}).createMachine({
  id: 'spin',
  context: { setup: null, coupons: [], result: null, coupon: null, error: null, claimed: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSpin',
        onDone: {
          target: 'ready',
          actions: assign({ setup: ({ event }) => event.output.setup, coupons: ({ event }) => event.output.coupons, result: null, coupon: null }),
        },
        onError: { target: 'loadFailed', actions: 'rememberError' },
      },
    },
    loadFailed: {
      on: { 'setup.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'spin.requested': { guard: 'canSpin', target: 'requesting', actions: assign({ claimed: null }) },
        'coupon.selected': {
          target: 'confirmingClaim',
          actions: assign({
            coupon: ({ event }) => {
              assertEvent(event, 'coupon.selected');
              return event.coupon;
            },
            claimed: null,
          }),
        },
        'setup.reload': 'loading',
        'claimed.acknowledged': { actions: assign({ claimed: null }) },
      },
    },
    requesting: {
      invoke: {
        src: 'spinWheel',
        onDone: {
          target: 'spinning',
          actions: assign({
            result: ({ event }) => event.output,
            setup: ({ context, event }) => (context.setup ? { ...context.setup, userCoin: event.output.remainingCoin } : context.setup),
          }),
        },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    spinning: {
      on: { 'wheel.settled': 'won' },
      after: { wheelGiveUp: 'won' },
    },
    won: {
      on: { 'prize.closed': 'loading' },
    },
    confirmingClaim: {
      on: {
        'claim.confirmed': 'claimDelay',
        'claim.cancelled': { target: 'ready', actions: assign({ coupon: null }) },
      },
    },
    claimDelay: {
      after: { claimDebounce: 'claiming' },
      on: { 'claim.cancelled': { target: 'ready', actions: assign({ coupon: null }) } },
    },
    claiming: {
      invoke: {
        src: 'claimCoupon',
        input: ({ context }) => ({ coupon: context.coupon! }),
        onDone: { target: 'loading', actions: assign({ claimed: ({ context }) => context.coupon }) },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    failed: {
      on: { 'error.dismissed': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type SpinMachine = typeof spinMachine;
