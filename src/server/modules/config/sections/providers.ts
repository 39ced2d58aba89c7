import { providerConfig, type ProviderConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { PROVIDER_CATALOGUE, providerInfo } from '../../../providers/games/catalogue';
import { closedCodes, PROVIDERS_CLOSED_KEY } from '../../../settings/provider-switches';
import type { ConfigSection, Reader } from '../section';

/**
 * A switch per game provider (target: the provider's code). Stored as the `providers.closed`
 * setting (the codes switched off) the wallet reads through the settings' cache on every request
 * (settings/provider-switches.ts): a provider off leaves the lobby and takes no new transfers
 * nor launches; money there stays the member's and can move back to the wallet. A switch moves
 * no money, so it applies at once. Listed for the console, the value also carries, read only,
 * the provider's name, category and how many members hold money there now (`facts`).
 */
export function providersSection(ctx: AppContext): ConfigSection<ProviderConfig> {
  const closed = async (db: Reader, lock = false) => {
    let query = db.selectFrom('setting').select('value').where('key', '=', PROVIDERS_CLOSED_KEY);
    if (lock) query = query.forUpdate();
    return closedCodes((await query.executeTakeFirst())?.value);
  };
  return {
    name: 'providers',
    schema: providerConfig,
    targets: async () => PROVIDER_CATALOGUE.map((p) => p.code),
    async read(db, target) {
      const info = providerInfo(target);
      if (!info) return null;
      // In a change's transaction the value is the switch alone: the change, its audit line and
      // the difference operators read hold what changed, not facts that merely moved meanwhile.
      if (db.isTransaction) return { open: !(await closed(db)).includes(target) };
      const [off, holders] = await Promise.all([
        closed(db),
        db.selectFrom('ledger_account').where('kind', '=', 'game').where('code', '=', target).where('balance', '>', 0n)
          .select((eb) => eb.fn.count<string>('member_id').distinct().as('holders')).executeTakeFirstOrThrow(),
      ]);
      return { open: !off.includes(target), facts: { name: info.name, category: info.category, holders: Number(holders.holders) } };
    },
    // Only the switch is the operator's; the facts are the database's.
    clean: ({ open }) => ({ open }),
    async write(trx, target, { open }) {
      // Read in the transaction, so a switch of another provider committed meanwhile is kept.
      const off = (await closed(trx, true)).filter((code) => code !== target);
      await ctx.settings.write(trx, PROVIDERS_CLOSED_KEY, open ? off : [...off, target].sort());
    },
    movesMoney: () => false,
  };
}
