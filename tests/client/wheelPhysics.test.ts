import { describe, expect, it } from 'vitest';
import { WHEEL } from '../../src/contract/constants';
import { angleAt, edgesPassed, FRICTION_PER_SECOND, labelPose, normalize, planSpin, sliceAngle, sliceAtPointer, sliceMiddle, velocityAt } from '../../src/client/scene/wheel/wheelPhysics';

const SLICES = 12;

/** Runs a planned spin frame by frame at `fps`, as a ticker would; answers each frame's angle. */
function run(plan: ReturnType<typeof planSpin>, fps: number) {
  const frames: number[] = [];
  for (let frame = 0; ; frame++) {
    const t = frame / fps;
    frames.push(angleAt(plan, t));
    if (t >= plan.duration) return { frames, seconds: t };
  }
}

/** A random source that answers the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

describe('the wheel physics', () => {
  it('decays the velocity by 0.991 per 60 fps frame, plus the brake that stops it', () => {
    expect(Math.exp(-FRICTION_PER_SECOND / 60)).toBeCloseTo(WHEEL.friction, 12);
    const plan = planSpin(0, 5, SLICES, { random: sequence(0.5, 0.5) });
    // Early in the spin the brake is small beside friction: one frame keeps ~99.1% of the speed.
    const ratio = velocityAt(plan, 1 / 60 + 0.1) / velocityAt(plan, 0.1);
    expect(ratio).toBeLessThan(WHEEL.friction);
    expect(ratio).toBeGreaterThan(WHEEL.friction - 0.002);
    // Velocity falls all the way and is zero at rest.
    let previous = Infinity;
    for (let t = 0.01; t < plan.duration; t += 0.05) {
      const v = velocityAt(plan, t);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(previous);
      previous = v;
    }
    expect(velocityAt(plan, plan.duration - 1e-6)).toBeCloseTo(0, 3);
  });

  for (const extra of [0, 0.99]) {
    const turns = extra < 0.5 ? WHEEL.extraTurnsMin : WHEEL.extraTurnsMax;
    it(`stops on every slice of a 12-slice wheel with ${turns} extra turns, from any start`, () => {
      for (let target = 0; target < SLICES; target++) {
        for (const start of [0, 1.234, -7.5, 40]) {
          for (const within of [0, 0.5, 0.999]) {
            const plan = planSpin(start, target, SLICES, { random: sequence(extra, within) });
            expect(plan.extraTurns).toBe(turns);
            expect(sliceAtPointer(plan.to, SLICES)).toBe(target);
            expect(plan.to - plan.from).toBeGreaterThanOrEqual(turns * Math.PI * 2);
            expect(plan.to - plan.from).toBeLessThan((turns + 1) * Math.PI * 2);
            // Never on an edge: at least 20% of a slice from either side.
            const into = normalize(-plan.to) / sliceAngle(SLICES) - target;
            expect(into).toBeGreaterThanOrEqual(0.2 - 1e-9);
            expect(into).toBeLessThanOrEqual(0.8 + 1e-9);
          }
        }
      }
    });
  }

  for (const fps of [30, 60, 144]) {
    it(`takes 4 to 5 s and rests exactly on the won slice at ${fps} fps`, () => {
      for (let target = 0; target < SLICES; target++) {
        for (const r of [0, 0.3, 0.7, 0.99]) {
          const plan = planSpin(0.5, target, SLICES, { random: sequence(r, 1 - r) });
          const { frames, seconds } = run(plan, fps);
          expect(plan.duration).toBeGreaterThanOrEqual(WHEEL.durationMinMs / 1000);
          expect(plan.duration).toBeLessThanOrEqual(WHEEL.durationMaxMs / 1000);
          expect(seconds).toBeLessThan(plan.duration + 1 / fps + 1e-9);
          expect(frames.at(-1)).toBe(plan.to);
          expect(sliceAtPointer(frames.at(-1)!, SLICES)).toBe(target);
          // Always forward, never past the rest angle.
          const backwards = frames.filter((angle, i) => i > 0 && (angle < frames[i - 1] || angle > plan.to + 1e-9));
          expect(backwards).toEqual([]);
        }
      }
    });
  }

  it('draws the same path whatever the frame rate', () => {
    const plan = planSpin(0, 7, SLICES, { random: sequence(0.4, 0.6) });
    for (const t of [0.1, 1, 2.5, 3.9]) expect(angleAt(plan, t)).toBe(angleAt({ ...plan }, t));
    const at30 = run(plan, 30).frames;
    const at60 = run(plan, 60).frames;
    for (let i = 0; i < at30.length - 1; i++) expect(at30[i]).toBeCloseTo(at60[i * 2], 9);
  });

  it('takes longer for a longer trip', () => {
    const short = planSpin(0, 0, SLICES, { random: sequence(0, 0.5) });
    const long = planSpin(0, 11, SLICES, { random: sequence(0.99, 0.5) });
    expect(long.to - long.from).toBeGreaterThan(short.to - short.from);
    expect(long.duration).toBeGreaterThan(short.duration);
  });

  it('counts one tick per slice edge that passes the pointer', () => {
    const s = sliceAngle(SLICES);
    expect(edgesPassed(0.1, 0.2, SLICES)).toBe(0);
    expect(edgesPassed(s - 0.01, s + 0.01, SLICES)).toBe(1);
    expect(edgesPassed(0.01, 3 * s + 0.01, SLICES)).toBe(3);
    const plan = planSpin(0, 3, SLICES, { random: sequence(0, 0.5) });
    const frames = run(plan, 60).frames;
    const ticks = frames.slice(1).reduce((sum, angle, i) => sum + edgesPassed(frames[i], angle, SLICES), 0);
    expect(ticks).toBe(Math.floor(plan.to / s) - Math.floor(plan.from / s));
  });

  it('names the slice under the pointer', () => {
    const s = sliceAngle(SLICES);
    expect(sliceAtPointer(0, SLICES)).toBe(0);
    expect(sliceAtPointer(-s * 2.5, SLICES)).toBe(2);
    expect(sliceAtPointer(s * 0.5, SLICES)).toBe(11);
  });
});

describe('labels read upright (issue 28: the left half was upside down)', () => {
  // A label's reading direction on the screen: its angle in the wheel plus the wheel's rotation.
  const readsUpright = (index: number, n: number, rotation: number) => Math.cos(labelPose(index, n, rotation).angle + rotation) >= -1e-9;

  it('keeps every label upright at any rotation, turning those on the left half round', () => {
    for (const n of [2, 5, 8, 12]) {
      for (let step = 0; step < 72; step++) {
        const rotation = (step / 72) * 2 * Math.PI - 3 * Math.PI;
        for (let i = 0; i < n; i++) expect(readsUpright(i, n, rotation)).toBe(true);
      }
    }
  });

  it('starts a turned label at the rim, so it fills the same part of the slice', () => {
    // 12 slices at rest: slice 3 is on the right (reads outward, ends at the rim), slice 8 on the left.
    expect(labelPose(3, 12, 0)).toEqual({ angle: sliceMiddle(3, 12), fromRim: false });
    expect(labelPose(8, 12, 0)).toEqual({ angle: sliceMiddle(8, 12) + Math.PI, fromRim: true });
    // Half a turn later the two have swapped sides.
    expect(labelPose(3, 12, Math.PI).fromRim).toBe(true);
    expect(labelPose(8, 12, Math.PI).fromRim).toBe(false);
  });
});
