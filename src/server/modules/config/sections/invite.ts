import { INVITE_MONEY_FIELDS, INVITE_TARGETS, inviteConfig, ruleChangeMovesMoney, type InviteConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { refuse } from '../../../errors';
import type { InviteRule } from '../../promotions/invites';
import type { ConfigSection } from '../section';
import { amountsAsEdited, amountsAsStored, bannersAsEdited, cleanBanners, lockedSetting, storedSetting } from './promotion-banners';

const RULE_KEY = 'invite.rule';
const BANNERS_KEY = 'invite.banners';

/**
 * The invite bonus (targets `rule` and `banners`): the settings `invite.rule` (minor units per
 * currency, promotions/invites.ts) and `invite.banners` the members' invite endpoints read on
 * every request. A rule change waits for a second operator; the banners apply at once, their
 * html sanitised.
 */
export function inviteSection(ctx: AppContext): ConfigSection<InviteConfig> {
  return {
    name: 'invite',
    schema: inviteConfig,
    targets: async () => [...INVITE_TARGETS],
    async read(db, target) {
      if (target === 'banners') return bannersAsEdited(await storedSetting(db, BANNERS_KEY));
      if (target !== 'rule') return null;
      const rule = ((await storedSetting(db, RULE_KEY)) ?? {}) as Partial<InviteRule>;
      return {
        percent: rule.percent ?? 0,
        firstDeposits: rule.firstDeposits ?? 0,
        capPerFriend: amountsAsEdited(rule.capPerFriend),
        success: rule.success ?? 0,
        fail: rule.fail ?? 0,
      };
    },
    async write(trx, target, value) {
      if (Array.isArray(value)) {
        await ctx.settings.write(trx, BANNERS_KEY, value);
        return;
      }
      const stored = await lockedSetting(trx, RULE_KEY);
      const rule: InviteRule = { ...value, capPerFriend: amountsAsStored(value.capPerFriend) };
      await ctx.settings.write(trx, RULE_KEY, { ...stored, ...rule });
    },
    movesMoney: (before, after) => !Array.isArray(after) && ruleChangeMovesMoney(INVITE_MONEY_FIELDS, Array.isArray(before) ? null : before, after),
    clean: (value) => (Array.isArray(value) ? cleanBanners(value) : value),
    async check(_db, target, value) {
      if ((target === 'banners') !== Array.isArray(value)) refuse('INVALID_INPUT', `not a value of the invite ${target}`);
    },
  };
}
