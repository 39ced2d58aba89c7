/**
 * Draw on demand: the lobby's canvas draws frames only while something moves (a drag, a
 * coasting or snapping carousel) or just changed (art, fonts, sizes), and never while the page
 * is hidden or the canvas is scrolled out of view. A phone then spends no battery on a lobby at
 * rest, and the rest of the page (a dialog opening over it) gets the main thread.
 *
 * No Pixi here: the loop is two callbacks (the app's ticker start and stop), so tests drive it
 * with a fake loop. The frame's own work calls `frameDone()`; when nothing is left to move, the
 * loop stops after that frame is drawn.
 */
export interface FrameLoop {
  start(): void;
  stop(): void;
}

export class FrameDemand {
  private pageVisible = true;
  private onScreen = true;
  private running = false;
  /** A change waits to be drawn. */
  private pending = false;

  private moving: () => boolean = () => false;

  constructor(private readonly loop: FrameLoop) {}

  /** How to tell whether anything is in motion now; asked after every frame. */
  setMoving(moving: () => boolean) {
    this.moving = moving;
  }

  /** Whether frames are being drawn now. */
  get drawing(): boolean {
    return this.running;
  }

  /** Something changed or started to move: draw from the next frame on, as long as it moves. */
  request() {
    this.pending = true;
    this.update();
  }

  /** The page was hidden or shown again (visibilitychange). */
  setPageVisible(visible: boolean) {
    this.pageVisible = visible;
    // What changed while hidden (or where a motion stands) is drawn once it can be seen.
    if (visible) this.pending = true;
    this.update();
  }

  /** The canvas left or entered the viewport (IntersectionObserver). */
  setOnScreen(onScreen: boolean) {
    this.onScreen = onScreen;
    if (onScreen) this.pending = true;
    this.update();
  }

  /** Called by each frame after it moved everything, before it is drawn. */
  frameDone() {
    this.pending = false;
    if (!this.moving()) this.halt();
  }

  /** The canvas is going away. */
  dispose() {
    this.halt();
  }

  private update() {
    const seen = this.pageVisible && this.onScreen;
    if (!seen) return this.halt();
    if (!this.running && (this.pending || this.moving())) {
      this.running = true;
      this.loop.start();
    }
  }

  private halt() {
    if (!this.running) return;
    this.running = false;
    this.loop.stop();
  }
}
