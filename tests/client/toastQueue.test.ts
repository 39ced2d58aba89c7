import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELAYS } from '../../src/contract';
import { createToastQueue } from '../../src/client/ui/toastQueue';

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a toast after 4 s', () => {
    const queue = createToastQueue(DELAYS.toastMs);
    queue.show('error', 'boom');
    expect(queue.list().map((t) => t.text)).toEqual(['boom']);
    vi.advanceTimersByTime(DELAYS.toastMs - 1);
    expect(queue.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.list()).toHaveLength(0);
  });

  it('notifies subscribers and lets a toast be dismissed early', () => {
    const queue = createToastQueue(DELAYS.toastMs);
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.list().length));
    const id = queue.show('success', 'saved');
    queue.dismiss(id);
    expect(seen).toEqual([1, 0]);
    vi.advanceTimersByTime(DELAYS.toastMs);
    expect(seen).toEqual([1, 0]);
  });

  it('keeps at most three, dropping the oldest', () => {
    const queue = createToastQueue(DELAYS.toastMs);
    for (const text of ['a', 'b', 'c', 'd']) queue.show('info', text);
    expect(queue.list().map((t) => t.text)).toEqual(['b', 'c', 'd']);
  });
});
