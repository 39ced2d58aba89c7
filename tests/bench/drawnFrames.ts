import type { Page } from 'playwright-core';

/**
 * Counts, in the page, the animation frames in which WebGL drew anything (bench:lobby,
 * bench:wheel): add it with `context.addInitScript(COUNT_DRAWN_FRAMES)` before the app loads.
 * Plain JavaScript in a string: tsx would wrap named functions in a helper the page does not have.
 */
export const COUNT_DRAWN_FRAMES = `
  const bench = { draws: 0, frames: [] };
  window.canvasBench = bench;
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
      const draw = proto[name];
      if (typeof draw !== 'function') continue;
      proto[name] = function (...args) {
        bench.draws += 1;
        return draw.apply(this, args);
      };
    }
  }
  let seen = 0;
  const frame = (t) => {
    if (bench.draws !== seen) {
      seen = bench.draws;
      bench.frames.push(t);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

/** The page times (performance.now()) of the animation frames that drew. */
export const drawnFrames = (page: Page) => page.evaluate(() => (window as unknown as { canvasBench: { frames: number[] } }).canvasBench.frames.slice());

export const pageNow = (page: Page) => page.evaluate(() => performance.now());
