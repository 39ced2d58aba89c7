import { z } from 'zod';
import { localizedHtml } from './common';
import { perCurrencyAmountOrNone, promotionBanners, wholePercent } from './invite';

export const REFUND_PERIODS = ['day', 'week'] as const;

/**
 * The refund rule (section `refund`, target `rule`): after each period (a day, or a week from
 * Monday, in the operator's time zone) every member gets `percent` of their net loss in games
 * when it reaches the `minimum` of the currency they hold (null: that currency gets no refunds),
 * received as a held bonus (turnover `success` percent, lower bound `fail`) or into the wallet.
 * `info` is the html the refund dialog shows. A change of the figures waits for a second
 * operator; a change of `info` alone applies at once.
 */
export const refundRuleConfig = z.object({
  percent: wholePercent(),
  period: z.enum(REFUND_PERIODS),
  minimum: perCurrencyAmountOrNone,
  success: wholePercent(10_000),
  fail: wholePercent(),
  info: localizedHtml(),
});
export type RefundRuleConfig = z.infer<typeof refundRuleConfig>;

/** The targets of the `refund` section: the rule and the banner carousel members open from the home. */
export const REFUND_TARGETS = ['rule', 'banners'] as const;

/** A value of the `refund` section: the rule (target `rule`) or the banners (target `banners`, applied at once). */
export const refundConfig = z.union([refundRuleConfig, promotionBanners]);
export type RefundConfig = z.infer<typeof refundConfig>;

/** The refund rule's figures; its `info` text alone moves no money and applies at once. */
export const REFUND_MONEY_FIELDS = ['percent', 'period', 'minimum', 'success', 'fail'] as const satisfies readonly (keyof RefundRuleConfig)[];
