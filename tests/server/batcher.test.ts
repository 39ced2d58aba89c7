import { describe, expect, it } from 'vitest';
import { Batcher } from '../../src/server/db/batcher';

/** A run function the test finishes by hand, recording every batch it was given. */
function manualRun<I>() {
  const batches: I[][] = [];
  const pending: { items: I[]; finish: (results?: unknown[]) => void; fail: (error: Error) => void }[] = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<unknown[]>((resolve, reject) => {
      pending.push({ items, finish: (results) => resolve(results ?? items.map((i) => `done ${String(i)}`)), fail: reject });
    });
  };
  return { run, batches, pending };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends a lone item at once, and gathers the items that arrive meanwhile into the next batch', async () => {
    const m = manualRun<number>();
    const batcher = new Batcher<number, unknown>(m.run, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    expect(m.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((i) => batcher.submit(i));
    expect(m.batches).toHaveLength(1);
    m.pending[0]!.finish();
    expect(await first).toBe('done 1');
    await tick();
    expect(m.batches).toEqual([[1], [2, 3, 4]]);
    m.pending[1]!.finish();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('keeps batches within maxBatch and runs up to maxInFlight at once', async () => {
    const m = manualRun<number>();
    const batcher = new Batcher<number, unknown>(m.run, { maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => batcher.submit(i));
    expect(m.batches).toEqual([[1], [2]]);
    m.pending[0]!.finish();
    await tick();
    expect(m.batches).toEqual([[1], [2], [3, 4]]);
    m.pending[1]!.finish();
    await tick();
    expect(m.batches).toEqual([[1], [2], [3, 4], [5]]);
    m.pending[2]!.finish();
    m.pending[3]!.finish();
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it('never puts two items with the same key in one batch', async () => {
    const m = manualRun<{ member: number; n: number }>();
    const batcher = new Batcher<{ member: number; n: number }, unknown>(m.run, { maxBatch: 10, maxInFlight: 1, keyOf: (i) => i.member });
    const items = [{ member: 1, n: 0 }, { member: 1, n: 1 }, { member: 2, n: 2 }, { member: 1, n: 3 }, { member: 3, n: 4 }];
    const all = items.map((i) => batcher.submit(i));
    m.pending[0]!.finish();
    await tick();
    expect(m.batches[1]!.map((i) => i.n)).toEqual([1, 2, 4]);
    m.pending[1]!.finish();
    await tick();
    expect(m.batches[2]!.map((i) => i.n)).toEqual([3]);
    m.pending[2]!.finish();
    await Promise.all(all);
  });

  it('runs each item of a failed batch alone, so one bad item fails only itself', async () => {
    const seen: number[][] = [];
    const batcher = new Batcher<number, string>(async (items) => {
      seen.push(items);
      if (items.includes(13)) throw new Error('bad item 13');
      return items.map((i) => `ok ${i}`);
    }, { maxBatch: 10, maxInFlight: 1 });
    const blocker = batcher.submit(0);
    const results = [12, 13, 14].map((i) => batcher.submit(i).catch((error: Error) => error.message));
    await blocker;
    expect(await Promise.all(results)).toEqual(['ok 12', 'bad item 13', 'ok 14']);
    expect(seen).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });

  it('treats an answer with a result missing as a failed batch', async () => {
    const seen: number[][] = [];
    const batcher = new Batcher<number, string>(async (items) => {
      seen.push(items);
      return items.length > 1 ? ['only one'] : [`ok ${items[0]}`];
    }, { maxBatch: 10, maxInFlight: 1 });
    const blocker = batcher.submit(0);
    const results = [1, 2].map((i) => batcher.submit(i));
    await blocker;
    expect(await Promise.all(results)).toEqual(['ok 1', 'ok 2']);
    expect(seen).toEqual([[0], [1, 2], [1], [2]]);
  });

  it('starts a second batch while one runs only once minConcurrentBatch items wait', async () => {
    const m = manualRun<number>();
    const batcher = new Batcher<number, unknown>(m.run, { maxBatch: 10, maxInFlight: 2, minConcurrentBatch: 3 });
    const all = [batcher.submit(1), batcher.submit(2), batcher.submit(3)];
    expect(m.batches).toEqual([[1]]);
    all.push(batcher.submit(4));
    expect(m.batches).toEqual([[1], [2, 3, 4]]);
    m.pending[0]!.finish();
    m.pending[1]!.finish();
    expect(await Promise.all(all)).toHaveLength(4);
  });
});
