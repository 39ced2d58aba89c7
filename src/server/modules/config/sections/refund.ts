import { REFUND_MONEY_FIELDS, REFUND_TARGETS, refundConfig, ruleChangeMovesMoney, type RefundConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { refuse } from '../../../errors';
import type { RefundRule } from '../../promotions/refunds';
import type { ConfigSection } from '../section';
import { amountsAsEdited, amountsAsStored, bannersAsEdited, cleanBanners, cleanHtml, localizedAsRead, lockedSetting, storedSetting } from './promotion-banners';

const RULE_KEY = 'refund.rule';
const BANNERS_KEY = 'refund.banners';

/**
 * Refunds (targets `rule` and `banners`): the settings `refund.rule` (minor units per currency,
 * promotions/refunds.ts; its time zone is not the console's and is kept) and `refund.banners`,
 * read by the refund job and the members' refund endpoints on every call. A change of the
 * rule's figures waits for a second operator; its info text and the banners apply at once, html
 * sanitised.
 */
export function refundSection(ctx: AppContext): ConfigSection<RefundConfig> {
  return {
    name: 'refund',
    schema: refundConfig,
    targets: async () => [...REFUND_TARGETS],
    async read(db, target) {
      if (target === 'banners') return bannersAsEdited(await storedSetting(db, BANNERS_KEY));
      if (target !== 'rule') return null;
      const rule = ((await storedSetting(db, RULE_KEY)) ?? {}) as Partial<RefundRule>;
      return {
        percent: rule.percent ?? 0,
        period: rule.period === 'week' ? 'week' : 'day',
        minimum: amountsAsEdited(rule.minimum),
        success: rule.success ?? 0,
        fail: rule.fail ?? 0,
        info: localizedAsRead(rule.info),
      };
    },
    async write(trx, target, value) {
      if (Array.isArray(value)) {
        await ctx.settings.write(trx, BANNERS_KEY, value);
        return;
      }
      const stored = await lockedSetting(trx, RULE_KEY);
      const rule: RefundRule = { ...value, minimum: amountsAsStored(value.minimum) };
      await ctx.settings.write(trx, RULE_KEY, { ...stored, ...rule });
    },
    movesMoney: (before, after) => !Array.isArray(after) && ruleChangeMovesMoney(REFUND_MONEY_FIELDS, Array.isArray(before) ? null : before, after),
    clean: (value) => (Array.isArray(value) ? cleanBanners(value) : { ...value, info: cleanHtml(value.info) }),
    async check(_db, target, value) {
      if ((target === 'banners') !== Array.isArray(value)) refuse('INVALID_INPUT', `not a value of the refund ${target}`);
    },
  };
}
