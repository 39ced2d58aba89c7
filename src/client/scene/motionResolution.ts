/**
 * Dynamic resolution for a Pixi canvas that moves (the lobby's carousels, the spin wheel). At
 * rest the canvas draws at its full resolution (sharp text). A device that cannot keep the motion
 * at 55 frames/s at that resolution draws the moving frames at 1× instead: a moving card's or
 * slice's detail is not seen, a stutter is. The frame drawn at rest is full resolution again.
 *
 * Each canvas pixel is paid for every frame (and, where the page is composited in software,
 * read back too): in bench:lobby (SwiftShader, 390×844 at 2×) swiping drew 38-51 frames/s at
 * 1.5× and 57-59 at 1×. A phone whose GPU keeps up never leaves full resolution.
 *
 * No Pixi here: the scene asks it, each frame, at which resolution to draw; tests drive it with
 * made-up frame intervals.
 */

/** The resolution moving frames fall back to. */
export const MOTION_RESOLUTION = 1;
/** Slower than this (55 frames/s) while moving at full resolution, and the moving frames drop to 1×. */
export const SLOW_FRAME_MS = 1000 / 55;
/** Moving frames measured before deciding: a few slow frames (a page still loading) do not decide it alone. */
export const SAMPLE_FRAMES = 10;

/**
 * Sets a renderer's resolution for the frame about to be drawn; a change resizes the canvas's
 * buffer, so it is made only when the value differs. (Any object with a `resolution`: Pixi's
 * renderer, without importing Pixi here.)
 */
export function drawAt(renderer: { resolution: number }, resolution: number) {
  if (renderer.resolution !== resolution) renderer.resolution = resolution;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export class MotionResolution {
  /** This device was seen too slow at full resolution: moving frames draw at `motion` from now on. */
  private reduced = false;
  private intervals: number[] = [];
  readonly motion: number;

  constructor(readonly rest: number) {
    this.motion = Math.min(rest, MOTION_RESOLUTION);
  }

  /** Whether moving frames have fallen back to the lower resolution on this device. */
  get lowered(): boolean {
    return this.reduced;
  }

  /**
   * The resolution to draw this frame at. `moving`: a carousel is held, coasting or snapping in
   * this frame; `frameMs`: the time since the previous frame (the ticker's delta).
   */
  frame(moving: boolean, frameMs: number): number {
    if (!moving) return this.rest;
    if (!this.reduced && this.motion < this.rest && Number.isFinite(frameMs) && frameMs > 0) {
      this.intervals.push(frameMs);
      if (this.intervals.length >= SAMPLE_FRAMES) {
        this.reduced = median(this.intervals) > SLOW_FRAME_MS;
        this.intervals = [];
      }
    }
    return this.reduced ? this.motion : this.rest;
  }
}
