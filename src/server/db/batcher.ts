export interface BatcherOptions<I> {
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once; while they run, new items queue for the next batch. */
  maxInFlight: number;
  /** While a batch runs, another starts only once this many items wait (default 1). */
  minConcurrentBatch?: number;
  /**
   * Items with the same key never share a batch (a later one waits for the next). The money
   * batches use the member, so one transaction holds at most one item's locks per member.
   */
  keyOf?: (item: I) => string | number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(reason: unknown): void;
}

/**
 * Runs many small database steps as few transactions ("smart batching"): an item waits only
 * while earlier batches are running, so a lone request goes at once and a busy server commits
 * many requests per round trip. `run` gets the items of a batch and answers one result per
 * item, in order. When a whole batch fails (a fault, not a per-item refusal) each of its
 * items is run again alone, so one bad item fails only itself.
 */
export class Batcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;

  constructor(private readonly run: (items: I[]) => Promise<O[]>, private readonly options: BatcherOptions<I>) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.options.maxInFlight && this.queue.length >= (this.inFlight === 0 ? 1 : this.options.minConcurrentBatch ?? 1)) {
      const batch = this.take();
      this.inFlight++;
      void this.execute(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next batch: queue order, at most one item per key, at most maxBatch items. */
  private take(): Waiting<I, O>[] {
    const { keyOf, maxBatch } = this.options;
    if (!keyOf) return this.queue.splice(0, maxBatch);
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string | number>();
    const rest: Waiting<I, O>[] = [];
    for (const waiting of this.queue) {
      const key = keyOf(waiting.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    this.queue = rest;
    return batch;
  }

  private async execute(batch: Waiting<I, O>[]) {
    try {
      const results = await this.run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map(async (w) => {
        try {
          const [result] = await this.run([w.item]);
          w.resolve(result!);
        } catch (itemError) {
          w.reject(itemError);
        }
      }));
    }
  }
}
