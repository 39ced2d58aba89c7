import { refusalDetailsOf, type RefusalDetails } from './refusal';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { QR_COUNTDOWN_TICK_MS } from '../src/contract/constants';

/**
 * A deposit by QR code with one provider (bank QR: KBANK, BCEL; gateways: WW, FP, PAYONEX),
 * SPEC sections 2, 4, 5 and 9.
 *
 *   reading ──(a live code)──────────────────────────────▶ shown ── qrExpiry (00:00) ──▶ editing.expired
 *      └──(none)──▶ editing ── qr.requested [amountAllowed] ──▶ creating ──▶ shown      │  └─ qr.recheck: paid ──▶ received (held ──▶ held)
 *                     ▲                                           └─(hasQrcode false)─▶ editing + notifyCreateFailed     │
 *                     ├──────── cancelling ◀── qr.cancelled ───────────────────────────┘                                 │
 *                     └──────────────────────────────────────── qr.another ◀─────────────────────────────────────────────┘
 *
 * On open the member's current code is read (GET); a live one is shown with an mm:ss countdown
 * to its expireIn that ticks every QR_COUNTDOWN_TICK_MS. At 00:00 it is hidden; a cancel deletes
 * it. While shown, `qr.recheck` (the view sends it when the wallet changed, or the page came back
 * into view) reads the code again: paid (the answer names this code as the last paid one) shows
 * "deposit received" with the amount and the wallet's new balance; paid but held for an operator
 * (issue 31: past a deposit limit, during a break) shows that it is held and why; gone otherwise (cancelled
 * elsewhere) hides it; the server's
 * `refresh` flag — set once after a code was made with another provider — or another code
 * replaces it and restarts the countdown.
 *
 * The amount rule lives in the `amountAllowed` guard only; the view asks `can({ type: 'qr.requested' })`.
 * No React, no axios: the calls are the `readQrcode`, `createQrcode` and `deleteQrcode` actors,
 * the clock is read by the `readClock` action, both swapped with `machine.provide(...)`.
 */

export interface QrCode {
  qrcodeId: string;
  /** The server's image of the code (a data URL, or SVG markup). */
  qrcode: string;
  amount: number;
  /** ISO time the code expires. */
  expireIn: string;
}

/** The member's last paid code with the provider, and the wallet balance now (GET only). */
export interface QrPaid {
  qrcodeId: string;
  amount: number;
  wallet: { amount: number };
}

/** The GET and POST /api/qrcode/:bankCode answer. */
/** The member's last code with the provider was paid but is held for an operator (issue 31), and why. */
export interface QrHeld {
  qrcodeId: string;
  amount: number;
  /** DEPOSIT_LIMIT_REACHED, ON_BREAK, SELF_EXCLUDED or BONUS_REMAINING. */
  reason: string;
}

export type QrAnswer =
  | ({ hasQrcode: true; refresh?: boolean } & QrCode)
  | { hasQrcode: false; message?: string; remaining?: number; until?: string | null; paid?: QrPaid; held?: QrHeld };

/** A deposit that arrived by the code the member was shown. */
export interface QrReceived {
  amount: number;
  /** The wallet's balance after it. */
  balance: number;
}

export interface QrDepositInput {
  provider: string;
  /** The provider's minimum deposit in the member's currency; 0 for bank QR in baht, which needs only an amount above 0. */
  minimum: number;
  /** Decimals an amount may have: 2 (satang), 0 for a currency used in whole units (kip). Default 2. */
  decimals?: number;
  /** The largest amount a code may be made for in the member's currency, when the money rules give one. */
  maximum?: number;
}

/** Why the form is showing: first time, or after a code ended. */
export type QrEnding = 'expired' | 'cancelled';

export interface QrDepositContext extends QrDepositInput {
  /** The amount as typed (or picked from the presets). */
  amount: string;
  code: QrCode | null;
  /** The clock when last read (ms since the epoch): the countdown is `expireIn - now`. */
  now: number;
  /** Grows each time another code takes the place of the shown one, so the view redraws it. */
  codeVersion: number;
  /** The shown code was paid: what arrived, and the new balance. */
  received: QrReceived | null;
  /** The shown code was paid, but the payment waits for an operator (not credited): what, and why. */
  held: QrHeld | null;
}

export type QrDepositEvent =
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.preset'; amount: number }
  | { type: 'qr.requested' }
  | { type: 'qr.cancelled' }
  | { type: 'qr.recheck' }
  /** After a deposit was received: the form for another one. */
  | { type: 'qr.another' };

/** SPEC section 5: "QR create: amount at least 1 else nothing happens". */
export const QR_SMALLEST_AMOUNT = 1;

/** A typed amount: digits with at most `decimals` decimals (two unless told), else null. */
export const parseQrAmount = (typed: string, decimals = 2): number | null => {
  const text = typed.trim().replace(/,/g, '');
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  return pattern.test(text) ? Number(text) : null;
};

/**
 * Whether a code may be made for this amount: above 0 and at least 1 for every provider, at
 * least the provider's minimum (bank QR in baht has none), at most its maximum when there is one
 * (issue 27: a 99,999,999-baht code was made), and in the currency's units.
 */
export const qrAmountAllowed = (typed: string, minimum: number, decimals = 2, maximum?: number): boolean => {
  const amount = parseQrAmount(typed, decimals);
  return amount !== null && amount > 0 && amount >= QR_SMALLEST_AMOUNT && amount >= minimum && (maximum === undefined || amount <= maximum);
};

/** The typed amount is above the maximum: the form says so before the member asks. */
export const qrAmountTooLarge = (typed: string, maximum: number | undefined, decimals = 2): boolean => {
  const amount = parseQrAmount(typed, decimals);
  return maximum !== undefined && amount !== null && amount > maximum;
};

/** Milliseconds left on the shown code, never below 0. */
export const qrRemainingMs = (context: Pick<QrDepositContext, 'code' | 'now'>): number =>
  context.code ? Math.max(0, Date.parse(context.code.expireIn) - context.now) : 0;

/** The code an actor rejected with (an ApiError has `code`). */
const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'NETWORK_ERROR';

/** The answer names the shown code as paid. */
const paidCode = (answer: QrAnswer, shown: QrCode | null): QrPaid | null =>
  !answer.hasQrcode && answer.paid && shown && answer.paid.qrcodeId === shown.qrcodeId ? answer.paid : null;

/** The answer names the shown code as paid and held. */
const heldCode = (answer: QrAnswer, shown: QrCode | null): QrHeld | null =>
  !answer.hasQrcode && answer.held && shown && answer.held.qrcodeId === shown.qrcodeId ? answer.held : null;

const codeOfAnswer = (answer: QrAnswer): QrCode | null =>
  answer.hasQrcode ? { qrcodeId: answer.qrcodeId, qrcode: answer.qrcode, amount: answer.amount, expireIn: answer.expireIn } : null;

export const qrDepositMachine = setup({
  types: {
    context: {} as QrDepositContext,
    events: {} as QrDepositEvent,
    input: {} as QrDepositInput,
  },
  actors: {
    readQrcode: fromPromise<QrAnswer, { provider: string }>(() =>
      Promise.reject(new Error("qrDepositMachine: provide the 'readQrcode' actor")),
    ),
    createQrcode: fromPromise<QrAnswer, { provider: string; amount: number }>(() =>
      Promise.reject(new Error("qrDepositMachine: provide the 'createQrcode' actor")),
    ),
    deleteQrcode: fromPromise<unknown, { qrcodeId: string }>(() =>
      Promise.reject(new Error("qrDepositMachine: provide the 'deleteQrcode' actor")),
    ),
  },
  actions: {
    readClock: assign({ now: () => Date.now() }),
    /** SPEC section 8: a failed create (hasQrcode false) shows the server's message as an error toast. */
    /** A refusal: its code, and (issue 31) what a deposit limit still allows or when a break ends. */
    notifyCreateFailed: (_, _params: { code: string; details?: RefusalDetails }) => {},
    notifyCancelFailed: (_, _params: { code: string }) => {},
    forgetCode: assign({ code: null }),
  },
  guards: {
    amountAllowed: ({ context }) => qrAmountAllowed(context.amount, context.minimum, context.decimals, context.maximum),
  },
  delays: {
    countdownTick: QR_COUNTDOWN_TICK_MS,
    /** Until the shown code's expireIn: the code is hidden at 00:00. */
    qrExpiry: ({ context }) => qrRemainingMs(context),
  },
}).createMachine({
  id: 'qrDeposit',
  context: ({ input }) => ({ ...input, amount: '', code: null, now: 0, codeVersion: 0, received: null, held: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readQrcode',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [
          {
            guard: ({ event }) => event.output.hasQrcode,
            target: 'shown',
            actions: assign({ code: ({ event }) => codeOfAnswer(event.output) }),
          },
          { target: 'editing' },
        ],
        // Reading is a convenience: without an answer the member can still make a code.
        onError: { target: 'editing' },
      },
    },

    editing: {
      initial: 'fresh',
      states: {
        fresh: {},
        expired: {},
        cancelled: {},
      },
      on: {
        'amount.changed': {
          actions: assign({
            amount: ({ event }) => {
              assertEvent(event, 'amount.changed');
              return event.value;
            },
          }),
        },
        'amount.preset': {
          actions: assign({
            amount: ({ event }) => {
              assertEvent(event, 'amount.preset');
              return String(event.amount);
            },
          }),
        },
        'qr.requested': { guard: 'amountAllowed', target: 'creating' },
      },
    },

    creating: {
      invoke: {
        src: 'createQrcode',
        input: ({ context }) => ({ provider: context.provider, amount: parseQrAmount(context.amount)! }),
        onDone: [
          {
            guard: ({ event }) => event.output.hasQrcode,
            target: 'shown',
            actions: assign({ code: ({ event }) => codeOfAnswer(event.output) }),
          },
          {
            target: 'editing',
            actions: {
              type: 'notifyCreateFailed',
              params: ({ event }) => ({ code: (!event.output.hasQrcode && event.output.message) || 'QR_FAIL' }),
            },
          },
        ],
        onError: { target: 'editing', actions: { type: 'notifyCreateFailed', params: ({ event }) => ({ code: codeOf(event.error), details: refusalDetailsOf(event.error) }) } },
      },
    },

    shown: {
      type: 'parallel',
      entry: 'readClock',
      after: { qrExpiry: { target: 'editing.expired', actions: 'forgetCode' } },
      on: {
        'qr.cancelled': { target: 'cancelling' },
      },
      states: {
        countdown: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { countdownTick: { target: 'ticking', reenter: true, actions: 'readClock' } },
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'qr.recheck': { target: 'checking' } },
            },
            checking: {
              // A change while the read is out (a payment right after another credit): the answer
              // on its way may predate it, so the code is read again from the start.
              on: { 'qr.recheck': { target: 'checking', reenter: true } },
              invoke: {
                src: 'readQrcode',
                input: ({ context }) => ({ provider: context.provider }),
                onDone: [
                  {
                    guard: ({ context, event }) => paidCode(event.output, context.code) !== null,
                    target: '#qrDeposit.received',
                    actions: assign({
                      received: ({ context, event }) => {
                        const paid = paidCode(event.output, context.code)!;
                        return { amount: paid.amount, balance: paid.wallet.amount };
                      },
                      code: null,
                    }),
                  },
                  // Paid, but past a deposit limit or during a pause: held for an operator (issue 31).
                  {
                    guard: ({ context, event }) => heldCode(event.output, context.code) !== null,
                    target: '#qrDeposit.held',
                    actions: assign({ held: ({ context, event }) => heldCode(event.output, context.code), code: null }),
                  },
                  // Cancelled or replaced elsewhere: this code is no longer payable.
                  { guard: ({ event }) => !event.output.hasQrcode, target: '#qrDeposit.editing', actions: 'forgetCode' },
                  {
                    guard: ({ context, event }) =>
                      event.output.hasQrcode && (event.output.refresh === true || event.output.qrcodeId !== context.code?.qrcodeId),
                    target: '#qrDeposit.shown',
                    reenter: true,
                    actions: assign({
                      code: ({ event }) => codeOfAnswer(event.output),
                      codeVersion: ({ context }) => context.codeVersion + 1,
                    }),
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },

    received: {
      on: { 'qr.another': { target: 'editing', actions: assign({ received: null, amount: '' }) } },
    },

    held: {
      on: { 'qr.another': { target: 'editing', actions: assign({ held: null, amount: '' }) } },
    },

    cancelling: {
      invoke: {
        src: 'deleteQrcode',
        input: ({ context }) => ({ qrcodeId: context.code!.qrcodeId }),
        onDone: { target: 'editing.cancelled', actions: 'forgetCode' },
        // The code may still be payable: keep showing it.
        onError: { target: 'shown', actions: { type: 'notifyCancelFailed', params: ({ event }) => ({ code: codeOf(event.error) }) } },
      },
    },
  },
});

export type QrDepositMachine = typeof qrDepositMachine;
