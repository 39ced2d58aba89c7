import { describe, expect, it } from 'vitest';
import { carouselHarness } from './helpers/carouselHarness';

// Rows of the harness: 100 px pitch, 90 px cards, 300 px wide, the middle slot centred at x = 150.

describe('lobby carousel engine', () => {
  it('starts with the first card in the middle and neighbours from the loop on either side', () => {
    const h = carouselHarness();
    expect(h.engine.current).toBe(0);
    expect(h.engine.slotOf(1)).toBe(1);
    expect(h.engine.slotOf(7)).toBe(-1);
    expect(h.engine.cardAt(150)).toBe(0);
    expect(h.engine.cardAt(250)).toBe(1);
    expect(h.engine.cardAt(50)).toBe(7);
    // The 10 px gap between two cards hits nothing.
    expect(h.engine.cardAt(200)).toBeNull();
  });

  it('follows the finger while dragging', () => {
    const h = carouselHarness();
    h.pointerDown(200);
    h.pointerMove(150);
    expect(h.engine.phase).toBe('dragging');
    expect(h.engine.offset).toBeCloseTo(0.5, 12);
    h.pointerMove(250);
    expect(h.engine.offset).toBeCloseTo(-0.5, 12);
  });

  it('snaps a slow drag to the nearest card', () => {
    const h = carouselHarness();
    // 60 px to the left over 1.2 s and held: 0.6 of a card, no flick.
    h.drag(200, 140, { ms: 1200, steps: 12, holdMs: 200 });
    expect(h.last('target')).toMatchObject({ type: 'target', index: 1 });
    h.settle();
    expect(h.engine.offset).toBe(1);
    expect(h.last('settled')).toMatchObject({ type: 'settled', index: 1 });
    expect(h.events.filter((e) => e.type === 'tap')).toEqual([]);
  });

  it('carries a flick on with inertia, slows it by friction and snaps to a whole card', () => {
    const h = carouselHarness();
    h.drag(250, 50, { ms: 100, steps: 6 });
    expect(h.engine.phase).toBe('coasting');
    const positions: number[] = [];
    for (let i = 0; i < 8; i++) {
      h.advance(16);
      positions.push(h.engine.offset);
    }
    // Still moving forward after the finger left, by less each frame.
    const steps = positions.slice(1).map((p, i) => p - positions[i]);
    expect(steps.every((s) => s > 0)).toBe(true);
    expect(steps.at(-1)!).toBeLessThan(steps[0]);
    h.settle();
    const rest = h.engine.offset;
    expect(Number.isInteger(rest)).toBe(true);
    expect(rest).toBeGreaterThan(2);
    expect(rest).toBeLessThanOrEqual(5);
    expect(h.last('settled')?.index).toBe(rest);
  });

  it('wraps around past the last card in both directions', () => {
    const h = carouselHarness({ count: 4 });
    h.engine.prev();
    h.settle();
    expect(h.engine.current).toBe(3);
    expect(h.engine.slotOf(0)).toBe(1);
    h.engine.next();
    h.engine.next();
    h.settle();
    expect(h.engine.current).toBe(1);
    // The offset stays small however far it goes.
    for (let i = 0; i < 20; i++) h.engine.next();
    h.settle();
    expect(h.engine.offset).toBeGreaterThanOrEqual(0);
    expect(h.engine.offset).toBeLessThan(4);
  });

  it('takes the short way round to reveal a card', () => {
    const h = carouselHarness();
    h.engine.reveal(6);
    h.advance(16);
    // From 0 to 6 of 8 the short way is two cards back.
    expect(h.engine.offset).toBeLessThan(0);
    h.settle();
    expect(h.engine.current).toBe(6);
  });

  it('clamps a row that does not loop, and keeps a short row centred and still', () => {
    const long = carouselHarness({ count: 6, wrap: false });
    expect(long.engine.offset).toBe(1);
    long.pointerDown(100);
    long.pointerMove(290);
    expect(long.engine.offset).toBe(1);
    long.pointerUp(290);
    long.settle();
    expect(long.engine.offset).toBe(1);
    for (let i = 0; i < 9; i++) long.engine.next();
    long.settle();
    expect(long.engine.offset).toBe(4);
    long.engine.reveal(5);
    long.settle();
    expect(long.engine.offset).toBe(4);

    const short = carouselHarness({ count: 2, wrap: false });
    expect(short.engine.offset).toBe(0.5);
    expect(short.engine.cardAt(100)).toBe(0);
    expect(short.engine.cardAt(200)).toBe(1);
    short.drag(200, 20, { ms: 80, steps: 4 });
    short.settle();
    expect(short.engine.offset).toBe(0.5);
  });

  it('reports a short press on a card as a tap on that card', () => {
    const h = carouselHarness();
    h.tap(260);
    expect(h.last('tap')).toEqual({ type: 'tap', index: 1 });
    h.tap(40);
    expect(h.last('tap')).toEqual({ type: 'tap', index: 7 });
    // A long press or a small drag is no tap.
    h.tap(150, 900);
    h.pointerDown(150);
    h.pointerMove(140);
    h.pointerUp(140);
    expect(h.events.filter((e) => e.type === 'tap')).toHaveLength(2);
  });

  it('says when it needs frames: from the press until it rests', () => {
    const h = carouselHarness();
    expect(h.engine.moving).toBe(false);
    h.pointerDown(250);
    expect(h.last('pressed')).toEqual({ type: 'pressed' });
    expect(h.engine.moving).toBe(true);
    // Held still, it still counts as moving: the finger may move on any frame.
    h.advance(500);
    expect(h.engine.moving).toBe(true);
    h.pointerMove(120);
    h.pointerUp(120);
    expect(h.engine.moving).toBe(true);
    h.settle();
    expect(h.engine.moving).toBe(false);
    h.engine.next();
    expect(h.engine.moving).toBe(true);
    h.settle();
    expect(h.engine.moving).toBe(false);
  });

  it('stops a fast-moving carousel on a press instead of opening a card', () => {
    const h = carouselHarness();
    h.drag(280, 20, { ms: 60, steps: 4 });
    h.advance(32);
    expect(h.engine.phase).toBe('coasting');
    h.tap(150);
    expect(h.events.filter((e) => e.type === 'tap')).toEqual([]);
    h.settle();
    expect(Number.isInteger(h.engine.offset)).toBe(true);
  });

  it('moves one card per next and prev, animated by time only', () => {
    const h = carouselHarness();
    h.engine.next();
    expect(h.engine.offset).toBe(0);
    expect(h.last('target')).toMatchObject({ type: 'target', index: 1 });
    h.advance(70);
    expect(h.engine.offset).toBeGreaterThan(0.5);
    expect(h.engine.offset).toBeLessThan(1);
    expect(h.settle()).toBeLessThan(1000);
    expect(h.engine.offset).toBe(1);
  });

  it('jumps straight to the target with reduced motion', () => {
    const h = carouselHarness({ reducedMotion: true });
    h.engine.next();
    expect(h.engine.phase).toBe('idle');
    expect(h.engine.offset).toBe(1);
    expect(h.last('settled')).toMatchObject({ type: 'settled', index: 1 });
    h.drag(250, 50, { ms: 100, steps: 6 });
    expect(h.engine.phase).toBe('idle');
    expect(Number.isInteger(h.engine.offset)).toBe(true);
    expect(h.engine.offset).toBeGreaterThan(2);

    // Turning it on mid-move lands at once.
    const moving = carouselHarness();
    moving.engine.next();
    moving.advance(16);
    moving.engine.setReducedMotion(true);
    expect(moving.engine.phase).toBe('idle');
    expect(moving.engine.offset).toBe(1);
  });

  it('pauses with the ticker: no time, no movement', () => {
    const h = carouselHarness();
    h.engine.next();
    h.advance(30);
    const at = h.engine.offset;
    h.engine.advance(0);
    expect(h.engine.offset).toBe(at);
    expect(h.engine.phase).toBe('snapping');
  });
});
