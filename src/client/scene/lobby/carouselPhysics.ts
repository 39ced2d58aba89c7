/**
 * The lobby carousel's motion rules as plain functions over numbers, free of Pixi and React.
 *
 * Positions are in cards: `offset` is the card index that sits in the middle slot (fractional
 * while moving), velocities are cards per millisecond. Friction is given per 60 Hz frame and
 * applied as a continuous decay, so the outcome of `coast` does not depend on the frame rate.
 */

/** One 60 Hz frame, the unit friction is quoted in. */
export const FRAME_MS = 1000 / 60;

export interface PhysicsTuning {
  /** Share of the velocity kept after one 60 Hz frame of coasting (0 < friction < 1). */
  friction: number;
  /** Below this speed (cards/ms) coasting stops and the carousel snaps to a card. */
  minVelocity: number;
  /** Time constant of the snap: the gap to the target shrinks by e every `snapTauMs`. */
  snapTauMs: number;
  /** A snap is over once the gap is below this (cards). */
  snapEpsilon: number;
  /** One flick moves at most this many cards. */
  maxFlickCards: number;
}

export const DEFAULT_TUNING: PhysicsTuning = {
  friction: 0.94,
  minVelocity: 0.0006,
  snapTauMs: 70,
  snapEpsilon: 0.0015,
  maxFlickCards: 3,
};

/** The velocity left after `dtMs` of friction. */
export const decayVelocity = (velocity: number, dtMs: number, friction: number): number =>
  velocity * Math.pow(friction, dtMs / FRAME_MS);

/** How far a velocity carries before friction stops it entirely (the integral of the decay). */
export const coastDistance = (velocity: number, friction: number): number => (velocity * FRAME_MS) / -Math.log(friction);

/** Moves by the exact distance friction allows in `dtMs`, and returns the slowed velocity. */
export function coast(offset: number, velocity: number, dtMs: number, friction: number): { offset: number; velocity: number } {
  const next = decayVelocity(velocity, dtMs, friction);
  return { offset: offset + coastDistance(velocity - next, friction), velocity: next };
}

/** The fastest release that friction stops within `maxFlickCards`: a harder flick goes no further. */
export function limitVelocity(velocity: number, tuning: PhysicsTuning = DEFAULT_TUNING): number {
  const max = (tuning.maxFlickCards * -Math.log(tuning.friction)) / FRAME_MS;
  return clamp(velocity, -max, max);
}

/** One snap step: the remaining gap to the target shrinks exponentially with time. */
export function approach(offset: number, target: number, dtMs: number, tauMs: number): number {
  if (tauMs <= 0) return target;
  return target + (offset - target) * Math.exp(-dtMs / tauMs);
}

/** An index in 0..count-1 for any whole number (wrap-around). */
export const wrapIndex = (index: number, count: number): number => (count > 0 ? ((index % count) + count) % count : 0);

/**
 * Where card `index` sits relative to the middle slot, in cards, when `offset` is in the middle.
 * With wrap-around the answer is folded into [-count/2, count/2), so every card is on the side
 * it is nearer to.
 */
export function slotOf(index: number, offset: number, count: number, wrap: boolean): number {
  const slot = index - offset;
  if (!wrap || count === 0) return slot;
  return slot - count * Math.floor((slot + count / 2) / count);
}

/** The shortest signed number of cards from card `from` to card `to` around a loop. */
export function shortestStep(from: number, to: number, count: number): number {
  const forward = wrapIndex(to - from, count);
  return forward > count / 2 ? forward - count : forward;
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The offsets a carousel without wrap-around may rest at: the row stays full from edge to edge;
 * a row with no more cards than slots is centred and does not move.
 */
export function offsetRange(count: number, visible: number): { min: number; max: number } {
  const half = (visible - 1) / 2;
  if (count <= visible) return { min: (count - 1) / 2, max: (count - 1) / 2 };
  return { min: half, max: count - 1 - half };
}

export const clampOffset = (offset: number, count: number, visible: number): number => {
  const { min, max } = offsetRange(count, visible);
  return clamp(offset, min, max);
};

/**
 * The card a released carousel comes to rest on: where friction alone would stop it, rounded
 * to a whole card, no further than `maxFlickCards` from where it was let go, and kept in range
 * when the carousel does not wrap.
 */
export function snapTarget(
  offset: number,
  velocity: number,
  options: { count: number; visible: number; wrap: boolean; tuning?: PhysicsTuning },
): number {
  const tuning = options.tuning ?? DEFAULT_TUNING;
  const rest = offset + coastDistance(velocity, tuning.friction);
  const limited = clamp(rest, offset - tuning.maxFlickCards, offset + tuning.maxFlickCards);
  const target = Math.round(limited);
  if (options.wrap) return target;
  const { min, max } = offsetRange(options.count, options.visible);
  // A short row rests centred on a half card; a long one on whole cards inside its range.
  return options.count <= options.visible ? min : clamp(target, Math.ceil(min), Math.floor(max));
}

/**
 * Velocity from recent pointer samples (time in ms, offset in cards): the change over the
 * samples of the last `windowMs`, so a pause before letting go means no flick.
 */
export function releaseVelocity(samples: readonly { t: number; offset: number }[], now: number, windowMs = 90): number {
  const recent = samples.filter((s) => now - s.t <= windowMs);
  if (recent.length < 2) return 0;
  const first = recent[0];
  const last = recent[recent.length - 1];
  const dt = last.t - first.t;
  return dt > 0 ? (last.offset - first.offset) / dt : 0;
}
