import { banksConfig, siteConfig, sourcesConfig, type BanksConfig, type SiteConfig, type SourcesConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import { defaultFallback } from '../../../content/content-languages';
import { refuse } from '../../../errors';
import type { ConfigSection, Reader } from '../section';

const COUNTRIES = ['TH', 'LA'] as const;
type Country = (typeof COUNTRIES)[number];
const isCountry = (target: string): target is Country => (COUNTRIES as readonly string[]).includes(target);

type Partial3 = Partial<Record<'th' | 'la' | 'en', string>>;

/** A stored text as the console edits it: all three languages, a missing one empty (members then get the fallback). */
const inThree = (text: Partial3 | string | undefined, writtenIn: 'th' | 'la'): { th: string; la: string; en: string } =>
  typeof text === 'string' ? { th: '', la: '', en: '', [writtenIn]: text } : { th: text?.th ?? '', la: text?.la ?? '', en: text?.en ?? '' };

async function stored<T>(db: Reader, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

/** The site's name and address (`info`) and each country's language order (`content.fallback.<COUNTRY>`). Applies at once. */
export function siteSection(ctx: AppContext): ConfigSection<SiteConfig> {
  return {
    name: 'site',
    schema: siteConfig,
    targets: async () => ['main'],
    async read(db, target) {
      if (target !== 'main') return null;
      const info = (await stored<{ name: string; website: string }>(db, 'info')) ?? { name: '', website: '' };
      const order = async (c: Country) => (await stored<SiteConfig['languageOrder'][Country]>(db, `content.fallback.${c}`)) ?? defaultFallback(c);
      return { name: info.name, website: info.website, languageOrder: { TH: await order('TH'), LA: await order('LA') } };
    },
    async write(trx, _target, value) {
      await ctx.settings.write(trx, 'info', { name: value.name, website: value.website });
      for (const c of COUNTRIES) await ctx.settings.write(trx, `content.fallback.${c}`, value.languageOrder[c]);
    },
    movesMoney: () => false,
  };
}

/** Where members heard of the site (`sources.<COUNTRY>`), offered at registration. Applies at once. */
export function sourcesSection(ctx: AppContext): ConfigSection<SourcesConfig> {
  return {
    name: 'sources',
    schema: sourcesConfig,
    targets: async () => [...COUNTRIES],
    async read(db, target) {
      if (!isCountry(target)) return null;
      const list = (await stored<{ code: string; description: Partial3 | string }[]>(db, `sources.${target}`)) ?? [];
      return list.map((s) => ({ code: s.code, description: inThree(s.description, target === 'LA' ? 'la' : 'th') }));
    },
    write: (trx, target, value) => ctx.settings.write(trx, `sources.${target}`, value),
    movesMoney: () => false,
  };
}

/**
 * The banks of a country (`banks.<COUNTRY>`). Applies at once (a bank list moves no money); a bank
 * a member is registered with cannot be removed, or their profile and withdrawals would lose it.
 */
export function banksSection(ctx: AppContext): ConfigSection<BanksConfig> {
  return {
    name: 'banks',
    schema: banksConfig,
    targets: async () => [...COUNTRIES],
    async read(db, target) {
      if (!isCountry(target)) return null;
      const list = (await stored<(Omit<BanksConfig[number], 'name'> & { name?: Partial3 })[]>(db, `banks.${target}`)) ?? [];
      return list.map((b) => ({
        code: b.code, nameTH: b.nameTH, nameEN: b.nameEN,
        name: inThree(b.name ?? { [target === 'LA' ? 'la' : 'th']: b.nameTH, en: b.nameEN }, target === 'LA' ? 'la' : 'th'),
        ...(b.logo ? { logo: b.logo } : {}),
      }));
    },
    write: (trx, target, value) => ctx.settings.write(trx, `banks.${target}`, value),
    movesMoney: () => false,
    async check(db, target, value) {
      const kept = value.map((b) => b.code);
      const held = await db.selectFrom('member').select('bank_code').distinct()
        .where('country', '=', target as Country)
        .$if(kept.length > 0, (q) => q.where('bank_code', 'not in', kept)).limit(1).executeTakeFirst();
      if (held) refuse('BANK_IN_USE');
    },
  };
}
