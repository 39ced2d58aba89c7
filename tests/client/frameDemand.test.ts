import { describe, expect, it } from 'vitest';
import { FrameDemand } from '../../src/client/scene/lobby/frameDemand';

/** A fake ticker: counts starts and stops, and runs frames on request like Pixi's (work, then draw). */
function harness() {
  const loop = { running: false, starts: 0, stops: 0, drawn: 0 };
  let moving = false;
  const demand = new FrameDemand({
    start: () => {
      loop.running = true;
      loop.starts += 1;
    },
    stop: () => {
      loop.running = false;
      loop.stops += 1;
    },
  });
  demand.setMoving(() => moving);
  /** Runs up to n frames of the ticker; returns how many were drawn. */
  const frames = (n: number) => {
    let drawn = 0;
    for (let i = 0; i < n && loop.running; i++) {
      demand.frameDone();
      drawn += 1;
    }
    loop.drawn += drawn;
    return drawn;
  };
  return { loop, demand, frames, setMoving: (value: boolean) => (moving = value) };
}

describe('frames on demand (the lobby canvas)', () => {
  it('draws nothing while nothing moves or changes', () => {
    const { loop, frames } = harness();
    expect(frames(600)).toBe(0);
    expect(loop.starts).toBe(0);
  });

  it('draws one frame for a change, then stops', () => {
    const { loop, demand, frames } = harness();
    demand.request();
    expect(loop.running).toBe(true);
    expect(frames(600)).toBe(1);
    expect(loop.running).toBe(false);
    // Many changes before the frame still draw it once.
    demand.request();
    demand.request();
    expect(frames(600)).toBe(1);
    expect(loop.starts).toBe(2);
  });

  it('draws every frame while something moves, and stops on the frame it comes to rest', () => {
    const { loop, demand, frames, setMoving } = harness();
    setMoving(true);
    demand.request();
    expect(frames(120)).toBe(120);
    expect(loop.running).toBe(true);
    setMoving(false);
    expect(frames(120)).toBe(1);
    expect(loop.running).toBe(false);
  });

  it('stops while the page is hidden and draws where the motion stands once it is shown again', () => {
    const { loop, demand, frames, setMoving } = harness();
    setMoving(true);
    demand.request();
    frames(10);
    demand.setPageVisible(false);
    expect(loop.running).toBe(false);
    expect(frames(60)).toBe(0);
    // A change while hidden waits.
    demand.request();
    expect(loop.running).toBe(false);
    demand.setPageVisible(true);
    expect(loop.running).toBe(true);
    setMoving(false);
    expect(frames(60)).toBe(1);
  });

  it('stops while the canvas is off screen, even when asked to draw', () => {
    const { loop, demand, frames } = harness();
    demand.setOnScreen(false);
    demand.request();
    expect(loop.running).toBe(false);
    expect(frames(60)).toBe(0);
    demand.setOnScreen(true);
    expect(frames(60)).toBe(1);
    // Hidden and off screen: both must clear before it draws.
    demand.setOnScreen(false);
    demand.setPageVisible(false);
    demand.setOnScreen(true);
    expect(loop.running).toBe(false);
    demand.setPageVisible(true);
    expect(loop.running).toBe(true);
  });

  it('stops for good when disposed', () => {
    const { loop, demand, setMoving } = harness();
    setMoving(true);
    demand.request();
    demand.dispose();
    expect(loop.running).toBe(false);
    expect(loop.stops).toBe(1);
  });
});
