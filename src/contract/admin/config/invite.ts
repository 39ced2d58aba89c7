import { z } from 'zod';
import { amountInput } from '../../money';
import { bannerValue, canonicalJson } from './common';

/**
 * An amount per member currency, decimal major units; null: members who hold that currency get
 * none (no invite earnings, no refunds), never another currency's figure.
 */
export const perCurrencyAmountOrNone = z.object({ BAHT: amountInput.nullable(), LAK: amountInput.nullable() });
export type PerCurrencyAmountOrNoneValue = z.infer<typeof perCurrencyAmountOrNone>;

/** Whole percents (the engine multiplies minor units by them). */
export const wholePercent = (max = 100) => z.number().int().min(0).max(max);

/** A promotion's banner carousel (invite, refund): at most 12, each an image and its html in th, la and en. */
export const promotionBanners = z.array(bannerValue).max(12);
export type PromotionBannersValue = z.infer<typeof promotionBanners>;

/**
 * The invite rule (section `invite`, target `rule`): a referrer earns `percent` of each of a
 * friend's first `firstDeposits` deposits once the friend has played it, at most `capPerFriend`
 * per friend in the referrer's currency; a claim with `success` above 0 becomes a held bonus
 * with that turnover percent and the lower bound `fail`. `percent` 0 switches invites off.
 * Every change of it waits for a second operator.
 */
export const inviteRuleConfig = z.object({
  percent: wholePercent(),
  firstDeposits: z.number().int().min(0).max(100),
  capPerFriend: perCurrencyAmountOrNone,
  success: wholePercent(10_000),
  fail: wholePercent(),
});
export type InviteRuleConfig = z.infer<typeof inviteRuleConfig>;

/** The targets of the `invite` section: the rule and the banner carousel members open from the home. */
export const INVITE_TARGETS = ['rule', 'banners'] as const;

/**
 * A value of the `invite` section: the rule (target `rule`) or the banners (target `banners`,
 * html may name `{capPerFriend}` and `{currency}`, filled in each member's currency). Banner
 * changes apply at once; rule changes wait for a second operator.
 */
export const inviteConfig = z.union([inviteRuleConfig, promotionBanners]);
export type InviteConfig = z.infer<typeof inviteConfig>;

/** The invite rule's fields: every change to it moves money (waits for a second operator). */
export const INVITE_MONEY_FIELDS = ['percent', 'firstDeposits', 'capPerFriend', 'success', 'fail'] as const satisfies readonly (keyof InviteRuleConfig)[];

/** Whether a rule change waits for a second operator: a new rule or any of its figures changed. */
export const ruleChangeMovesMoney = <T extends object>(fields: readonly (keyof T)[], before: T | null, after: T): boolean =>
  before === null || fields.some((k) => canonicalJson(before[k]) !== canonicalJson(after[k]));
