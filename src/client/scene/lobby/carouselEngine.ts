import {
  approach,
  clampOffset,
  coast,
  limitVelocity,
  DEFAULT_TUNING,
  offsetRange,
  releaseVelocity,
  shortestStep,
  slotOf,
  snapTarget,
  wrapIndex,
  type PhysicsTuning,
} from './carouselPhysics';

/**
 * One lobby carousel without a canvas: pointer input, keyboard moves and time go in; the
 * offset (the card in the middle slot) and events come out. The Pixi scene reads `slotOf` each
 * frame and calls `advance(ticker.deltaMS)`; tests drive it through the same verbs.
 *
 *   idle ── pointerDown ──▶ dragging ── pointerUp ──▶ coasting ──(slow enough)──▶ snapping ──▶ idle (settled)
 *     └──── next / prev / reveal ─────────────────────────────────────────────────▶ snapping
 *
 * With reduced motion, every release and move jumps to its card at once.
 */

export type CarouselPhase = 'idle' | 'dragging' | 'coasting' | 'snapping';

export type CarouselEvent =
  /** The carousel chose the card it will rest on (a key, an arrow button, or a release), at `offset`. */
  | { type: 'target'; index: number; offset: number }
  /** It has come to rest with card `index` in the middle slot, at `offset`. */
  | { type: 'settled'; index: number; offset: number }
  /** A short press without movement on card `index`. */
  | { type: 'tap'; index: number }
  /** A finger or the mouse took hold of it: it may move from now on (the canvas starts drawing). */
  | { type: 'pressed' };

export interface CarouselOptions {
  count: number;
  /** Cards in view at rest. */
  visible: number;
  /** Distance between two card centres, px. */
  pitch: number;
  /** Width of one card, px (a tap in the gap between cards hits nothing). */
  cardWidth: number;
  /** Width of the row, px; the middle slot is at its centre. */
  width: number;
  /** Loop around; otherwise the offset is clamped to keep the row full. */
  wrap: boolean;
  reducedMotion?: boolean;
  tuning?: PhysicsTuning;
}

/** A press that moves less than this (px) and is let go within TAP_MS is a tap. */
export const TAP_SLOP_PX = 8;
export const TAP_MS = 600;
/** Pressing a carousel that still moves faster than this (cards/ms) only stops it. */
const STOP_ON_PRESS_VELOCITY = 0.002;

export class CarouselEngine {
  private options: Required<Omit<CarouselOptions, 'tuning'>> & { tuning: PhysicsTuning };
  private _offset: number;
  private velocity = 0;
  private _phase: CarouselPhase = 'idle';
  private target: number | null = null;
  private drag: { startX: number; startOffset: number; startT: number; moved: number; maySelect: boolean } | null = null;
  private samples: { t: number; offset: number }[] = [];
  private listeners = new Set<(event: CarouselEvent) => void>();

  constructor(options: CarouselOptions) {
    this.options = { reducedMotion: false, tuning: DEFAULT_TUNING, ...options };
    const { min } = offsetRange(options.count, options.visible);
    // A looping row starts with its first card in the middle; a clamped one as far left as it goes.
    this._offset = options.wrap ? 0 : min;
  }

  get offset(): number {
    return this._offset;
  }

  get phase(): CarouselPhase {
    return this._phase;
  }

  /** Held, coasting or snapping: its position may change on the next frame. */
  get moving(): boolean {
    return this._phase !== 'idle';
  }

  get count(): number {
    return this.options.count;
  }

  get wraps(): boolean {
    return this.options.wrap;
  }

  /** The card in (or heading for) the middle slot. */
  get current(): number {
    return wrapIndex(Math.round(this.target ?? this._offset), this.options.count);
  }

  /** Where the carousel will rest: the target while moving, else the offset. */
  get restingOffset(): number {
    return this.target ?? this._offset;
  }

  subscribe(listener: (event: CarouselEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** New sizes (the screen turned or resized): the same card stays in the middle. */
  resize(size: Pick<CarouselOptions, 'pitch' | 'cardWidth' | 'width'>) {
    Object.assign(this.options, size);
  }

  setReducedMotion(reduced: boolean) {
    this.options.reducedMotion = reduced;
    if (reduced && this.target !== null) this.finish(this.target);
  }

  /** Position of card `index` relative to the middle slot, in cards (negative is left). */
  slotOf(index: number, offset = this._offset): number {
    return slotOf(index, offset, this.options.count, this.options.wrap);
  }

  /** The card under x (px from the row's left edge), or null for a gap or an empty place. */
  cardAt(x: number): number | null {
    const { pitch, width, cardWidth, count } = this.options;
    if (count === 0) return null;
    const fromMiddle = (x - width / 2) / pitch;
    for (let index = 0; index < count; index++) {
      if (Math.abs(this.slotOf(index) - fromMiddle) <= cardWidth / 2 / pitch) return index;
    }
    return null;
  }

  pointerDown(x: number, t: number) {
    const moving = this._phase !== 'idle' && Math.abs(this.velocity) > STOP_ON_PRESS_VELOCITY;
    this.velocity = 0;
    this.target = null;
    this._phase = 'dragging';
    this.drag = { startX: x, startOffset: this._offset, startT: t, moved: 0, maySelect: !moving };
    this.samples = [{ t, offset: this._offset }];
    this.emit({ type: 'pressed' });
  }

  pointerMove(x: number, t: number) {
    const drag = this.drag;
    if (!drag) return;
    drag.moved = Math.max(drag.moved, Math.abs(x - drag.startX));
    const { pitch, wrap, count, visible } = this.options;
    const raw = drag.startOffset - (x - drag.startX) / pitch;
    this._offset = wrap ? raw : clampOffset(raw, count, visible);
    this.samples.push({ t, offset: this._offset });
    if (this.samples.length > 12) this.samples.shift();
  }

  /** Lets go: a tap selects the card under the pointer; a drag coasts on and snaps. */
  pointerUp(x: number, t: number) {
    const drag = this.drag;
    if (!drag) return;
    this.pointerMove(x, t);
    this.drag = null;
    if (drag.maySelect && drag.moved < TAP_SLOP_PX && t - drag.startT < TAP_MS) {
      const index = this.cardAt(x);
      this.settleWhereItIs();
      if (index !== null) this.emit({ type: 'tap', index });
      return;
    }
    const { count, visible, wrap, tuning } = this.options;
    this.velocity = limitVelocity(releaseVelocity(this.samples, t), tuning);
    // Decided now, so the focus can follow at once; coasting then ends on this very card.
    const target = snapTarget(this._offset, this.velocity, { count, visible, wrap, tuning });
    this.target = target;
    this.emit({ type: 'target', index: wrapIndex(Math.round(target), count), offset: target });
    if (this.options.reducedMotion) return this.finish(target);
    this._phase = 'coasting';
  }

  /** A pointer that went away (pointercancel): rest on the nearest card. */
  pointerCancel() {
    if (!this.drag) return;
    this.drag = null;
    this.settleWhereItIs();
  }

  next() {
    this.step(1);
  }

  prev() {
    this.step(-1);
  }

  /** Brings card `index` into view: to the middle when the row loops, else as near as the range allows. */
  reveal(index: number) {
    const { count, visible, wrap } = this.options;
    if (count === 0) return;
    const from = this.restingOffset;
    const target = wrap ? Math.round(from) + shortestStep(wrapIndex(Math.round(from), count), wrapIndex(index, count), count) : clampOffset(index, count, visible);
    this.moveTo(target);
  }

  /** Runs time forward: coasting slows by friction, then the snap closes in on its card. */
  advance(ms: number) {
    if (ms <= 0) return;
    const { tuning, wrap, count, visible } = this.options;
    if (this._phase === 'coasting') {
      const moved = coast(this._offset, this.velocity, ms, tuning.friction);
      this._offset = moved.offset;
      this.velocity = moved.velocity;
      if (!wrap) {
        const { min, max } = offsetRange(count, visible);
        if (this._offset <= min || this._offset >= max) this.velocity = 0;
        this._offset = clampOffset(this._offset, count, visible);
      }
      if (Math.abs(this.velocity) < tuning.minVelocity) {
        this.target ??= snapTarget(this._offset, this.velocity, { count, visible, wrap, tuning });
        this.velocity = 0;
        this._phase = 'snapping';
      }
      return;
    }
    if (this._phase === 'snapping' && this.target !== null) {
      this._offset = approach(this._offset, this.target, ms, tuning.snapTauMs);
      if (Math.abs(this._offset - this.target) < tuning.snapEpsilon) this.finish(this.target);
    }
  }

  private step(direction: 1 | -1) {
    const { count, visible, wrap } = this.options;
    if (count === 0) return;
    const from = Math.round(this.restingOffset);
    this.moveTo(wrap ? from + direction : clampOffset(from + direction, count, visible));
  }

  private moveTo(target: number) {
    if (this._phase === 'dragging') return;
    this.velocity = 0;
    this.target = target;
    this._phase = 'snapping';
    this.emit({ type: 'target', index: wrapIndex(Math.round(target), this.options.count), offset: target });
    if (this.options.reducedMotion || Math.abs(target - this._offset) < this.options.tuning.snapEpsilon) this.finish(target);
  }

  private settleWhereItIs() {
    const { count, visible, wrap, tuning } = this.options;
    const target = snapTarget(this._offset, 0, { count, visible, wrap, tuning });
    if (this.options.reducedMotion || Math.abs(target - this._offset) < tuning.snapEpsilon) return this.finish(target);
    this.target = target;
    this._phase = 'snapping';
  }

  private finish(target: number) {
    const { count, wrap } = this.options;
    // A looping row keeps its offset near 0..count so it never grows without bound.
    this._offset = wrap ? target - count * Math.floor(target / count) : target;
    this.target = null;
    this.velocity = 0;
    this._phase = 'idle';
    this.emit({ type: 'settled', index: wrapIndex(Math.round(this._offset), count), offset: this._offset });
  }

  private emit(event: CarouselEvent) {
    for (const listener of this.listeners) listener(event);
  }
}
