import { INVITE_TARGETS, inviteConfig, type InviteConfig, type InviteRuleConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { refuse } from '../../../errors';
import type { InviteRule } from '../../promotions/invites';
import { anyChanged, type ConfigSection } from '../section';
import { amountsAsEdited, amountsAsStored, bannersAsEdited, cleanBanners, lockedSetting, storedSetting } from './promotion-banners';

const RULE_KEY = 'invite.rule';
const BANNERS_KEY = 'invite.banners';
/** Every field of the rule decides what referrers are paid. */
const MONEY_FIELDS: readonly (keyof InviteRuleConfig)[] = ['percent', 'firstDeposits', 'capPerFriend', 'success', 'fail'];

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
    movesMoney: (before, after) => !Array.isArray(after) && anyChanged(Array.isArray(before) ? null : before, after, MONEY_FIELDS),
    clean: (value) => (Array.isArray(value) ? cleanBanners(value) : value),
    async check(_db, target, value) {
      if ((target === 'banners') !== Array.isArray(value)) refuse('INVALID_INPUT', `not a value of the invite ${target}`);
    },
  };
}
