import { describe, expect, it } from 'vitest';
import {
  approach,
  clampOffset,
  coast,
  coastDistance,
  decayVelocity,
  DEFAULT_TUNING,
  FRAME_MS,
  limitVelocity,
  offsetRange,
  releaseVelocity,
  shortestStep,
  slotOf,
  snapTarget,
  wrapIndex,
} from '../../src/client/scene/lobby/carouselPhysics';

const { friction } = DEFAULT_TUNING;

describe('carousel physics', () => {
  it('decays velocity by the friction once per 60 Hz frame, whatever the frame length', () => {
    expect(decayVelocity(1, FRAME_MS, 0.9)).toBeCloseTo(0.9, 12);
    expect(decayVelocity(1, 2 * FRAME_MS, 0.9)).toBeCloseTo(0.81, 12);
    expect(decayVelocity(-0.5, 0, 0.9)).toBe(-0.5);
  });

  it('coasts the same distance in one long step as in many short ones', () => {
    let many = { offset: 2, velocity: 0.01 };
    for (let i = 0; i < 30; i++) many = coast(many.offset, many.velocity, FRAME_MS / 3, friction);
    const one = coast(2, 0.01, 10 * FRAME_MS, friction);
    expect(many.offset).toBeCloseTo(one.offset, 10);
    expect(many.velocity).toBeCloseTo(one.velocity, 12);
    expect(one.offset).toBeGreaterThan(2);
    expect(one.velocity).toBeLessThan(0.01);
  });

  it('never coasts further than the whole decay allows', () => {
    const all = coastDistance(0.01, friction);
    expect(coast(0, 0.01, 60_000, friction).offset).toBeCloseTo(all, 8);
    expect(coastDistance(-0.01, friction)).toBeCloseTo(-all, 12);
  });

  it('closes in on a snap target exponentially and lands exactly with no time constant', () => {
    expect(approach(0, 1, 70, 70)).toBeCloseTo(1 - Math.exp(-1), 12);
    expect(approach(3, 1, 1e6, 70)).toBeCloseTo(1, 12);
    expect(approach(0.4, 1, 16, 0)).toBe(1);
  });

  it('wraps indices and folds slots to the nearer side of the loop', () => {
    expect(wrapIndex(-1, 8)).toBe(7);
    expect(wrapIndex(17, 8)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
    expect(slotOf(7, 0, 8, true)).toBe(-1);
    expect(slotOf(1, 0, 8, true)).toBe(1);
    expect(slotOf(4, 0, 8, true)).toBe(-4);
    expect(slotOf(0, 7.5, 8, true)).toBe(0.5);
    expect(slotOf(7, 0, 8, false)).toBe(7);
    expect(shortestStep(7, 1, 8)).toBe(2);
    expect(shortestStep(1, 7, 8)).toBe(-2);
    expect(shortestStep(2, 2, 8)).toBe(0);
  });

  it('keeps a row that does not loop full from edge to edge, and centres a short one', () => {
    expect(offsetRange(6, 3)).toEqual({ min: 1, max: 4 });
    expect(offsetRange(2, 3)).toEqual({ min: 0.5, max: 0.5 });
    expect(offsetRange(1, 3)).toEqual({ min: 0, max: 0 });
    expect(clampOffset(-3, 6, 3)).toBe(1);
    expect(clampOffset(9, 6, 3)).toBe(4);
    expect(clampOffset(2.4, 6, 3)).toBe(2.4);
  });

  it('snaps to the card friction would stop on, at most a few cards away', () => {
    const loop = { count: 8, visible: 3, wrap: true };
    expect(snapTarget(2.2, 0, loop)).toBe(2);
    expect(snapTarget(2.4, 0.004, loop)).toBe(Math.round(2.4 + coastDistance(0.004, friction)));
    expect(snapTarget(2.2, 1, loop)).toBe(2.2 + DEFAULT_TUNING.maxFlickCards - 0.2);
    expect(snapTarget(2.2, -1, loop)).toBe(-1);
    const clamped = { count: 6, visible: 3, wrap: false };
    expect(snapTarget(3.6, 1, clamped)).toBe(4);
    expect(snapTarget(1.2, -1, clamped)).toBe(1);
    expect(snapTarget(0, 1, { count: 2, visible: 3, wrap: false })).toBe(0.5);
  });

  it('measures release velocity over the last moments only', () => {
    const samples = [
      { t: 0, offset: 0 },
      { t: 100, offset: 0.2 },
      { t: 150, offset: 0.5 },
      { t: 200, offset: 1 },
    ];
    expect(releaseVelocity(samples, 200)).toBeCloseTo((1 - 0.5) / 50, 12);
    // Held still for a while before letting go: no flick.
    expect(releaseVelocity(samples, 400)).toBe(0);
    expect(releaseVelocity([{ t: 0, offset: 0 }], 0)).toBe(0);
  });
});

describe('flick limit', () => {
  it('slows a release so friction stops it within the flick limit', () => {
    const max = limitVelocity(10);
    expect(coastDistance(max, friction)).toBeCloseTo(DEFAULT_TUNING.maxFlickCards, 10);
    expect(limitVelocity(-10)).toBeCloseTo(-max, 12);
    expect(limitVelocity(0.001)).toBe(0.001);
  });
});
