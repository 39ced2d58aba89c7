import type { WheelSliceConfig } from '../../../../contract';
import { formatAmount } from '../../../format';

/**
 * The wheel's sums as the console shows them: each slice's chance (its weight over the sum of
 * the weights; the server draws by the same rule) and an operator text with `{amount}` and
 * `{currency}` filled the way the server fills them for a member of that currency.
 */
export function chances(slices: readonly Pick<WheelSliceConfig, 'weight'>[]): number[] {
  const total = slices.reduce((sum, s) => sum + (Number.isFinite(s.weight) ? Math.max(0, s.weight) : 0), 0);
  return slices.map((s) => (total > 0 && Number.isFinite(s.weight) ? (Math.max(0, s.weight) / total) * 100 : 0));
}

/** A chance in percent, as read beside a weight: "12.5 %", "0.79 %", "< 0.01 %". */
export function formatChance(percent: number): string {
  if (percent === 0) return '0 %';
  if (percent < 0.01) return '< 0.01 %';
  const digits = percent < 1 ? 2 : 1;
  return `${Number(percent.toFixed(digits))} %`;
}

export function fillPrize(text: string, amount: number, currencyWord: string): string {
  return text.replaceAll('{currency}', currencyWord).replaceAll('{amount}', formatAmount(amount));
}

/** One slice of an SVG wheel of `count` slices (radius 56 around 60,60), the first at the top. */
export function slicePath(index: number, count: number): { d: string; mid: number } {
  const step = (Math.PI * 2) / Math.max(1, count);
  const a0 = -Math.PI / 2 + index * step;
  const a1 = a0 + step;
  const at = (angle: number) => `${(60 + 56 * Math.cos(angle)).toFixed(2)} ${(60 + 56 * Math.sin(angle)).toFixed(2)}`;
  const large = step > Math.PI ? 1 : 0;
  return { d: `M60 60 L${at(a0)} A56 56 0 ${large} 1 ${at(a1)} Z`, mid: (a0 + a1) / 2 };
}
