import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SPIN_TIMING, spinMachine, wonSliceIndex, type SpinCoupon, type SpinPageData, type SpinResult } from '../../machines/spinMachine';

/** A promise actor the test answers by hand. */
function fakeCall<T, I = unknown>() {
  const inputs: I[] = [];
  let pending: { resolve: (v: T) => void; reject: (e: unknown) => void } | undefined;
  const actor = fromPromise<T, I>(({ input }) => new Promise<T>((resolve, reject) => {
    inputs.push(input);
    pending = { resolve, reject };
  }));
  const settle = async (fn: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    if (!p) throw new Error('no call in flight');
    pending = undefined;
    fn(p);
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor, inputs,
    inFlight: () => pending !== undefined,
    resolve: (value: T) => settle((p) => p.resolve(value)),
    fail: (code: string) => settle((p) => p.reject(Object.assign(new Error(code), { code }))),
  };
}

const slices = ['C5', 'X1', 'C10'].map((code) => ({ code, label: code, bgColor: '#000', textColor: '#fff', htmlDescription: '' }));
const coupon: SpinCoupon = { _id: 'c1', prize: { slice: 'C10', name: 'Wallet credit' }, amount: 10, createdAt: '2026-11-23T00:00:00Z' };
const page = (userCoin: number, coupons: SpinCoupon[] = []): SpinPageData => ({ setup: { activeSpinwheel: { name: 'Lucky wheel', slices }, userCoin }, coupons });

function start() {
  const load = fakeCall<SpinPageData>();
  const spin = fakeCall<SpinResult>();
  const claim = fakeCall<unknown, { coupon: SpinCoupon }>();
  const clock = new SimulatedClock();
  const actor = createActor(spinMachine.provide({ actors: { loadSpin: load.actor, spinWheel: spin.actor, claimCoupon: claim.actor } }), { clock }).start();
  const state = () => actor.getSnapshot().value;
  const can = (type: 'spin.requested') => actor.getSnapshot().can({ type });
  return { load, spin, claim, clock, actor, state, can, context: () => actor.getSnapshot().context };
}

describe('spinMachine', () => {
  it('loads the setup and coupons, spins, animates to the won slice, shows the prize, and reloads when it closes', async () => {
    const m = start();
    expect(m.state()).toBe('loading');
    expect(m.can('spin.requested')).toBe(false);
    await m.load.resolve(page(2, [coupon]));
    expect(m.state()).toBe('ready');
    expect(m.context().coupons).toEqual([coupon]);
    expect(m.can('spin.requested')).toBe(true);

    m.actor.send({ type: 'spin.requested' });
    expect(m.state()).toBe('requesting');
    // No second spin while one runs.
    expect(m.can('spin.requested')).toBe(false);
    m.actor.send({ type: 'spin.requested' });
    expect(m.spin.inputs).toHaveLength(1);

    await m.spin.resolve({ code: 'C10', label: 'C10', prize: true, remainingCoin: 1 });
    expect(m.state()).toBe('spinning');
    expect(m.context().setup?.userCoin).toBe(1);
    expect(wonSliceIndex(m.context())).toBe(2);
    expect(m.can('spin.requested')).toBe(false);

    m.actor.send({ type: 'wheel.settled' });
    expect(m.state()).toBe('won');
    m.actor.send({ type: 'prize.closed' });
    expect(m.state()).toBe('loading');
    expect(m.load.inputs).toHaveLength(2);
    await m.load.resolve(page(1));
    expect(m.state()).toBe('ready');
    expect(m.context().result).toBeNull();
  });

  it('does not spin at 0 coins or without a wheel', async () => {
    const m = start();
    await m.load.resolve(page(0));
    expect(m.can('spin.requested')).toBe(false);
    m.actor.send({ type: 'spin.requested' });
    expect(m.state()).toBe('ready');
    expect(m.spin.inputs).toHaveLength(0);

    m.actor.send({ type: 'setup.reload' });
    await m.load.resolve({ setup: { activeSpinwheel: null, userCoin: 3 }, coupons: [] });
    expect(m.can('spin.requested')).toBe(false);
  });

  it('shows the prize even when the wheel never reports that it settled', async () => {
    const m = start();
    await m.load.resolve(page(1));
    m.actor.send({ type: 'spin.requested' });
    await m.spin.resolve({ code: 'X1', label: 'X1', prize: false, remainingCoin: 0 });
    m.clock.increment(SPIN_TIMING.wheelGiveUpMs - 1);
    expect(m.state()).toBe('spinning');
    m.clock.increment(1);
    expect(m.state()).toBe('won');
  });

  it('a refused spin shows its code and reloads when dismissed', async () => {
    const m = start();
    await m.load.resolve(page(1));
    m.actor.send({ type: 'spin.requested' });
    await m.spin.fail('SPIN_NO_COIN');
    expect(m.state()).toBe('failed');
    expect(m.context().error).toBe('SPIN_NO_COIN');
    m.actor.send({ type: 'error.dismissed' });
    expect(m.state()).toBe('loading');
    expect(m.context().error).toBeNull();
  });

  it('claims a coupon after the confirm and its 500 ms debounce, then reloads', async () => {
    const m = start();
    await m.load.resolve(page(0, [coupon]));
    m.actor.send({ type: 'coupon.selected', coupon });
    expect(m.state()).toBe('confirmingClaim');
    m.actor.send({ type: 'claim.confirmed' });
    expect(m.state()).toBe('claimDelay');
    // A second press in the debounce does not claim twice.
    m.actor.send({ type: 'claim.confirmed' });
    m.clock.increment(SPIN_TIMING.claimDebounceMs - 1);
    expect(m.claim.inputs).toHaveLength(0);
    m.clock.increment(1);
    expect(m.state()).toBe('claiming');
    expect(m.claim.inputs).toEqual([{ coupon }]);
    await m.claim.resolve({ message: 'OK' });
    expect(m.state()).toBe('loading');
    expect(m.context().claimed).toEqual(coupon);
    await m.load.resolve(page(0));
    expect(m.state()).toBe('ready');
    expect(m.context().coupons).toEqual([]);
    m.actor.send({ type: 'claimed.acknowledged' });
    expect(m.context().claimed).toBeNull();
  });

  it('cancels a claim from the confirm dialog or during the debounce', async () => {
    const m = start();
    await m.load.resolve(page(0, [coupon]));
    m.actor.send({ type: 'coupon.selected', coupon });
    m.actor.send({ type: 'claim.cancelled' });
    expect(m.state()).toBe('ready');
    m.actor.send({ type: 'coupon.selected', coupon });
    m.actor.send({ type: 'claim.confirmed' });
    m.actor.send({ type: 'claim.cancelled' });
    m.clock.increment(SPIN_TIMING.claimDebounceMs);
    expect(m.state()).toBe('ready');
    expect(m.claim.inputs).toHaveLength(0);
  });

  it('a refused claim shows its code', async () => {
    const m = start();
    await m.load.resolve(page(0, [coupon]));
    m.actor.send({ type: 'coupon.selected', coupon });
    m.actor.send({ type: 'claim.confirmed' });
    m.clock.increment(SPIN_TIMING.claimDebounceMs);
    await m.claim.fail('COUPON_EXPIRED');
    expect(m.state()).toBe('failed');
    expect(m.context().error).toBe('COUPON_EXPIRED');
    expect(m.context().claimed).toBeNull();
  });

  it('a failed load can be tried again; a network failure is named', async () => {
    const m = start();
    await m.load.fail('NETWORK_ERROR');
    expect(m.state()).toBe('loadFailed');
    m.actor.send({ type: 'setup.reload' });
    expect(m.state()).toBe('loading');
    await m.load.resolve(page(1));
    expect(m.state()).toBe('ready');
  });
});
