import { Application, Container, Graphics, Text } from 'pixi.js';
import 'pixi.js/unsafe-eval';
import { CARD_FONT_FAMILY } from '../lobby/cardArt';
import { drawAt, MotionResolution } from '../motionResolution';
import { angleAt, edgesPassed, planSpin, sliceAngle, velocityAt, type SpinPlan } from './wheelPhysics';

export interface SceneSlice {
  label: string;
  bgColor: string;
  textColor: string;
}

export interface SpinReport {
  /** Frames drawn during the spin and its length, for the frame-rate figure. */
  frames: number;
  ms: number;
  rotation: number;
}

/**
 * The wheel on a Pixi canvas, without React: slices with their colours and labels, a rim and
 * the pointer. It draws one frame when something changes and runs its ticker only while
 * the wheel turns, so a wheel at rest costs nothing. `spinTo` animates with the pure physics
 * of `wheelPhysics.ts`; each slice edge passing the pointer calls `onEdge` with the speed. A
 * device too slow to turn it at full resolution draws the turning frames at 1×
 * (`MotionResolution`); the wheel at rest is sharp again.
 */
export class WheelScene {
  private readonly app = new Application();
  private readonly wheel = new Container();
  private readonly pointer = new Graphics();
  private slices: SceneSlice[] = [];
  private size = 0;
  private plan: SpinPlan | null = null;
  private started = 0;
  private frames = 0;
  private done: ((report: SpinReport) => void) | null = null;
  private ready = false;
  /** The canvas's resolution at rest (its labels are drawn at it), and what moving frames draw at. */
  private readonly resolution = new MotionResolution(Math.min(window.devicePixelRatio || 1, 2));

  constructor(private readonly onEdge: (speed: number) => void) {}

  async init(host: HTMLElement, size: number) {
    await this.app.init({
      width: size,
      height: size,
      backgroundAlpha: 0,
      antialias: true,
      autoStart: false,
      resolution: this.resolution.rest,
      autoDensity: true,
    });
    // The page's DOM (the centre button, the live result) is the accessible layer.
    (this.app.renderer as { accessibility?: { destroy(): void } }).accessibility?.destroy();
    this.app.canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(this.app.canvas);
    this.app.stage.addChild(this.wheel, this.pointer);
    this.app.ticker.add(() => this.step());
    this.ready = true;
    this.layout(size);
  }

  get rotation() {
    return this.wheel.rotation;
  }

  setSlices(slices: SceneSlice[]) {
    this.slices = slices;
    this.draw();
  }

  layout(size: number) {
    this.size = size;
    if (!this.ready) return;
    this.app.renderer.resize(size, size);
    this.draw();
  }

  /** Redraws everything once (new slices, size or fonts). */
  draw() {
    if (!this.ready || this.size === 0) return;
    const size = this.size;
    const radius = size / 2 - 6;
    this.wheel.removeChildren().forEach((child) => child.destroy());
    this.wheel.position.set(size / 2, size / 2);
    const n = this.slices.length;
    if (n > 0) {
      const s = sliceAngle(n);
      // Slice i spans [i·s, (i+1)·s) clockwise from the top (the pointer at rotation 0).
      const start = -Math.PI / 2;
      const faces = new Graphics();
      this.slices.forEach((slice, i) => {
        faces.moveTo(0, 0).arc(0, 0, radius, start + i * s, start + (i + 1) * s).lineTo(0, 0).fill({ color: slice.bgColor });
      });
      faces.circle(0, 0, radius).stroke({ color: 0xf5c451, width: 5 });
      for (let i = 0; i < n; i++) {
        const a = start + i * s;
        faces.moveTo(0, 0).lineTo(Math.cos(a) * radius, Math.sin(a) * radius).stroke({ color: 0xffffff, width: 1.5, alpha: 0.5 });
      }
      this.wheel.addChild(faces);
      this.slices.forEach((slice, i) => {
        const mid = start + (i + 0.5) * s;
        const label = new Text({
          text: slice.label,
          style: { fontFamily: CARD_FONT_FAMILY, fontSize: Math.max(11, Math.round(size / 24)), fontWeight: '700', fill: slice.textColor },
          resolution: this.resolution.rest,
        });
        label.anchor.set(1, 0.5);
        label.position.set(Math.cos(mid) * radius * 0.9, Math.sin(mid) * radius * 0.9);
        label.rotation = mid;
        const room = radius * 0.58;
        if (label.width > room) label.scale.set(room / label.width);
        this.wheel.addChild(label);
      });
      // Studs on the rim, like a real wheel's pins.
      const studs = new Graphics();
      for (let i = 0; i < n; i++) {
        const a = start + i * s;
        studs.circle(Math.cos(a) * (radius - 2), Math.sin(a) * (radius - 2), 3.5).fill({ color: 0xfff4c2 });
      }
      this.wheel.addChild(studs);
    }
    this.pointer.clear();
    const tip = size * 0.09;
    this.pointer
      .moveTo(size / 2 - tip * 0.55, 0)
      .lineTo(size / 2 + tip * 0.55, 0)
      .lineTo(size / 2, tip * 1.3)
      .closePath()
      .fill({ color: 0xf5c451 })
      .stroke({ color: 0x3b2a00, width: 2 });
    this.app.render();
  }

  /** Sets the wheel's rotation without animation (reduced motion, or a restore). */
  rest(rotation: number) {
    this.plan = null;
    this.wheel.rotation = rotation;
    if (this.ready) this.app.render();
  }

  /** Spins to slice `target`; resolves when the wheel is at rest on it. */
  spinTo(target: number, random: () => number = Math.random): Promise<SpinReport> {
    this.plan = planSpin(this.wheel.rotation, target, this.slices.length, { random });
    this.started = performance.now();
    this.frames = 0;
    return new Promise((resolve) => {
      this.done = resolve;
      this.app.start();
    });
  }

  private step() {
    const plan = this.plan;
    if (!plan) return;
    const t = (performance.now() - this.started) / 1000;
    const before = this.wheel.rotation;
    const after = angleAt(plan, t);
    const edges = edgesPassed(before, after, this.slices.length);
    if (edges > 0) this.onEdge(velocityAt(plan, t));
    this.wheel.rotation = after;
    this.frames += 1;
    drawAt(this.app.renderer, this.resolution.frame(true, this.app.ticker.deltaMS));
    if (t >= plan.duration) {
      this.plan = null;
      // Let this frame render, then stop drawing: the wheel is at rest, drawn sharp once more.
      queueMicrotask(() => {
        this.app.stop();
        drawAt(this.app.renderer, this.resolution.rest);
        this.app.render();
        const report = { frames: this.frames, ms: performance.now() - this.started, rotation: this.wheel.rotation };
        this.done?.(report);
        this.done = null;
      });
    }
  }

  destroy() {
    this.plan = null;
    this.done = null;
    this.ready = false;
    this.app.destroy(true, { children: true });
  }
}
