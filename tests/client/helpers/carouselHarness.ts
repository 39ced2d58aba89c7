import { CarouselEngine, type CarouselEvent, type CarouselOptions } from '../../../src/client/scene/lobby/carouselEngine';

/** A 60 Hz frame, as the Pixi ticker would deliver it. */
const FRAME = 1000 / 60;

/**
 * Drives a headless lobby carousel the way a finger and the ticker would, on its own clock:
 * `drag(from, to)`, `tap(x)`, `advance(ms)`, `settle()`. Rows default to 8 cards of 90 px on a
 * 100 px pitch in a 300 px row (three in view), looping.
 */
export function carouselHarness(options: Partial<CarouselOptions> = {}) {
  const engine = new CarouselEngine({ count: 8, visible: 3, pitch: 100, cardWidth: 90, width: 300, wrap: true, ...options });
  const events: CarouselEvent[] = [];
  engine.subscribe((event) => events.push(event));
  let now = 0;

  const advance = (ms: number) => {
    let left = ms;
    while (left > 0) {
      const step = Math.min(FRAME, left);
      now += step;
      engine.advance(step);
      left -= step;
    }
  };

  return {
    engine,
    events,
    now: () => now,
    pointerDown: (x: number) => engine.pointerDown(x, now),
    /** Moves the pointer after `ms` (the carousel follows the finger; no ticker time passes). */
    pointerMove: (x: number, ms = FRAME) => {
      now += ms;
      engine.pointerMove(x, now);
    },
    pointerUp: (x: number, ms = 0) => {
      now += ms;
      engine.pointerUp(x, now);
    },
    /** A straight drag from x to x in `ms`, in `steps` moves, let go at the end. */
    drag(from: number, to: number, { ms = 160, steps = 10, holdMs = 0 } = {}) {
      engine.pointerDown(from, now);
      for (let i = 1; i <= steps; i++) {
        now += ms / steps;
        engine.pointerMove(from + ((to - from) * i) / steps, now);
      }
      now += holdMs;
      engine.pointerUp(to, now);
    },
    tap(x: number, ms = 80) {
      engine.pointerDown(x, now);
      now += ms;
      engine.pointerUp(x, now);
    },
    advance,
    /** Runs frames until the carousel rests; returns how long that took (ms). */
    settle(limitMs = 10_000) {
      const start = now;
      while (engine.phase !== 'idle' && now - start < limitMs) advance(FRAME);
      if (engine.phase !== 'idle') throw new Error(`carousel still ${engine.phase} after ${limitMs} ms`);
      return now - start;
    },
    last: <T extends CarouselEvent['type']>(type: T) =>
      events.filter((e): e is Extract<CarouselEvent, { type: T }> => e.type === type).at(-1),
  };
}
