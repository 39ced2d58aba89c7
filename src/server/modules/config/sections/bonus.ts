import type { Selectable } from 'kysely';
import { BONUS_CODE, LOCALES, bonusChangeMovesMoney, bonusConfig, toMajor, toMinor, type BonusConfig, type Locale, type PerCurrencyAmountValue } from '../../../../contract';
import { sanitizeOperatorHtml } from '../../../content/operator-html';
import type { BonusDefinitionTable, PerCurrencyAmount } from '../../../db/schema';
import { refuse } from '../../../errors';
import type { ConfigSection, Reader } from '../section';

const CURRENCIES = ['BAHT', 'LAK'] as const;


/** A stored per-currency figure (minor units) in decimal major units; a currency without one reads 0. */
const major = (stored: PerCurrencyAmount | number | null | undefined): PerCurrencyAmountValue => {
  // A plain number is a rule written before 0026 by hand: baht's only (promotions/currency-figures.ts).
  const figures: PerCurrencyAmount = typeof stored === 'number' ? { BAHT: stored } : stored ?? {};
  return { BAHT: toMajor(figures.BAHT ?? 0), LAK: toMajor(figures.LAK ?? 0) };
};
const minor = (value: PerCurrencyAmountValue): PerCurrencyAmount =>
  Object.fromEntries(CURRENCIES.map((c) => [c, Number(toMinor(value[c]))]));

const texts = (stored: unknown) => {
  const byLanguage = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<Locale, unknown>>;
  return Object.fromEntries(LOCALES.map((l) => [l, typeof byLanguage[l] === 'string' ? byLanguage[l] : ''])) as Record<Locale, string>;
};
const cleanTexts = (value: Record<Locale, string>) =>
  Object.fromEntries(LOCALES.map((l) => [l, sanitizeOperatorHtml(value[l])])) as Record<Locale, string>;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** A row as the console edits it. */
function valueOf(d: Selectable<BonusDefinitionTable>): BonusConfig {
  return {
    kind: d.kind,
    type: d.type,
    maxReceived: d.max_received,
    quota: d.quota,
    amountPercent: d.amount_percent,
    amountCap: d.amount_cap === null ? null : major(d.amount_cap),
    amountFixed: d.amount_fixed === null ? null : major(d.amount_fixed),
    minDeposit: major(d.min_deposit),
    turnoverMultiplier: d.turnover_multiplier,
    percentFail: d.percent_fail,
    categories: d.categories as BonusConfig['categories'],
    description: texts(d.description),
    banners: (Array.isArray(d.banners) ? d.banners : []).map((b: { image?: unknown; html?: unknown }) => ({ image: String(b.image ?? ''), html: texts(b.html) })),
    startsAt: iso(d.starts_at),
    endsAt: iso(d.ends_at),
    active: d.active,
  };
}

/**
 * Bonuses and promotion codes (target: the code, new codes allowed): the rows of
 * `bonus_definition` the members' bonus list, promotion lookup and activation read on every
 * request (promotions/bonuses.ts). Amounts are stored in minor units per currency; texts and
 * banners per language, html sanitised before it is stored. A new bonus, and a change of any
 * rule, of its dates, or switching it on, waits for a second operator; texts, banners and
 * switching it off apply at once. Nothing here deletes a bonus: members' bonuses name it.
 */
export function bonusSection(): ConfigSection<BonusConfig> {
  const row = (db: Reader, code: string) => db.selectFrom('bonus_definition').selectAll().where('code', '=', code).executeTakeFirst();
  return {
    name: 'bonus',
    schema: bonusConfig,
    newTarget: BONUS_CODE,
    async targets(db) {
      const rows = await db.selectFrom('bonus_definition').select('code').orderBy('kind').orderBy('position').orderBy('code').execute();
      return rows.map((r) => r.code);
    },
    async read(db, target) {
      const d = await row(db, target);
      return d ? valueOf(d) : null;
    },
    async write(trx, target, value) {
      const columns = {
        kind: value.kind,
        type: value.type,
        max_received: value.maxReceived,
        quota: value.quota,
        amount_percent: value.amountPercent,
        amount_cap: value.amountCap === null ? null : JSON.stringify(minor(value.amountCap)),
        amount_fixed: value.amountFixed === null ? null : JSON.stringify(minor(value.amountFixed)),
        min_deposit: JSON.stringify(minor(value.minDeposit)),
        turnover_multiplier: value.turnoverMultiplier,
        percent_fail: value.percentFail,
        categories: value.categories,
        description: JSON.stringify(value.description),
        banners: JSON.stringify(value.banners),
        starts_at: value.startsAt,
        ends_at: value.endsAt,
        active: value.active,
      };
      // The row locked, so a receipt counted meanwhile is seen by the quota's check.
      const existing = await trx.selectFrom('bonus_definition').select('received_total').where('code', '=', target).forUpdate().executeTakeFirst();
      if (!existing) {
        const last = await trx.selectFrom('bonus_definition').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst();
        await trx.insertInto('bonus_definition').values({ code: target, ...columns, position: Number(last?.position ?? 0) + 1 }).execute();
        return;
      }
      // A quota below the receipts already given cannot hold (a CHECK in the database).
      if (value.quota !== null && value.quota < existing.received_total) refuse('INVALID_INPUT', 'quota below the receipts given');
      await trx.updateTable('bonus_definition').set(columns).where('code', '=', target).execute();
    },
    movesMoney: bonusChangeMovesMoney,
    clean(value) {
      return {
        ...value,
        description: cleanTexts(value.description),
        banners: value.banners.map((b) => ({ image: b.image, html: cleanTexts(b.html) })),
        // One spelling per moment, so the same date sent with another offset is no change.
        startsAt: iso(value.startsAt),
        endsAt: iso(value.endsAt),
      };
    },
    async check(db, target, value) {
      const d = await db.selectFrom('bonus_definition').select('received_total').where('code', '=', target).executeTakeFirst();
      if (d && value.quota !== null && value.quota < d.received_total) refuse('INVALID_INPUT', 'quota below the receipts given');
    },
  };
}
