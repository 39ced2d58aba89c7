import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bonusMachine, cardState, promotionCode, type BonusCard, type HeldBonus, type Promotion } from '../../machines/bonusMachine';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
};

// Monday 2026-11-23 10:00 in Bangkok.
const NOW = new Date('2026-11-23T03:00:00Z');

const card = (code: string, overrides: Partial<BonusCard> = {}): BonusCard => ({
  code, type: 'limit', maxReceived: 1, percentFail: 10, banners: [], userBonus: null, ...overrides,
});
const HELD: HeldBonus = {
  _id: '7', code: 'WELCOME100', source: 'bonus', type: 'limit', description: 'Welcome', status: 'active', amount: 100, depositAmount: 100,
  turnover: { done: 0, required: 600, percent: 0 }, minimum: 20, percentFail: 10, categories: ['slot'], receivedAt: NOW.toISOString(),
};

interface World {
  bonuses: BonusCard[];
  held: HeldBonus | null;
  calls: string[];
  fail: Partial<Record<'activate' | 'find' | 'promotion' | 'clear' | 'load', string>>;
  promotion: Promotion;
  /** What GET /api/bonus/check/minimum answers: whether the held bonus may end now. */
  mayEnd: boolean;
  /** How many times it was asked. */
  endChecks: number;
  /** The check never answers (the providers are slow). */
  endCheckWaits: boolean;
}

function start(world: Partial<World> = {}) {
  const w: World = {
    bonuses: [card('WELCOME100'), card('DAILY10', { type: 'day', maxReceived: 2 }), card('USED', { userBonus: { _id: '1', isActive: false, received: [{ updatedAt: '2026-11-01T00:00:00Z' }] } })],
    held: null, calls: [], fail: {}, promotion: { code: 'SONGKRAN', percentFail: 20, description: '<p>100</p>' }, mayEnd: true, endChecks: 0, endCheckWaits: false, ...world,
  };
  const fails = async (what: keyof World['fail']) => {
    if (w.fail[what]) throw new CodedError(w.fail[what]!);
  };
  const actor = createActor(bonusMachine.provide({
    actors: {
      loadBonuses: fromPromise(async () => {
        w.calls.push('load');
        await fails('load');
        return { bonuses: w.bonuses, held: w.held };
      }),
      loadHeld: fromPromise(async () => {
        w.calls.push('held');
        return w.held;
      }),
      activateBonus: fromPromise(async ({ input }) => {
        w.calls.push(`activate ${input.code}`);
        await fails('activate');
        w.held = { ...HELD, code: input.code };
        w.bonuses = w.bonuses.map((b) => (b.code === input.code ? { ...b, userBonus: { _id: '9', isActive: true, received: [{ updatedAt: NOW.toISOString() }] } } : b));
        return w.bonuses.find((b) => b.code === input.code)!.userBonus;
      }),
      findPromotion: fromPromise(async ({ input }) => {
        w.calls.push(`find ${input.code}`);
        await fails('find');
        return w.promotion;
      }),
      activatePromotion: fromPromise(async ({ input }) => {
        w.calls.push(`promotion ${input.code}`);
        await fails('promotion');
        w.held = { ...HELD, code: input.code, source: 'promotion' };
        return undefined as unknown;
      }),
      checkEnd: fromPromise(async () => {
        w.endChecks += 1;
        if (w.endCheckWaits) await new Promise(() => undefined);
        return { status: w.mayEnd, minimum: 20 };
      }),
      clearBonus: fromPromise(async () => {
        w.calls.push('clear');
        await fails('clear');
        w.held = null;
        return undefined as unknown;
      }),
    },
  }));
  actor.start();
  return { actor, w, state: () => actor.getSnapshot() };
}

describe('bonusMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('loads the cards and the held bonus, and tells active, exhausted and available cards apart', async () => {
    const { state, w } = start();
    expect(state().value).toBe('loading');
    await settle();
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(w.calls).toEqual(['load']);
    expect(state().context.bonuses.map((b) => cardState(b, NOW))).toEqual(['available', 'available', 'exhausted']);
    const today = { _id: '2', isActive: false, received: [{ updatedAt: '2026-11-23T01:00:00Z' }, { updatedAt: '2026-11-22T18:00:00Z' }] };
    expect(cardState(card('D', { type: 'day', maxReceived: 2, userBonus: today }), NOW)).toBe('exhausted');
    // The next day (Tuesday 00:00 Bangkok) the day's receipts no longer count.
    expect(cardState(card('D', { type: 'day', maxReceived: 2, userBonus: today }), new Date('2026-11-23T17:00:00Z'))).toBe('available');
    expect(cardState(card('W', { type: 'week', userBonus: today }), new Date('2026-11-29T16:59:00Z'))).toBe('exhausted');
    expect(cardState(card('A', { userBonus: { ...today, isActive: true } }), NOW)).toBe('active');
  });

  it('loads the cards again when the member chooses another language, and only while browsing', async () => {
    const { actor, state, w } = start();
    await settle();
    actor.send({ type: 'language.changed' });
    expect(state().value).toBe('loading');
    await settle();
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(w.calls).toEqual(['load', 'load']);
    // An open dialog is not pulled away from under the member; the cards load once it closes.
    actor.send({ type: 'bonus.selected', code: state().context.bonuses[0].code });
    expect(state().value).toEqual({ ready: 'bonusDialog' });
    actor.send({ type: 'language.changed' });
    expect(state().value).toEqual({ ready: 'bonusDialog' });
    await settle();
    expect(w.calls).toEqual(['load', 'load']);
    actor.send({ type: 'dialog.closed' });
    expect(state().value).toBe('loading');
    await settle();
    expect(w.calls).toEqual(['load', 'load', 'load']);
    expect(state().value).toEqual({ ready: 'browsing' });
  });

  it('ends in the language chosen last when the member switches again while the cards load', async () => {
    let language = 'en';
    const { actor, state, w } = start();
    // The cards' texts come in the language of the moment the load is sent (the client's Accept-Language).
    const loaded = () => state().context.bonuses[0].description;
    w.bonuses = w.bonuses.map((b) => ({ ...b, get description() { return language; } }));
    await settle();
    expect(loaded()).toBe('en');
    language = 'th';
    actor.send({ type: 'language.changed' });
    expect(state().value).toBe('loading');
    // The Thai answer is still on its way when the member picks Lao.
    language = 'la';
    actor.send({ type: 'language.changed' });
    await settle();
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(w.calls).toEqual(['load', 'load', 'load']);
    expect(loaded()).toBe('la');
  });

  it('opens an available card, receives it and reloads; an exhausted card does not open', async () => {
    const { actor, state, w } = start();
    await settle();
    expect(state().can({ type: 'bonus.selected', code: 'USED' })).toBe(false);
    actor.send({ type: 'bonus.selected', code: 'USED' });
    expect(state().value).toEqual({ ready: 'browsing' });

    actor.send({ type: 'bonus.selected', code: 'WELCOME100' });
    expect(state().value).toEqual({ ready: 'bonusDialog' });
    actor.send({ type: 'dialog.closed' });
    expect(state().context.selected).toBeNull();
    actor.send({ type: 'bonus.selected', code: 'WELCOME100' });
    actor.send({ type: 'bonus.received' });
    expect(state().value).toEqual({ ready: 'activating' });
    await settle();
    expect(w.calls).toEqual(['load', 'activate WELCOME100', 'load']);
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context).toMatchObject({ done: 'activated', held: { code: 'WELCOME100' } });
    actor.send({ type: 'success.dismissed' });
    expect(state().context.done).toBeNull();

    // The held bonus's own card opens to confirm, and Confirm only closes it.
    actor.send({ type: 'bonus.selected', code: 'WELCOME100' });
    actor.send({ type: 'bonus.received' });
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(w.calls).toHaveLength(3);
  });

  it('shows the server\'s refusal of an activation in an error dialog', async () => {
    const { actor, state } = start({ fail: { activate: 'BONUS_ALREADY_ACTIVE' } });
    await settle();
    actor.send({ type: 'bonus.selected', code: 'DAILY10' });
    actor.send({ type: 'bonus.received' });
    await settle();
    expect(state().value).toEqual({ ready: 'failed' });
    expect(state().context.error).toBe('BONUS_ALREADY_ACTIVE');
    actor.send({ type: 'error.dismissed' });
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context.error).toBeNull();
  });

  it('searches a promotion code in upper case, and receives it', async () => {
    const { actor, state, w } = start();
    await settle();
    expect(state().can({ type: 'promotion.searched', code: '  ' })).toBe(false);
    actor.send({ type: 'promotion.searched', code: ' songkran ' });
    expect(state().value).toEqual({ ready: 'searching' });
    await settle();
    expect(state().value).toEqual({ ready: 'promotionFound' });
    expect(state().context.promotion).toMatchObject({ percentFail: 20 });
    actor.send({ type: 'promotion.received' });
    await settle();
    expect(w.calls).toEqual(['load', 'find SONGKRAN', 'promotion SONGKRAN', 'load']);
    expect(state().context).toMatchObject({ done: 'activated', held: { source: 'promotion' } });
    expect(promotionCode(' ab1 ')).toBe('AB1');
  });

  it('says not found for an unknown promotion, and shows other refusals', async () => {
    const missing = start({ fail: { find: 'NO_PROMOTION' } });
    await settle();
    missing.actor.send({ type: 'promotion.searched', code: 'nope' });
    await settle();
    expect(missing.state().value).toEqual({ ready: 'promotionMissing' });
    missing.actor.send({ type: 'dialog.closed' });
    expect(missing.state().value).toEqual({ ready: 'browsing' });

    const received = start({ fail: { promotion: 'PROMOTION_RECEIVED' } });
    await settle();
    received.actor.send({ type: 'promotion.searched', code: 'songkran' });
    await settle();
    received.actor.send({ type: 'promotion.received' });
    await settle();
    expect(received.state().value).toEqual({ ready: 'failed' });
    expect(received.state().context.error).toBe('PROMOTION_RECEIVED');
  });

  it('cancels the held bonus only after confirmation, and shows BONUS_CONDITION when it may not end', async () => {
    const refused = start({ held: HELD, fail: { clear: 'BONUS_CONDITION' } });
    await settle();
    refused.actor.send({ type: 'bonus.cancel' });
    expect(refused.state().value).toEqual({ ready: 'confirmingCancel' });
    refused.actor.send({ type: 'dialog.closed' });
    expect(refused.w.calls).not.toContain('clear');
    refused.actor.send({ type: 'bonus.cancel' });
    refused.actor.send({ type: 'cancel.confirmed' });
    await settle();
    expect(refused.state().value).toEqual({ ready: 'failed' });
    expect(refused.state().context.error).toBe('BONUS_CONDITION');

    const { actor, state, w } = start({ held: HELD });
    await settle();
    actor.send({ type: 'bonus.cancel' });
    actor.send({ type: 'cancel.confirmed' });
    await settle();
    expect(w.calls).toEqual(['load', 'clear', 'load']);
    expect(state().context).toMatchObject({ held: null, done: 'cleared' });
    // Nothing held: there is nothing to cancel.
    expect(state().can({ type: 'bonus.cancel' })).toBe(false);
  });

  it('offers "cancel bonus" only when the server says it may end now, and asks again when the balance moves (issue 27)', async () => {
    const { actor, state, w } = start({ held: HELD, mayEnd: false });
    // Until the server answered, the cancel is not offered.
    await vi.advanceTimersByTimeAsync(0);
    expect(state().can({ type: 'bonus.cancel' })).toBe(false);
    await settle();
    expect(w.endChecks).toBe(1);
    expect(state().context.endCheck).toEqual({ status: false, minimum: 20 });
    expect(state().can({ type: 'bonus.cancel' })).toBe(false);
    actor.send({ type: 'bonus.cancel' });
    expect(state().value).toEqual({ ready: 'browsing' });

    // The member lost in a game: the balance fell below the bound.
    w.mayEnd = true;
    actor.send({ type: 'balance.changed' });
    await settle();
    expect(w.endChecks).toBe(2);
    expect(state().can({ type: 'bonus.cancel' })).toBe(true);

    // A bet moved the held bonus: read it, and ask again.
    actor.send({ type: 'turnover.updated' });
    await settle();
    expect(w.endChecks).toBe(3);
    actor.send({ type: 'bonus.cancel' });
    expect(state().value).toEqual({ ready: 'confirmingCancel' });
  });

  it('lets the member open a card while it asks whether the bonus may end', async () => {
    const { actor, state } = start({ held: HELD, endCheckWaits: true });
    await settle();
    expect(state().value).toEqual({ ready: 'checkingEnd' });
    expect(state().can({ type: 'bonus.cancel' })).toBe(false);
    actor.send({ type: 'bonus.selected', code: 'DAILY10' });
    expect(state().value).toEqual({ ready: 'bonusDialog' });
  });

  it('reads the held bonus again when bets move it, and reloads the cards once it completes', async () => {
    const { actor, state, w } = start({ held: HELD });
    await settle();
    w.held = { ...HELD, turnover: { done: 300, required: 600, percent: 50 } };
    actor.send({ type: 'turnover.updated' });
    await settle();
    expect(state().context.held?.turnover.percent).toBe(50);
    expect(w.calls).toEqual(['load', 'held']);

    // An open dialog is not interrupted; the held bonus is read once it closes.
    actor.send({ type: 'bonus.selected', code: 'DAILY10' });
    w.held = { ...HELD, turnover: { done: 360, required: 600, percent: 60 } };
    actor.send({ type: 'turnover.updated' });
    expect(state().value).toEqual({ ready: 'bonusDialog' });
    await settle();
    expect(w.calls).toEqual(['load', 'held']);
    actor.send({ type: 'dialog.closed' });
    await settle();
    expect(w.calls).toEqual(['load', 'held', 'held']);
    expect(state().context.held?.turnover.percent).toBe(60);

    w.held = null;
    actor.send({ type: 'turnover.updated' });
    await settle();
    expect(w.calls).toEqual(['load', 'held', 'held', 'held', 'load']);
    expect(state().context.held).toBeNull();
    expect(state().value).toEqual({ ready: 'browsing' });
  });

  it('loses no bet reported while the held bonus is being read', async () => {
    const { actor, state, w } = start({ held: HELD });
    await settle();
    w.held = { ...HELD, turnover: { done: 60, required: 600, percent: 10 } };
    actor.send({ type: 'turnover.updated' });
    expect(state().value).toEqual({ ready: 'refreshingHeld' });
    // The read above was answered at 10 %; another bet lands before its answer arrives.
    w.held = { ...HELD, turnover: { done: 120, required: 600, percent: 20 } };
    actor.send({ type: 'turnover.updated' });
    actor.send({ type: 'turnover.updated' });
    await settle();
    expect(w.calls).toEqual(['load', 'held', 'held']);
    expect(state().context.held?.turnover.percent).toBe(20);
    expect(state().value).toEqual({ ready: 'browsing' });
  });

  it('tells the member the bonus finished when the socket reports its turnover met', async () => {
    const { actor, state, w } = start({ held: HELD });
    await settle();
    const completed: HeldBonus = { ...HELD, status: 'completed', turnover: { done: 600, required: 600, percent: 100 } };
    w.held = null;
    actor.send({ type: 'turnover.updated', held: completed });
    await settle();
    expect(w.calls).toEqual(['load', 'held', 'load']);
    expect(state().context).toMatchObject({ held: null, finished: { code: 'WELCOME100', status: 'completed' } });
    expect(state().value).toEqual({ ready: 'browsing' });

    // A bonus that ended otherwise (a whole-balance withdrawal) is no news of a finish.
    const other = start({ held: HELD });
    await settle();
    other.w.held = null;
    other.actor.send({ type: 'turnover.updated', held: { ...HELD, status: 'expired' } });
    await settle();
    expect(other.state().context).toMatchObject({ held: null, finished: null });

    // The next bonus received clears the news.
    actor.send({ type: 'promotion.searched', code: 'songkran' });
    await settle();
    actor.send({ type: 'promotion.received' });
    await settle();
    expect(state().context).toMatchObject({ finished: null, held: { code: 'SONGKRAN' } });
  });

  it('shows the page even when the list cannot load', async () => {
    const { state } = start({ fail: { load: 'INTERNAL_SERVER_ERROR' } });
    await settle();
    expect(state().value).toEqual({ ready: 'browsing' });
    expect(state().context.bonuses).toEqual([]);
  });
});
