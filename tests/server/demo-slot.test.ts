import { describe, expect, it } from 'vitest';
import { DEMO_SLOT } from '../../src/contract';
import { evaluate, gridAt, REEL_STRIPS, spinGrid, type SlotGrid } from '../../src/server/sandbox/simulators/demo-provider/slot';

/** The demo slot's rules: the paytable's promises and the return to player, computed exactly. */

const grid = (...rows: string[][]): SlotGrid => [0, 1, 2].map((reel) => rows.map((row) => row[reel])) as SlotGrid;

describe('demo slot rules', () => {
  it('shows the three stops around each chosen stop, wrapping round the strip', () => {
    const last = REEL_STRIPS[0].length - 1;
    expect(gridAt([0, 0, 0])[0]).toEqual([REEL_STRIPS[0][last], REEL_STRIPS[0][0], REEL_STRIPS[0][1]]);
    expect(gridAt([last, 1, 2])[2]).toEqual([REEL_STRIPS[2][1], REEL_STRIPS[2][2], REEL_STRIPS[2][3]]);
  });

  it('pays three of a kind on each payline and two cherries from the left', () => {
    // 5 baht over five lines: 1 baht a line.
    expect(evaluate(grid(['lemon', 'bell', 'star'], ['seven', 'seven', 'seven'], ['bell', 'star', 'lemon']), 500n))
      .toEqual({ win: 35000n, lines: [{ line: 0, symbol: 'seven', count: 3, win: 35000n }] });
    // Top row and the falling diagonal both cross three bells.
    const both = evaluate(grid(['bell', 'bell', 'bell'], ['lemon', 'bell', 'star'], ['star', 'lemon', 'bell']), 1000n);
    expect(both.lines.map((l) => [l.line, l.symbol, l.win])).toEqual([[1, 'bell', 10000n], [3, 'bell', 10000n]]);
    expect(both.win).toBe(20000n);
    // Two cherries give the line stake back; cherries not from the left give nothing.
    expect(evaluate(grid(['lemon', 'bell', 'star'], ['cherry', 'cherry', 'star'], ['bell', 'star', 'lemon']), 500n).win).toBe(100n);
    expect(evaluate(grid(['lemon', 'bell', 'star'], ['star', 'cherry', 'cherry'], ['bell', 'star', 'lemon']), 500n).win).toBe(0n);
  });

  it('returns 95 % to the player over every combination of stops', () => {
    const stake = 500n;
    let paid = 0n;
    let wins = 0;
    let spins = 0;
    const [a, b, c] = REEL_STRIPS.map((s) => s.length);
    for (let i = 0; i < a; i++) for (let j = 0; j < b; j++) for (let k = 0; k < c; k++) {
      const { win } = evaluate(gridAt([i, j, k]), stake);
      paid += win;
      if (win > 0n) wins += 1;
      spins += 1;
    }
    expect(Number(paid) / (spins * Number(stake))).toBeCloseTo(0.95, 4);
    expect(wins / spins).toBeCloseTo(0.419, 3);
  });

  it('draws each reel stop from the whole strip', () => {
    const asked: number[] = [];
    const result = spinGrid((n) => {
      asked.push(n);
      return n - 1;
    });
    expect(asked).toEqual(REEL_STRIPS.map((s) => s.length));
    expect(result).toEqual(gridAt(REEL_STRIPS.map((s) => s.length - 1)));
    for (const stake of DEMO_SLOT.stakes) expect(BigInt(stake * 100) % BigInt(DEMO_SLOT.paylines.length)).toBe(0n);
  });
});
