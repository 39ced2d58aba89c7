import { DEMO_SLOT, type SlotSymbol } from '../../../../contract';

/**
 * The demo slot's rules, free of I/O: reel strips, paytable, and how a grid pays.
 *
 * A spin picks one stop per reel uniformly at random (crypto randomness, by the caller); a reel
 * shows the strip's symbols at stop - 1, stop and stop + 1 (wrapping). The stake is spread over
 * the five paylines; a payline pays `line stake × pays[symbol]` for three of a kind, and 1× its
 * line stake (its stake back) for two cherries from the left.
 *
 * Return to player, computed exactly over all 20³ stop combinations (tests/server/demo-slot.test.ts):
 * 95.00 %; a spin wins something 41.9 % of the time.
 */

/** The strips, one letter a symbol (see SYMBOL_OF); each reel has 20 stops. */
const STRIPS = [
  'CLMCBLCSMLCBLVMCLBSM',
  'LCMBLCSLMCBVLCMSBLCM',
  'MCLBCMLSCBLMCVLSBCML',
] as const;
const SYMBOL_OF: Record<string, SlotSymbol> = { C: 'cherry', L: 'lemon', M: 'melon', B: 'bell', S: 'star', V: 'seven' };
export const REEL_STRIPS: readonly (readonly SlotSymbol[])[] = STRIPS.map((strip) => [...strip].map((c) => SYMBOL_OF[c]));

/** Three of a kind on a payline pays this many times the line stake. */
export const PAYTABLE: Readonly<Record<SlotSymbol, number>> = { cherry: 10, lemon: 15, melon: 25, bell: 50, star: 100, seven: 350 };
/** Two cherries from the left give the line stake back. */
export const TWO_CHERRIES_PAY = 1;

/** Reels as columns, each top to bottom. */
export type SlotGrid = SlotSymbol[][];

export interface LineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  win: bigint;
}

export function gridAt(stops: readonly number[]): SlotGrid {
  return REEL_STRIPS.map((strip, reel) => {
    const at = (offset: number) => strip[(((stops[reel] + offset) % strip.length) + strip.length) % strip.length];
    return [at(-1), at(0), at(1)];
  });
}

/** Chooses the stops with `randomInt(n)` (uniform in 0..n-1) and returns the grid. */
export function spinGrid(randomInt: (n: number) => number): SlotGrid {
  return gridAt(REEL_STRIPS.map((strip) => randomInt(strip.length)));
}

/** What a grid pays for a stake in minor units (a multiple of the payline count). */
export function evaluate(grid: SlotGrid, stake: bigint): { win: bigint; lines: LineWin[] } {
  const lineStake = stake / BigInt(DEMO_SLOT.paylines.length);
  const lines: LineWin[] = [];
  DEMO_SLOT.paylines.forEach((rows, line) => {
    const [a, b, c] = rows.map((row, reel) => grid[reel][row]);
    if (a === b && b === c) lines.push({ line, symbol: a, count: 3, win: lineStake * BigInt(PAYTABLE[a]) });
    else if (a === 'cherry' && b === 'cherry') lines.push({ line, symbol: a, count: 2, win: lineStake * BigInt(TWO_CHERRIES_PAY) });
  });
  return { win: lines.reduce((sum, l) => sum + l.win, 0n), lines };
}
