import { describe, expect, it } from 'vitest';
import { DEMO_SLOT, type SlotSymbol } from '../../src/contract';
import {
  OVERSHOOT, planReel, planSpin, randomSymbol, reelPosition, reelsStopped, spinSettled, visibleSymbols, winningCells,
  type Grid, type ReelPlan,
} from '../../src/client/game/reels';

/** A repeatable random source. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

const current: Grid = [['cherry', 'lemon', 'melon'], ['bell', 'star', 'seven'], ['lemon', 'lemon', 'bell']];
const target: Grid = [['seven', 'seven', 'seven'], ['cherry', 'bell', 'star'], ['melon', 'star', 'cherry']];
const window = (plan: ReelPlan, ms: number) => visibleSymbols(plan.tape, reelPosition(plan, ms));

describe('reel stops', () => {
  it('builds a tape from the target through fillers to what the reel shows now', () => {
    expect(planReel(['bell', 'star', 'seven'], ['cherry', 'bell', 'star'], 2, seq(0, 0.99)))
      .toEqual(['cherry', 'bell', 'star', 'cherry', 'seven', 'bell', 'star', 'seven']);
    expect(randomSymbol(() => 0.999999)).toBe('seven');
    expect(randomSymbol(() => 0)).toBe('cherry');
  });

  it('starts on the current symbols and lands exactly on the target, reel by reel', () => {
    const plans = planSpin(current, target, Math.random);
    plans.forEach((plan, reel) => {
      expect(window(plan, 0).map((v) => [v.symbol, v.offset])).toEqual(current[reel].map((s, row) => [s, row]));
      expect(window(plan, plan.durationMs).map((v) => [v.symbol, v.offset])).toEqual(target[reel].map((s, row) => [s, row]));
      expect(window(plan, plan.durationMs + 5_000).map((v) => v.symbol)).toEqual(target[reel]);
    });
  });

  it('stops the reels left to right, later reels travelling further', () => {
    const plans = planSpin(current, target, Math.random, { baseMs: 1000, staggerMs: 300, fillers: 10, extraFillers: 4 });
    expect(plans.map((p) => [p.durationMs, p.tape.length])).toEqual([[1000, 16], [1300, 20], [1600, 24]]);
    expect([0, 999, 1000, 1299, 1300, 1599].map((ms) => reelsStopped(plans, ms))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(spinSettled(plans, 1599)).toBe(false);
    expect(spinSettled(plans, 1600)).toBe(true);
  });

  it('moves the symbols down only, runs past the stop by the overshoot and settles back without a jolt', () => {
    const [plan] = planSpin(current, target, seq(0.3, 0.6, 0.1));
    const positions = Array.from({ length: plan.durationMs + 1 }, (_, ms) => reelPosition(plan, ms));
    const lowest = Math.min(...positions);
    expect(lowest).toBeCloseTo(-OVERSHOOT, 2);
    const turn = positions.indexOf(lowest);
    // Before the turn the window only climbs the tape (symbols fall); after it, it only comes back.
    for (let ms = 1; ms <= turn; ms++) expect(positions[ms]).toBeLessThanOrEqual(positions[ms - 1]);
    for (let ms = turn + 1; ms < positions.length; ms++) expect(positions[ms]).toBeGreaterThanOrEqual(positions[ms - 1]);
    // No step between frames larger than a 60 fps frame would show at top speed.
    const steps = positions.slice(1).map((p, i) => Math.abs(p - positions[i]));
    expect(Math.max(...steps.slice(turn - 20, turn + 20))).toBeLessThan(0.01);
    expect(positions.at(-1)).toBe(0);
  });

  it('shows up to four symbols while moving, wrapping round the tape past its start', () => {
    const tape: SlotSymbol[] = ['cherry', 'lemon', 'melon', 'bell', 'star', 'seven'];
    expect(visibleSymbols(tape, 1.5)).toEqual([
      { symbol: 'lemon', offset: -0.5 }, { symbol: 'melon', offset: 0.5 }, { symbol: 'bell', offset: 1.5 }, { symbol: 'star', offset: 2.5 },
    ]);
    expect(visibleSymbols(tape, -0.25).map((v) => [v.symbol, v.offset])).toEqual([['seven', -0.75], ['cherry', 0.25], ['lemon', 1.25], ['melon', 2.25]]);
    expect(visibleSymbols(tape, 2).map((v) => v.symbol)).toEqual(['melon', 'bell', 'star']);
  });

  it('marks the cells of the winning paylines once each', () => {
    expect(winningCells([{ line: 0, count: 3 }])).toEqual([[0, 1], [1, 1], [2, 1]]);
    expect(winningCells([{ line: 1, count: 3 }, { line: 3, count: 3 }])).toEqual([[0, 0], [1, 0], [1, 1], [2, 0], [2, 2]]);
    expect(winningCells([{ line: 4, count: 2 }])).toEqual([[0, 2], [1, 1]]);
    expect(DEMO_SLOT.paylines).toHaveLength(5);
  });
});
