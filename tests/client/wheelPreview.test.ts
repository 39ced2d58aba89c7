import { describe, expect, it } from 'vitest';
import { chances, fillPrize, formatChance, slicePath } from '../../src/client/admin/config/sections/wheelPreview';

describe("the wheel section's sums", () => {
  it('gives each slice its weight over the sum of the weights, 0 for a slice never drawn', () => {
    expect(chances([{ weight: 1 }, { weight: 3 }, { weight: 0 }])).toEqual([25, 75, 0]);
    expect(chances([{ weight: 0 }, { weight: 0 }])).toEqual([0, 0]);
    const seed = [16, 14, 14, 10, 14, 6, 15, 14, 3, 12, 14, 1].map((weight) => ({ weight }));
    expect(chances(seed).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });

  it('writes chances readably', () => {
    expect(formatChance(25)).toBe('25 %');
    expect(formatChance(100 / 133)).toBe('0.75 %');
    expect(formatChance(12.0301)).toBe('12 %');
    expect(formatChance(0.001)).toBe('< 0.01 %');
    expect(formatChance(0)).toBe('0 %');
  });

  it("fills a slice's text as the server does for a member", () => {
    expect(fillPrize('{amount} {currency}', 3000, 'ກີບ')).toBe('3,000.00 ກີບ');
    expect(fillPrize('Try again', 0, 'baht')).toBe('Try again');
  });

  it('draws slices that close the circle', () => {
    expect(slicePath(0, 4).d).toBe('M60 60 L60.00 4.00 A56 56 0 0 1 116.00 60.00 Z');
    expect(slicePath(3, 4).d.endsWith('60.00 4.00 Z')).toBe(true);
  });
});
