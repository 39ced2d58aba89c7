import { describe, expect, it } from 'vitest';
import { MotionResolution, SAMPLE_FRAMES } from '../../src/client/scene/motionResolution';

/** Runs `n` frames at `frameMs` apart; returns the resolution each was drawn at. */
const frames = (resolution: MotionResolution, n: number, frameMs: number, moving = true) =>
  Array.from({ length: n }, () => resolution.frame(moving, frameMs));

describe('the lobby canvas resolution while a carousel moves', () => {
  it('keeps full resolution on a device that draws moving frames at 60 per second', () => {
    const resolution = new MotionResolution(1.5);
    expect(new Set(frames(resolution, 200, 1000 / 60))).toEqual(new Set([1.5]));
    expect(resolution.lowered).toBe(false);
  });

  it('draws moving frames at 1× once a device is seen below 55 per second, and rests at full resolution', () => {
    const resolution = new MotionResolution(1.5);
    const drawn = frames(resolution, SAMPLE_FRAMES + 5, 25);
    // Measured at full resolution first, then lowered for the rest of the motion.
    expect(drawn.slice(0, SAMPLE_FRAMES - 1)).toEqual(Array(SAMPLE_FRAMES - 1).fill(1.5));
    expect(drawn.slice(SAMPLE_FRAMES - 1)).toEqual(Array(6).fill(1));
    expect(resolution.lowered).toBe(true);
    // The carousel rests: that frame is drawn sharp.
    expect(resolution.frame(false, 25)).toBe(1.5);
    // The next swipe starts lowered at once, even if this one goes fast (it is the lower resolution that is fast).
    expect(frames(resolution, 50, 1000 / 60)).toEqual(Array(50).fill(1));
  });

  it('is not lowered by a few slow frames among fast ones (the page still loading)', () => {
    const resolution = new MotionResolution(1.5);
    const drawn = [...frames(resolution, 3, 80), ...frames(resolution, 30, 1000 / 60)];
    expect(new Set(drawn)).toEqual(new Set([1.5]));
    expect(resolution.lowered).toBe(false);
  });

  it('frames drawn at rest (a change, art arriving) are not measured', () => {
    const resolution = new MotionResolution(1.5);
    frames(resolution, 50, 100, false);
    expect(resolution.lowered).toBe(false);
    expect(resolution.frame(true, 1000 / 60)).toBe(1.5);
  });

  it('never changes a canvas already at 1× (a 1× screen)', () => {
    const resolution = new MotionResolution(1);
    expect(new Set(frames(resolution, 100, 50))).toEqual(new Set([1]));
    expect(resolution.lowered).toBe(false);
  });

  it('ignores frame intervals that are not real durations', () => {
    const resolution = new MotionResolution(1.5);
    frames(resolution, 40, Number.NaN);
    frames(resolution, 40, 0);
    expect(resolution.lowered).toBe(false);
  });
});
