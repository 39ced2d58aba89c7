import { Application, CanvasSource, Container, Sprite, Texture } from 'pixi.js';
import 'pixi.js/unsafe-eval';
import { FrameDemand } from '../lobby/frameDemand';
import { watchSight } from '../lobby/useFrameDemand';
import { drawAt, MotionResolution } from '../motionResolution';
import { drawFace, drawLabel, drawPointer, faceRadius, labelFontPx } from './wheelArt';
import { angleAt, edgesPassed, labelPose, planSpin, sliceMiddle, velocityAt, type SpinPlan } from './wheelPhysics';

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

const textureOf = (canvas: HTMLCanvasElement, resolution: number) => new Texture({ source: new CanvasSource({ resource: canvas, resolution }) });

/** Gives `sprite` a new texture of its own and frees the one it had (never Pixi's shared empty texture). */
function replaceTexture(sprite: Sprite, texture: Texture) {
  const old = sprite.texture;
  sprite.texture = texture;
  if (old !== Texture.EMPTY) old.destroy(true);
}

/**
 * The wheel on a Pixi canvas, without React: a face, one label per slice and the pointer, each
 * a texture drawn once (`wheelArt.ts`), so a turning frame moves a few quads. Frames are drawn
 * on demand, as in the lobby (`FrameDemand`): the ticker runs only while the wheel turns and the
 * canvas can be seen; a change (slices, size, fonts) draws one frame. `spinTo` animates with the
 * pure physics of `wheelPhysics.ts`; each slice edge passing the pointer calls `onEdge` with the
 * speed. A device too slow to turn it at full resolution draws the turning frames at 1×
 * (`MotionResolution`); the wheel at rest is sharp again. Labels on the left half are turned
 * to read upright (`labelPose`), as the wheel turns.
 */
export class WheelScene {
  private readonly app = new Application();
  private readonly wheel = new Container();
  private readonly face = new Sprite();
  private readonly labels = new Container();
  private readonly pointer = new Sprite();
  private slices: SceneSlice[] = [];
  private fontsVersion = 0;
  /** Label textures by text, colour, size, resolution and fonts: a resize or a font arriving makes new ones, nothing else does. */
  private readonly labelTextures = new Map<string, Texture>();
  private size = 0;
  private plan: SpinPlan | null = null;
  private started = 0;
  private frames = 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private done: ((report: SpinReport) => void) | null = null;
  private ready = false;
  private unwatch: () => void = () => undefined;
  /** The canvas's resolution at rest (its textures are drawn at it), and what turning frames draw at. */
  private readonly resolution = new MotionResolution(Math.min(window.devicePixelRatio || 1, 2));
  private readonly demand = new FrameDemand({
    start: () => this.app.ticker.start(),
    stop: () => (this.app.ticker as Application['ticker'] | null)?.stop(),
  });

  constructor(private readonly onEdge: (speed: number) => void) {
    this.demand.setMoving(() => this.plan !== null);
  }

  async init(host: HTMLElement, size: number) {
    await this.app.init({
      width: size,
      height: size,
      backgroundAlpha: 0,
      // The textures' edges are smoothed by the 2D canvas that drew them.
      antialias: false,
      autoStart: false,
      resolution: this.resolution.rest,
      autoDensity: true,
    });
    // The page's DOM (the centre button, the live result) is the accessible layer.
    (this.app.renderer as { accessibility?: { destroy(): void } }).accessibility?.destroy();
    this.app.canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(this.app.canvas);
    this.face.anchor.set(0.5);
    this.pointer.anchor.set(0.5, 0);
    this.wheel.addChild(this.face, this.labels);
    this.app.stage.addChild(this.wheel, this.pointer);
    this.app.ticker.add(() => this.step());
    this.unwatch = watchSight(this.app.canvas, this.demand);
    this.ready = true;
    this.layout(size);
  }

  get rotation() {
    return this.wheel.rotation;
  }

  /** New slices, or the same slices once their fonts have arrived (`fontsVersion` grew). */
  setSlices(slices: SceneSlice[], fontsVersion = this.fontsVersion) {
    this.slices = slices;
    this.fontsVersion = fontsVersion;
    this.draw();
  }

  layout(size: number) {
    this.size = size;
    if (!this.ready) return;
    this.app.renderer.resize(size, size);
    this.draw();
  }

  /** Makes the face, labels and pointer for the current slices and size, and draws one frame. */
  private draw() {
    if (!this.ready || this.size === 0) return;
    const size = this.size;
    const rest = this.resolution.rest;
    this.wheel.position.set(size / 2, size / 2);
    replaceTexture(this.face, textureOf(drawFace(this.slices, size, rest), rest));
    replaceTexture(this.pointer, textureOf(drawPointer(size, rest), rest));
    this.pointer.position.set(size / 2, 0);

    this.labels.removeChildren().forEach((label) => label.destroy());
    const radius = faceRadius(size);
    const fontPx = labelFontPx(size);
    const used = new Set<string>();
    this.slices.forEach((slice, i) => {
      const key = [slice.label, slice.textColor, fontPx, rest, this.fontsVersion].join('\u0000');
      used.add(key);
      let texture = this.labelTextures.get(key);
      if (!texture) {
        texture = textureOf(drawLabel(slice.label, slice.textColor, fontPx, rest), rest);
        this.labelTextures.set(key, texture);
      }
      const label = new Sprite(texture);
      const middle = sliceMiddle(i, this.slices.length);
      label.position.set(Math.cos(middle) * radius * 0.9, Math.sin(middle) * radius * 0.9);
      const room = radius * 0.58;
      if (label.width > room) label.scale.set(room / label.width);
      this.labels.addChild(label);
    });
    for (const [key, texture] of this.labelTextures) {
      if (used.has(key)) continue;
      texture.destroy(true);
      this.labelTextures.delete(key);
    }
    this.orientLabels();
    this.demand.request();
  }

  /** Turns each label to read upright where it now stands on the screen. */
  private orientLabels() {
    const n = this.labels.children.length;
    this.labels.children.forEach((child, i) => {
      const label = child as Sprite;
      const pose = labelPose(i, n, this.wheel.rotation);
      label.rotation = pose.angle;
      label.anchor.set(pose.fromRim ? 0 : 1, 0.5);
    });
  }

  /** Sets the wheel's rotation without animation (reduced motion, or a restore). */
  rest(rotation: number) {
    this.plan = null;
    this.wheel.rotation = rotation;
    this.orientLabels();
    if (this.ready) this.demand.request();
  }

  /** Spins to slice `target`; resolves when the wheel is at rest on it. */
  spinTo(target: number, random: () => number = Math.random): Promise<SpinReport> {
    const plan = planSpin(this.wheel.rotation, target, this.slices.length, { random });
    this.plan = plan;
    this.started = performance.now();
    this.frames = 0;
    // Frames stop while the canvas cannot be seen; the spin still ends on time (the prize dialog opens).
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      if (this.plan === plan) this.settle();
    }, plan.duration * 1000 + 250);
    return new Promise((resolve) => {
      this.done = resolve;
      this.demand.request();
    });
  }

  private step() {
    const plan = this.plan;
    if (plan) {
      const t = (performance.now() - this.started) / 1000;
      const before = this.wheel.rotation;
      const after = angleAt(plan, t);
      if (edgesPassed(before, after, this.slices.length) > 0) this.onEdge(velocityAt(plan, t));
      this.wheel.rotation = after;
      this.orientLabels();
      this.frames += 1;
      if (t >= plan.duration) this.settle();
      else drawAt(this.app.renderer, this.resolution.frame(true, this.app.ticker.deltaMS));
    }
    // The ticker stops after this frame is drawn when nothing turns any more.
    this.demand.frameDone();
  }

  /** The wheel comes to rest on its target: this frame is drawn sharp, and the spin reports. */
  private settle() {
    const plan = this.plan;
    if (!plan) return;
    this.plan = null;
    clearTimeout(this.settleTimer);
    this.wheel.rotation = plan.to;
    this.orientLabels();
    drawAt(this.app.renderer, this.resolution.rest);
    this.demand.request();
    const report = { frames: this.frames, ms: performance.now() - this.started, rotation: this.wheel.rotation };
    // Resolved in a microtask: after this frame is drawn when a frame is running.
    this.done?.(report);
    this.done = null;
  }

  destroy() {
    clearTimeout(this.settleTimer);
    this.plan = null;
    this.done = null;
    this.ready = false;
    this.unwatch();
    this.demand.dispose();
    // The textures go while the renderer that holds them is still there.
    this.labels.removeChildren().forEach((label) => label.destroy());
    for (const texture of this.labelTextures.values()) texture.destroy(true);
    this.labelTextures.clear();
    replaceTexture(this.face, Texture.EMPTY);
    replaceTexture(this.pointer, Texture.EMPTY);
    this.app.destroy(true, { children: true });
  }
}
