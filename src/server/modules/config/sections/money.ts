import { moneyConfig, type MoneyConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { rulesOf, type MoneyRulesSetting } from '../../../settings/money-rules';
import type { ConfigSection, Reader } from '../section';

const CURRENCIES = ['BAHT', 'LAK'];
const KEY = 'money.rules';

/**
 * The money rules of each currency (target: the currency): transfer and withdraw bounds, the
 * auto-pay limit, the amount above which a payout takes two operators (four eyes), the QR bounds
 * and presets. Stored as the `money.rules` setting the wallet and
 * the deposit modal read (settings/money-rules.ts); the currency's step is not the operator's.
 * Every change moves money.
 */
export function moneySection(ctx: AppContext): ConfigSection<MoneyConfig> {
  const stored = async (db: Reader) =>
    ((await db.selectFrom('setting').select('value').where('key', '=', KEY).executeTakeFirst())?.value ?? {}) as MoneyRulesSetting;
  return {
    name: 'money',
    schema: moneyConfig,
    targets: async () => CURRENCIES,
    async read(db, target) {
      if (!CURRENCIES.includes(target)) return null;
      const { transferMin, withdrawMin, withdrawMax, autoPayLimit, secondApprovalAbove, qr } = rulesOf(await stored(db), target);
      return { transferMin, withdrawMin, withdrawMax, autoPayLimit, secondApprovalAbove, qr };
    },
    async write(trx, target, value) {
      // Read in the transaction, so a change to the other currency committed meanwhile is kept.
      const row = await trx.selectFrom('setting').select('value').where('key', '=', KEY).forUpdate().executeTakeFirst();
      const setting = (row?.value ?? {}) as MoneyRulesSetting;
      await ctx.settings.write(trx, KEY, { ...setting, [target]: { ...setting[target], ...value } });
    },
    movesMoney: () => true,
  };
}
