import { z } from 'zod';
import { localizedHtml, perCurrencyAmount } from './common';

/** The wheel's bounds: a wheel of one slice is no draw, and more than 16 can't be read on a phone. */
export const WHEEL_LIMITS = { minSlices: 2, maxSlices: 16, maxWeight: 1_000_000, maxCoins: 100, maxCouponDays: 365 } as const;

/** The configuration section's only target: the wheel members spin now (one is active at a time). */
export const WHEEL_TARGET = 'active';

const text = (max: number) => z.object({
  th: z.string().trim().min(1).max(max),
  la: z.string().trim().min(1).max(max),
  en: z.string().trim().min(1).max(max),
});
const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour as #rgb or #rrggbb');

/**
 * A slice of the wheel. Its code names it for good (spins and coupons refer to it); texts may say
 * `{amount}` and `{currency}`, which the server fills with the prize in the member's currency.
 * The weight is relative (its chance is weight / the sum of the wheel's weights; 0: never drawn)
 * and only operators see it.
 */
export const wheelSliceConfig = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'letters, digits, _ and -'),
  label: text(40),
  bgColor: hexColor,
  textColor: hexColor,
  description: localizedHtml(2_000),
  weight: z.number().int().min(0).max(WHEEL_LIMITS.maxWeight),
  prizeKind: z.enum(['credit', 'nothing']),
  prizeName: text(80),
  /** Decimal major units per currency: what a coupon of this slice pays (0 on a 'nothing' slice). */
  prizeAmount: perCurrencyAmount,
}).refine((s) => s.prizeKind === 'nothing' || (s.prizeAmount.BAHT > 0 && s.prizeAmount.LAK > 0), {
  message: 'a credit slice pays in every currency', path: ['prizeAmount'],
});
export type WheelSliceConfig = z.infer<typeof wheelSliceConfig>;

/**
 * The active spin wheel (target 'active'): its name, the coin rule (a deposit of at least
 * `minDeposit` in its currency earns `coins`, or only the member's first such deposit), how long a
 * won coupon can be claimed, and the slices in the order the wheel shows them. Names, labels,
 * colours, descriptions, prize names and the order apply at once; weights, prizes, the coin rule,
 * the coupon's life and adding or removing a slice wait for a second operator.
 */
export const wheelConfig = z.object({
  name: text(60),
  coinRule: z.object({
    minDeposit: perCurrencyAmount,
    coins: z.number().int().min(0).max(WHEEL_LIMITS.maxCoins),
    firstDepositOnly: z.boolean(),
  }),
  couponValidDays: z.number().int().min(1).max(WHEEL_LIMITS.maxCouponDays),
  slices: z.array(wheelSliceConfig).min(WHEEL_LIMITS.minSlices).max(WHEEL_LIMITS.maxSlices),
})
  .refine((w) => new Set(w.slices.map((s) => s.code)).size === w.slices.length, { message: 'two slices of one code', path: ['slices'] })
  .refine((w) => w.slices.some((s) => s.weight > 0), { message: 'no slice can be drawn', path: ['slices'] });
export type WheelConfig = z.infer<typeof wheelConfig>;

/** What a slice pays and how often it is drawn (a 'nothing' slice pays nothing, whatever amounts it carries). */
const sliceMoney = (s: Pick<WheelSliceConfig, 'weight' | 'prizeKind' | 'prizeAmount'>) =>
  `${s.weight}|${s.prizeKind}|${s.prizeKind === 'credit' ? `${s.prizeAmount.BAHT}|${s.prizeAmount.LAK}` : '0|0'}`;
const coinMoney = (w: Pick<WheelConfig, 'coinRule' | 'couponValidDays'>) =>
  `${w.coinRule.minDeposit.BAHT}|${w.coinRule.minDeposit.LAK}|${w.coinRule.coins}|${w.coinRule.firstDepositOnly}|${w.couponValidDays}`;

/**
 * Whether a change of the wheel moves or can move money, so waits for a second operator: a new
 * wheel, the coin rule or the coupon's life, a slice added or removed, or a slice's weight or
 * prize. Names, labels, colours, descriptions, prize names and the order apply at once. The
 * server decides by this rule; the console tells the operator before they save.
 */
export function wheelChangeMovesMoney(before: WheelConfig | null, after: WheelConfig): boolean {
  if (!before) return true;
  if (coinMoney(before) !== coinMoney(after) || before.slices.length !== after.slices.length) return true;
  return after.slices.some((slice) => {
    const was = before.slices.find((s) => s.code === slice.code);
    return !was || sliceMoney(was) !== sliceMoney(slice);
  });
}
