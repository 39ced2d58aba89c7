import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * One tutorial clip in the making: the frames of whichever tab the member is looking at, the
 * moment each caption starts, and the helpers that act at a person's pace with a visible touch.
 *
 * Frames come from Playwright's screencast (`page.screencast`, JPEG frames with their wall-clock
 * time), not from the context's recordVideo: recordVideo encodes with a browser build of ffmpeg
 * that Debian does not ship, and makes one file per tab, where a member who opens a game sees
 * one screen that moves to the game's tab. Here every tab sends frames, the one in front is
 * kept, and Debian's ffmpeg makes the clip (./encode.ts).
 */

export const VIEWPORT = { width: 390, height: 844 } as const;
/**
 * The clips are the screen at one device pixel per CSS pixel: a 2× screen costs four times the
 * drawing and encoding, which on a busy machine slows the canvases' animations in the clip.
 */
export const DEVICE_SCALE = 1;
const CAPTURE = { width: VIEWPORT.width * DEVICE_SCALE, height: VIEWPORT.height * DEVICE_SCALE };

export interface Frame {
  jpeg: Buffer;
  /** Milliseconds since the clip started. */
  at: number;
}

export interface Cue {
  /** The key under `howto.steps.<topic>` in locales/*.json. */
  step: string;
  /** When the step's caption shows, in milliseconds since the clip started. */
  start: number;
  end: number;
}

/** A person's pauses, in milliseconds: reading a caption before acting, and looking at what a tap did. */
export const PACE = { read: 600, look: 800, key: 110 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Clip {
  private readonly frames: Frame[] = [];
  private readonly lastFrameOf = new Map<Page, Buffer>();
  private readonly cues: { step: string; start: number }[] = [];
  private readonly watched = new Set<Page>();
  private front: Page;
  private waitingFor: { page: Page; arrived: () => void } | null = null;
  private started = 0;
  private posterAt: number | null = null;

  constructor(
    private readonly context: BrowserContext,
    page: Page,
  ) {
    this.front = page;
  }

  /** The page the member is looking at now. */
  get page(): Page {
    return this.front;
  }

  /**
   * Starts the clock and the screencast of every tab the context has or opens. A new tab comes
   * to the front when the tutorial says it has drawn (a phone shows the page it came from until
   * then, not the new tab's blank start).
   */
  async start() {
    this.started = Date.now();
    for (const page of this.context.pages()) await this.watch(page);
    this.context.on('page', (page) => void this.watch(page));
  }

  private async watch(page: Page) {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('close', () => {
      this.watched.delete(page);
      this.lastFrameOf.delete(page);
    });
    await this.cast(page);
  }

  private async cast(page: Page) {
    await page.screencast.start({
      size: CAPTURE,
      quality: 90,
      onFrame: ({ data, timestamp }) => {
        this.lastFrameOf.set(page, data);
        if (this.waitingFor?.page === page) this.waitingFor.arrived();
        if (page === this.front && this.started) this.frames.push({ jpeg: data, at: Math.max(0, timestamp - this.started) });
      },
    });
  }

  /**
   * The member turns to another tab. A tab behind may have sent no frame for a while, so its
   * screencast starts again in front and the clip goes on from its first frame.
   */
  async bringToFront(page: Page) {
    await this.watch(page);
    const behind = this.front;
    if (behind === page) return;
    await page.bringToFront();
    await page.screencast.stop().catch(() => undefined);
    const fresh = new Promise<void>((arrived) => (this.waitingFor = { page, arrived }));
    await this.cast(page);
    await Promise.race([fresh, sleep(2000)]);
    this.waitingFor = null;
    this.front = page;
    const last = this.lastFrameOf.get(page);
    if (last) this.frames.push({ jpeg: last, at: this.now() });
    // A tab behind costs the machine its frames for nothing (on two busy cores the game's reels stutter).
    await behind.screencast.stop().catch(() => undefined);
  }

  /** Milliseconds since the clip started. */
  now() {
    return Date.now() - this.started;
  }

  /** The caption for this step of the tutorial starts now (and the one before ends). */
  caption(step: string) {
    this.cues.push({ step, start: this.now() });
  }

  /** The picture shown before the clip plays is this moment's. */
  poster() {
    this.posterAt = this.now();
  }

  async pause(ms: number) {
    await sleep(ms);
  }

  /** A finger on the screen: the touch mark appears, then the tap lands where it is. */
  async tap(target: Locator) {
    await this.bringIntoView(target);
    const box = await target.boundingBox();
    if (!box) throw new Error(`nothing to tap: ${target.toString()}`);
    await this.touchMark(box.x + box.width / 2, box.y + box.height / 2);
    await target.click();
    await sleep(PACE.look);
  }

  /** A tap at a point of the screen, as a finger's touch (the lobby's canvas takes touches, not elements). */
  async tapAt(x: number, y: number) {
    await this.touchMark(x, y);
    const cdp = await this.context.newCDPSession(this.front);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await sleep(80);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await sleep(PACE.look);
  }

  /** Types as a person does, one key at a time, into a field tapped first. */
  async type(field: Locator, text: string) {
    await this.tap(field);
    await field.pressSequentially(text, { delay: PACE.key });
    await sleep(PACE.read);
  }

  /** Scrolls smoothly until the element is in the middle of the screen. */
  async bringIntoView(target: Locator) {
    const moved = await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      // Clear of the fixed header and bottom menu.
      if (box.top >= 72 && box.bottom <= window.innerHeight - 88) return false;
      el.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return true;
    });
    if (moved) await sleep(900);
  }

  /** Scrolls smoothly until the element's top is just under the fixed header. */
  async scrollToTop(target: Locator) {
    await target.evaluate((el) => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 64;
      window.scrollBy({ top: el.getBoundingClientRect().top - header - 12, behavior: 'smooth' });
    });
    await sleep(1000);
  }

  private async touchMark(x: number, y: number) {
    await this.front.evaluate(({ x, y }) => (window as unknown as { howtoTouch(x: number, y: number): void }).howtoTouch(x, y), { x, y });
    await sleep(300);
  }

  /** Stops every screencast; the last picture is held to the end. */
  async stop(): Promise<{ frames: Frame[]; cues: Cue[]; seconds: number; posterAt: number }> {
    const end = this.now();
    const last = this.lastFrameOf.get(this.front);
    for (const page of this.watched) await page.screencast.stop().catch(() => undefined);
    if (last) this.frames.push({ jpeg: last, at: end });
    const frames = this.frames.filter((f) => f.at <= end).sort((a, b) => a.at - b.at);
    if (frames.length === 0) throw new Error('the screencast sent no frame');
    frames[0] = { ...frames[0], at: 0 };
    // The first caption is there from the first frame.
    const cues = this.cues.map((cue, i) => ({ step: cue.step, start: i === 0 ? 0 : cue.start, end: this.cues[i + 1]?.start ?? end }));
    return { frames, cues, seconds: end / 1000, posterAt: this.posterAt ?? end / 2 };
  }
}

/**
 * The touch mark, added to every page of the recording context before its own scripts: a ring
 * where the finger lands. It is a popover so that it shows above a modal dialog (the top layer).
 */
export const TOUCH_MARK_SCRIPT = `
window.howtoTouch = (x, y) => {
  const mark = document.createElement('div');
  mark.setAttribute('popover', 'manual');
  mark.setAttribute('aria-hidden', 'true');
  mark.style.cssText = [
    'position:fixed', 'inset:auto', 'margin:0', 'padding:0', 'overflow:visible',
    'left:' + (x - 24) + 'px', 'top:' + (y - 24) + 'px', 'width:48px', 'height:48px', 'box-sizing:border-box',
    'border-radius:50%', 'border:3px solid rgba(255,255,255,0.95)', 'background:rgba(255,205,80,0.5)',
    'box-shadow:0 0 0 2px rgba(0,0,0,0.45), 0 0 18px rgba(255,205,80,0.8)', 'pointer-events:none',
  ].join(';');
  document.body.append(mark);
  mark.showPopover();
  mark.animate(
    [{ transform: 'scale(1.5)', opacity: 0 }, { transform: 'scale(1)', opacity: 1, offset: 0.25 }, { transform: 'scale(0.85)', opacity: 1, offset: 0.55 }, { transform: 'scale(1.3)', opacity: 0 }],
    { duration: 1300, easing: 'ease-out' },
  ).finished.then(() => mark.remove(), () => mark.remove());
};
`;

/** A fresh directory for one clip's frames. */
export const framesDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'howto-frames-'));

export const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`))));
  });
