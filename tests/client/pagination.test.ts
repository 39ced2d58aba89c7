import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from '../../src/client/statement/pagination';

describe('pageCount', () => {
  it('fills pages of the given size, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });
});

describe('pageRange (3 before, 1 after)', () => {
  it.each([
    [1, 1, [1]],
    [1, 10, [1, 2]],
    [2, 10, [1, 2, 3]],
    [4, 10, [1, 2, 3, 4, 5]],
    [5, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [7, 8, 9, 10]],
    [3, 3, [1, 2, 3]],
  ])('page %i of %i shows %j', (current, pages, expected) => {
    expect(pageRange(current, pages)).toEqual(expected);
  });

  it('keeps a page outside the range inside it', () => {
    expect(pageRange(0, 10)).toEqual([1, 2]);
    expect(pageRange(14, 10)).toEqual([7, 8, 9, 10]);
    expect(pageRange(1, 0)).toEqual([1]);
  });

  it('takes another range', () => {
    expect(pageRange(5, 10, { before: 1, after: 2 })).toEqual([4, 5, 6, 7]);
  });
});
