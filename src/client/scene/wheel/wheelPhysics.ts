import { WHEEL } from '../../../contract/constants';

/**
 * The spin wheel's motion as plain functions of time (no canvas): the server has already
 * chosen the slice, and the wheel travels to it.
 *
 * The pointer stands at the top. The wheel's rotation R grows clockwise; slice i covers
 * [i·s, (i+1)·s) of the wheel measured clockwise from its zero, s = 2π / n, so the slice under
 * the pointer is the one holding (−R mod 2π).
 *
 * Motion: a spun wheel slows by friction — its angular velocity decays by WHEEL.friction
 * (0.991) per frame of a 60 fps reference, dv/dt = −k·v with k = −60·ln(0.991) — plus a small
 * constant brake c (the bearing's dry friction) sized so that it comes to rest exactly at T
 * on the target. The angle is a closed form of elapsed time, so every frame rate draws the
 * same path and ends on the same angle.
 */

const TAU = Math.PI * 2;
/** Viscous friction per second equivalent to WHEEL.friction per 60 fps frame. */
export const FRICTION_PER_SECOND = -60 * Math.log(WHEEL.friction);

export const sliceAngle = (sliceCount: number) => TAU / sliceCount;

/** The angle in [0, 2π). */
export const normalize = (angle: number) => ((angle % TAU) + TAU) % TAU;

/** The index of the slice under the pointer at rotation `rotation`. */
export function sliceAtPointer(rotation: number, sliceCount: number): number {
  return Math.floor(normalize(-rotation) / sliceAngle(sliceCount)) % sliceCount;
}

export interface SpinPlan {
  from: number;
  /** The rotation the wheel rests at. */
  to: number;
  /** Seconds from start to rest. */
  duration: number;
  /** Initial angular velocity, radians per second. */
  v0: number;
  /** The constant brake over k: v(t) = (v0 + a)·e^(−kt) − a. */
  a: number;
  extraTurns: number;
}

export interface PlanOptions {
  /** Uniform in [0, 1); extra turns and the landing point within the slice come from it. */
  random?: () => number;
}

/**
 * Plans a spin from `from` that rests on slice `target`: 2 or 3 extra full turns, a landing
 * point inside the slice (never on its edge), and a duration of 4 to 5 s scaled by the
 * distance travelled.
 */
export function planSpin(from: number, target: number, sliceCount: number, options: PlanOptions = {}): SpinPlan {
  const random = options.random ?? Math.random;
  const s = sliceAngle(sliceCount);
  const extraTurns = WHEEL.extraTurnsMin + Math.floor(random() * (WHEEL.extraTurnsMax - WHEEL.extraTurnsMin + 1));
  // Land within the middle 60% of the slice, so the pointer is never in doubt.
  const within = (0.2 + 0.6 * random()) * s;
  const restMod = normalize(-(target * s + within));
  const toTarget = normalize(restMod - normalize(from));
  const distance = toTarget + extraTurns * TAU;
  // 4 s for the shortest trip (2 turns), 5 s for the longest (3 turns and almost one more).
  const shortest = WHEEL.extraTurnsMin * TAU;
  const longest = (WHEEL.extraTurnsMax + 1) * TAU;
  const share = Math.min(1, Math.max(0, (distance - shortest) / (longest - shortest)));
  const duration = (WHEEL.durationMinMs + share * (WHEEL.durationMaxMs - WHEEL.durationMinMs)) / 1000;

  const k = FRICTION_PER_SECOND;
  const e = Math.exp(-k * duration);
  // From θ(T) = D and v(T) = 0: v0 = D / (1/k − T·e/(1 − e)), a = v0·e/(1 − e).
  const v0 = distance / (1 / k - (duration * e) / (1 - e));
  const a = (v0 * e) / (1 - e);
  return { from, to: from + distance, duration, v0, a, extraTurns };
}

/** The rotation `t` seconds into a planned spin (at rest on the target from `duration` on). */
export function angleAt(plan: SpinPlan, t: number): number {
  if (t <= 0) return plan.from;
  if (t >= plan.duration) return plan.to;
  const k = FRICTION_PER_SECOND;
  return plan.from + ((plan.v0 + plan.a) * (1 - Math.exp(-k * t))) / k - plan.a * t;
}

/** Angular velocity (radians per second) `t` seconds into the spin. */
export function velocityAt(plan: SpinPlan, t: number): number {
  if (t <= 0 || t >= plan.duration) return 0;
  return (plan.v0 + plan.a) * Math.exp(-FRICTION_PER_SECOND * t) - plan.a;
}

/** How many slice edges passed the pointer between two rotations: one tick sound each. */
export function edgesPassed(before: number, after: number, sliceCount: number): number {
  const s = sliceAngle(sliceCount);
  return Math.abs(Math.floor(after / s) - Math.floor(before / s));
}

/** SPEC section 9: at most 350 px and 85% of the window's width. */
export const wheelSize = (windowWidth: number) => Math.floor(Math.min(WHEEL.maxSizePx, windowWidth * WHEEL.maxWidthShare));

/** The middle of slice `index` in the wheel's own frame, as a screen angle (0 = right, clockwise; the top is −π/2). */
export const sliceMiddle = (index: number, sliceCount: number) => -Math.PI / 2 + (index + 0.5) * sliceAngle(sliceCount);

/**
 * How slice `index`'s label lies on a wheel turned by `rotation`. Labels run along the slice's
 * radius and end near the rim; on the left half of the screen that reading direction would put
 * them upside down, so there they are turned half a turn and start at the rim instead. The
 * label's `angle` is in the wheel's own frame; `fromRim` says which end sits at the rim.
 */
export function labelPose(index: number, sliceCount: number, rotation: number): { angle: number; fromRim: boolean } {
  const middle = sliceMiddle(index, sliceCount);
  const onLeft = Math.cos(middle + rotation) < -1e-9;
  return onLeft ? { angle: middle + Math.PI, fromRim: true } : { angle: middle, fromRim: false };
}
