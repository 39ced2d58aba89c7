import { DEMO_SLOT, type SlotSymbol } from '../../contract';

/**
 * The reels' motion as plain numbers, free of Pixi: which symbol passes where, and when each
 * reel stops on the outcome the server decided.
 *
 * A reel is a tape of symbols, top to bottom, seen through a window of three rows. A spin builds
 * the tape [target three, fillers…, current three] and moves the window from the tape's end to
 * its start: the symbols travel down and the reel lands on the target.
 */

export type Grid = readonly (readonly SlotSymbol[])[];

export const ROWS = DEMO_SLOT.rows;

export interface ReelPlan {
  tape: SlotSymbol[];
  durationMs: number;
}

export interface SpinTiming {
  /** The first reel's travel time. */
  baseMs: number;
  /** Each further reel stops this much later. */
  staggerMs: number;
  /** Filler symbols the first reel passes; each further reel passes `extraFillers` more. */
  fillers: number;
  extraFillers: number;
}

export const SPIN_TIMING: SpinTiming = { baseMs: 1_100, staggerMs: 350, fillers: 14, extraFillers: 5 };

/** A symbol chosen with `random()` in [0, 1). */
export const randomSymbol = (random: () => number): SlotSymbol =>
  DEMO_SLOT.symbols[Math.min(DEMO_SLOT.symbols.length - 1, Math.floor(random() * DEMO_SLOT.symbols.length))];

/** One reel's tape, from what it shows now to the target. */
export function planReel(current: readonly SlotSymbol[], target: readonly SlotSymbol[], fillers: number, random: () => number): SlotSymbol[] {
  return [...target, ...Array.from({ length: fillers }, () => randomSymbol(random)), ...current];
}

/** Every reel's plan: later reels travel further and stop later, left to right. */
export function planSpin(current: Grid, target: Grid, random: () => number, timing: SpinTiming = SPIN_TIMING): ReelPlan[] {
  return target.map((column, reel) => ({
    tape: planReel(current[reel], column, timing.fillers + reel * timing.extraFillers, random),
    durationMs: timing.baseMs + reel * timing.staggerMs,
  }));
}

export const easeOutCubic = (t: number): number => 1 - (1 - clamp01(t)) ** 3;
export const easeInOutSine = (t: number): number => (1 - Math.cos(Math.PI * clamp01(t))) / 2;
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));

/** How far a reel runs past its stop (in symbols) before it settles back, and when. */
export const OVERSHOOT = 0.3;
const TRAVEL_SHARE = 0.82;

/**
 * The window's top on the tape, in symbols: the tape's last three at 0 ms, 0 once landed. The
 * reel decelerates past the stop by OVERSHOOT, then eases back; both parts meet at rest, so the
 * motion has no jolt.
 */
export function reelPosition(plan: ReelPlan, elapsedMs: number): number {
  if (elapsedMs >= plan.durationMs) return 0;
  const start = plan.tape.length - ROWS;
  const t = Math.max(0, elapsedMs) / plan.durationMs;
  if (t < TRAVEL_SHARE) return start - (start + OVERSHOOT) * easeOutCubic(t / TRAVEL_SHARE);
  return -OVERSHOOT * (1 - easeInOutSine((t - TRAVEL_SHARE) / (1 - TRAVEL_SHARE)));
}

export interface VisibleSymbol {
  symbol: SlotSymbol;
  /** Rows from the window's top edge (fractional while moving; -1 < offset < ROWS). */
  offset: number;
}

/**
 * The symbols in the window at a position: up to ROWS + 1 of them while the reel moves. Around
 * an overshoot past the tape's start the tape is read round (what is above its start is its end).
 */
export function visibleSymbols(tape: readonly SlotSymbol[], position: number): VisibleSymbol[] {
  const first = Math.floor(position);
  const seen: VisibleSymbol[] = [];
  for (let index = first; index <= first + ROWS; index++) {
    const offset = index - position;
    if (offset <= -1 || offset >= ROWS) continue;
    seen.push({ symbol: tape[((index % tape.length) + tape.length) % tape.length], offset });
  }
  return seen;
}

/** How many reels have stopped, left to right, after `elapsedMs`. */
export const reelsStopped = (plans: readonly ReelPlan[], elapsedMs: number): number =>
  plans.filter((plan) => elapsedMs >= plan.durationMs).length;

export const spinSettled = (plans: readonly ReelPlan[], elapsedMs: number): boolean => reelsStopped(plans, elapsedMs) === plans.length;

/** The cells (reel, row) a set of winning paylines crosses, each once. */
export function winningCells(lines: readonly { line: number; count: number }[]): [reel: number, row: number][] {
  const cells = new Map<string, [number, number]>();
  for (const { line, count } of lines) {
    DEMO_SLOT.paylines[line]?.slice(0, count).forEach((row, reel) => cells.set(`${reel}:${row}`, [reel, row]));
  }
  return [...cells.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
