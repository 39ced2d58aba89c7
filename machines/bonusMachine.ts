import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { receiptsCounted } from '../src/contract/bonusCounting';
import type { BonusType } from '../src/contract/constants';

/**
 * /user/bonus (SPEC sections 2, 4, 5 and 8, and the held bonus's live turnover).
 *
 *   loading ──▶ ready ─┬─ browsing ── bonus.selected [available | active] ──▶ bonusDialog ── bonus.received ──▶ activating ──▶ loading (+ success)
 *      ▲               ├─ browsing ── promotion.searched [code] ──▶ searching ──▶ promotionFound ── promotion.received ──▶ receivingPromotion ──▶ loading
 *      │               │                                                   └──▶ promotionMissing
 *      │               ├─ browsing ── bonus.cancel [held, may end] ──▶ confirmingCancel ── cancel.confirmed ──▶ clearing ──▶ loading (+ success)
 *      │               ├─ browsing [held, not known whether it may end] ──▶ checkingEnd ──▶ browsing
 *      │               └─ failed (an error dialog with the server's code) ── error.dismissed ──▶ browsing
 *      └── browsing [held stale] ──▶ refreshingHeld ──▶ browsing (or loading once it ended)
 *          browsing [texts stale] ──▶ loading
 *
 * `turnover.updated` (the socket: bets moved the held bonus) and `language.changed` (the cards'
 * operator texts are answered in the member's language) may come in any state: they mark the
 * held bonus or the texts stale, and browsing reads them again as soon as it is reached. So an
 * open dialog is never interrupted, and no update is lost: one that comes while the page is
 * loading or reading the held bonus (whose answer may predate it) is read once more after it.
 * The socket's update carries the bonus as it now is: when it says `completed`, the page keeps
 * it in `finished` to tell the member the bonus ended because its turnover was met.
 *
 * "Cancel bonus" is offered only when the server would accept it (issue 27: it was offered when
 * it could not succeed): `checkEnd` (GET /api/bonus/check/minimum, which reads the games'
 * balances first) says whether the held bonus may end now. It is asked again whenever the held
 * bonus is read again or the member's balance changed (`balance.changed`); until it answers,
 * the cancel is not offered. While it is asked the page works as in browsing.
 *
 * A card is active (the member holds it), exhausted (its receipts in the type's window reached
 * maxReceived) or available; `cardState` is the one place that rule lives, and the view asks
 * `can({ type: 'bonus.selected', code })`. No React, no axios: the calls are the
 * `loadBonuses`, `loadHeld`, `activateBonus`, `findPromotion`, `activatePromotion` and
 * `clearBonus` actors, swapped with `machine.provide(...)`.
 */

export interface Banner {
  image: string;
  html: string;
}

export interface UserBonus {
  _id: string;
  isActive: boolean;
  received: { updatedAt: string }[];
}

export interface BonusCard {
  code: string;
  type: BonusType;
  maxReceived: number;
  percentFail: number;
  description?: string;
  banners: Banner[];
  userBonus: UserBonus | null;
}

export interface HeldBonus {
  _id: string;
  code: string;
  source: 'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw';
  type: BonusType | null;
  description: string;
  status: 'active' | 'completed' | 'cleared' | 'expired';
  amount: number;
  depositAmount: number;
  turnover: { done: number; required: number; percent: number };
  minimum: number;
  percentFail: number;
  categories: string[];
  receivedAt: string;
}

export interface Promotion {
  code: string;
  percentFail: number;
  description: string;
}

export type CardState = 'active' | 'exhausted' | 'available';

/** SPEC section 4: active (badge), exhausted (disabled, 'received'), available (clickable). */
export function cardState(card: BonusCard, now: Date): CardState {
  if (card.userBonus?.isActive) return 'active';
  const received = (card.userBonus?.received ?? []).map((r) => new Date(r.updatedAt));
  return receiptsCounted(card.type, received, now) >= card.maxReceived ? 'exhausted' : 'available';
}

/** SPEC section 5: promotion codes are upper-cased before lookup and activation. */
export const promotionCode = (typed: string) => typed.trim().toUpperCase();

export interface BonusContext {
  bonuses: BonusCard[];
  held: HeldBonus | null;
  selected: string | null;
  promotion: Promotion | null;
  searchedCode: string;
  error: string | null;
  /** What the last success was, for the success dialog. */
  done: 'activated' | 'cleared' | null;
  /** The held bonus, as the socket last reported it, when that report said its turnover was met. */
  finished: HeldBonus | null;
  /** Bets moved the held bonus since it was last read. */
  heldStale: boolean;
  /** The member chose another language since the cards were last loaded. */
  textsStale: boolean;
  /** Whether the held bonus may be ended now (the server's check), null while not known. */
  endCheck: EndCheck | null;
}

/** GET /api/bonus/check/minimum: whether the held bonus may end now, and its lower bound. */
export interface EndCheck {
  status: boolean;
  minimum: number;
  /** Why it may not end now, when the server says (money still in a game, or the balance at or above the bound). */
  refusal?: 'BONUS_CONDITION' | 'BONUS_GAME_MONEY' | null;
}

export type BonusEvent =
  | { type: 'bonus.selected'; code: string }
  | { type: 'bonus.received' }
  | { type: 'dialog.closed' }
  | { type: 'promotion.searched'; code: string }
  | { type: 'promotion.received' }
  | { type: 'bonus.cancel' }
  | { type: 'cancel.confirmed' }
  | { type: 'error.dismissed' }
  | { type: 'success.dismissed' }
  /** The socket: bets moved the held bonus (`held`: the bonus as it now is, when the socket said). */
  | { type: 'turnover.updated'; held?: HeldBonus }
  /** The member chose another language: the cards' operator texts are answered in it, so they load again. */
  | { type: 'language.changed' }
  /** The member's balance changed (the wallet's socket): whether the bonus may end is asked again. */
  | { type: 'balance.changed' };

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'INTERNAL_SERVER_ERROR';

export const bonusMachine = setup({
  types: {
    context: {} as BonusContext,
    events: {} as BonusEvent,
  },
  actors: {
    loadBonuses: fromPromise<{ bonuses: BonusCard[]; held: HeldBonus | null }>(async () => ({ bonuses: [], held: null })),
    loadHeld: fromPromise<HeldBonus | null>(async () => null),
    activateBonus: fromPromise<unknown, { code: string }>(async () => undefined),
    findPromotion: fromPromise<Promotion, { code: string }>(async () => {
      throw new Error('not provided');
    }),
    activatePromotion: fromPromise<unknown, { code: string }>(async () => undefined),
    clearBonus: fromPromise<unknown>(async () => undefined),
    checkEnd: fromPromise<EndCheck>(async () => ({ status: false, minimum: 0 })),
  },
  actions: {
    rememberError: assign({ error: ({ event }) => ('error' in event ? errorCode(event.error) : null) }),
    clearError: assign({ error: null }),
  },
  guards: {
    /** A card opens its dialog when it can be received, or to confirm the one held (SPEC section 2). */
    cardOpens: ({ context, event }) => {
      assertEvent(event, 'bonus.selected');
      const card = context.bonuses.find((b) => b.code === event.code);
      return Boolean(card) && cardState(card!, new Date()) !== 'exhausted';
    },
    selectedHeld: ({ context }) => Boolean(context.held && context.held.code === context.selected),
    holdsBonus: ({ context }) => Boolean(context.held),
    /** The server said the held bonus may end now. */
    mayEnd: ({ context }) => Boolean(context.held) && context.endCheck?.status === true,
    endUnknown: ({ context }) => Boolean(context.held) && context.endCheck === null,
    codeTyped: ({ event }) => {
      assertEvent(event, 'promotion.searched');
      return promotionCode(event.code).length > 0;
    },
    notFound: ({ event }) => 'error' in event && errorCode(event.error) === 'NO_PROMOTION',
    heldStale: ({ context }) => context.heldStale,
    textsStale: ({ context }) => context.textsStale,
  },
}).createMachine({
  id: 'bonus',
  context: {
    bonuses: [], held: null, selected: null, promotion: null, searchedCode: '', error: null, done: null,
    finished: null, heldStale: false, textsStale: false, endCheck: null,
  },
  initial: 'loading',
  states: {
    loading: {
      // A whole load reads the held bonus too, in the language chosen now.
      entry: assign({ heldStale: false, textsStale: false, endCheck: null }),
      invoke: {
        src: 'loadBonuses',
        onDone: { target: 'ready', actions: assign({ bonuses: ({ event }) => event.output.bonuses, held: ({ event }) => event.output.held }) },
        // SPEC section 8: bonus list errors are swallowed; the page shows what it has.
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          always: [
            { guard: 'textsStale', target: '#bonus.loading' },
            { guard: 'heldStale', target: 'refreshingHeld' },
            { guard: 'endUnknown', target: 'checkingEnd' },
          ],
          on: {
            'bonus.selected': { guard: 'cardOpens', target: '#bonus.ready.bonusDialog', actions: assign({ selected: ({ event }) => event.code }) },
            'promotion.searched': {
              guard: 'codeTyped', target: '#bonus.ready.searching',
              actions: assign({ searchedCode: ({ event }) => promotionCode(event.code), promotion: null }),
            },
            'bonus.cancel': { guard: 'mayEnd', target: '#bonus.ready.confirmingCancel' },
          },
        },
        // The page works as in browsing while the server is asked; leaving drops the question,
        // and browsing asks again.
        checkingEnd: {
          invoke: {
            src: 'checkEnd',
            onDone: { target: 'browsing', actions: assign({ endCheck: ({ event }) => event.output }) },
            // Not known: not offered, until the next change asks again.
            onError: { target: 'browsing', actions: assign({ endCheck: ({ context }) => ({ status: false, minimum: context.held?.minimum ?? 0 }) }) },
          },
          on: {
            // The balance moved while asking: the answer may predate it, so ask again.
            'balance.changed': { target: 'checkingEnd', reenter: true },
            'bonus.selected': { guard: 'cardOpens', target: '#bonus.ready.bonusDialog', actions: assign({ selected: ({ event }) => event.code }) },
            'promotion.searched': {
              guard: 'codeTyped', target: '#bonus.ready.searching',
              actions: assign({ searchedCode: ({ event }) => promotionCode(event.code), promotion: null }),
            },
            'bonus.cancel': { guard: 'mayEnd', target: '#bonus.ready.confirmingCancel' },
          },
        },
        refreshingHeld: {
          entry: assign({ heldStale: false, endCheck: null }),
          invoke: {
            src: 'loadHeld',
            onDone: [
              // The held bonus ended (completed): the cards change too.
              { guard: ({ context, event }) => Boolean(context.held) && !event.output, target: '#bonus.loading' },
              { target: 'browsing', actions: assign({ held: ({ event }) => event.output }) },
            ],
            onError: { target: 'browsing' },
          },
        },
        bonusDialog: {
          on: {
            'dialog.closed': { target: 'browsing', actions: assign({ selected: null }) },
            'bonus.received': [
              // Confirm on the held bonus's own card just closes the dialog.
              { guard: 'selectedHeld', target: 'browsing', actions: assign({ selected: null }) },
              { target: 'activating' },
            ],
          },
        },
        activating: {
          invoke: {
            src: 'activateBonus',
            input: ({ context }) => ({ code: context.selected! }),
            onDone: { target: '#bonus.loading', actions: assign({ selected: null, done: 'activated', finished: null }) },
            onError: { target: 'failed', actions: ['rememberError', assign({ selected: null })] },
          },
        },
        searching: {
          invoke: {
            src: 'findPromotion',
            input: ({ context }) => ({ code: context.searchedCode }),
            onDone: { target: 'promotionFound', actions: assign({ promotion: ({ event }) => event.output }) },
            onError: [{ guard: 'notFound', target: 'promotionMissing' }, { target: 'failed', actions: 'rememberError' }],
          },
        },
        promotionFound: {
          on: {
            'dialog.closed': { target: 'browsing', actions: assign({ promotion: null }) },
            'promotion.received': { target: 'receivingPromotion' },
          },
        },
        promotionMissing: {
          on: { 'dialog.closed': { target: 'browsing' } },
        },
        receivingPromotion: {
          invoke: {
            src: 'activatePromotion',
            input: ({ context }) => ({ code: context.searchedCode }),
            onDone: { target: '#bonus.loading', actions: assign({ promotion: null, done: 'activated', finished: null }) },
            onError: { target: 'failed', actions: ['rememberError', assign({ promotion: null })] },
          },
        },
        confirmingCancel: {
          on: {
            'dialog.closed': { target: 'browsing' },
            'cancel.confirmed': { target: 'clearing' },
          },
        },
        clearing: {
          invoke: {
            src: 'clearBonus',
            onDone: { target: '#bonus.loading', actions: assign({ done: 'cleared' }) },
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        failed: {
          on: { 'error.dismissed': { target: 'browsing', actions: 'clearError' } },
        },
      },
    },
  },
  on: {
    'success.dismissed': { actions: assign({ done: null }) },
    'turnover.updated': {
      actions: assign({
        heldStale: true,
        finished: ({ context, event }) => (event.held?.status === 'completed' ? event.held : context.finished),
      }),
    },
    'language.changed': { actions: assign({ textsStale: true }) },
    'balance.changed': { actions: assign({ endCheck: null }) },
  },
});
