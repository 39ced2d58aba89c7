import { Worker } from 'node:worker_threads';
import type { QrReading, SlipImageType } from './slip-reader';

/** A reading, or why there is none: over the time budget, or every reader and waiting place taken. */
export type SlipReading = QrReading | { kind: 'too_slow' } | { kind: 'busy' };

export interface SlipReader {
  read(image: Buffer, type: SlipImageType): Promise<SlipReading>;
  /** True when a new slip would find every reader busy and every waiting place taken. */
  readonly full: boolean;
}

export interface SlipReadLimits {
  /** Slips decoded at once on this node (one thread each). */
  threads: number;
  /** Slips that may wait for a thread; beyond, a reading answers `busy`. */
  waiting: number;
  /** How long one slip may take once its thread starts on it; then the thread is ended. */
  budgetMs: number;
}

interface Job {
  image: Buffer;
  type: SlipImageType;
  done: (reading: SlipReading) => void;
}

interface Reader {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

const ENTRY = new URL('./slip-read-worker.ts', import.meta.url).href;
const BOOT = new URL('./slip-read-worker.boot.mjs', import.meta.url);
/** A decoded slip is at most MAX_SLIP_PIXELS x 4 bytes twice over; more is an attack. */
const WORKER_HEAP_MB = 256;

/**
 * Reads slips in worker threads, so decoding and scanning an image (seconds of CPU for a large
 * one) never holds up the event loop that answers every other request. At most `threads` slips
 * are read at once, `waiting` more wait in line, and a slip that takes longer than `budgetMs`
 * has its thread ended (the only way to stop a synchronous scan) and answers `too_slow`.
 */
export class SlipReadPool implements SlipReader {
  private readonly readers: Reader[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly limits: SlipReadLimits) {}

  get full(): boolean {
    return this.readers.length >= this.limits.threads && this.readers.every((r) => r.job) && this.queue.length >= this.limits.waiting;
  }

  read(image: Buffer, type: SlipImageType): Promise<SlipReading> {
    if (this.closed || this.full) return Promise.resolve({ kind: 'busy' });
    return new Promise((done) => {
      this.queue.push({ image, type, done });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.done({ kind: 'busy' });
    await Promise.all(this.readers.splice(0).map((r) => this.end(r, { kind: 'busy' })));
  }

  private dispatch() {
    while (this.queue.length) {
      let reader = this.readers.find((r) => !r.job);
      if (!reader && this.readers.length < this.limits.threads) reader = this.start();
      if (!reader) return;
      this.run(reader, this.queue.shift()!);
    }
  }

  private start(): Reader {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle reader must not keep the process alive.
    worker.unref();
    const reader: Reader = { worker };
    worker.on('message', (reading: QrReading) => this.finish(reader, reading));
    // A thread that dies (out of memory on a hostile image) refuses its slip as too large.
    worker.on('error', () => void this.replace(reader, { kind: 'too_large' }));
    worker.on('exit', () => void this.replace(reader, { kind: 'too_large' }));
    this.readers.push(reader);
    return reader;
  }

  private run(reader: Reader, job: Job) {
    reader.job = job;
    reader.timer = setTimeout(() => void this.replace(reader, { kind: 'too_slow' }), this.limits.budgetMs);
    reader.worker.postMessage({ image: job.image, type: job.type });
  }

  private finish(reader: Reader, reading: SlipReading) {
    const job = reader.job;
    clearTimeout(reader.timer);
    reader.job = undefined;
    job?.done(reading);
    this.dispatch();
  }

  /** Ends a reader (its slip gets `reading`) and lets a fresh one take the next slip. */
  private async replace(reader: Reader, reading: SlipReading) {
    const at = this.readers.indexOf(reader);
    if (at < 0) return;
    this.readers.splice(at, 1);
    await this.end(reader, reading);
    if (!this.closed) this.dispatch();
  }

  private async end(reader: Reader, reading: SlipReading) {
    clearTimeout(reader.timer);
    const job = reader.job;
    reader.job = undefined;
    reader.worker.removeAllListeners('exit');
    job?.done(reading);
    await reader.worker.terminate();
  }
}
