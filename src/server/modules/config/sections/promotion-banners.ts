import { LAOS_CURRENCIES, LOCALES, toMajor, toMinor, type LocalizedTextValue, type PerCurrencyAmountOrNoneValue, type PromotionBannersValue } from '../../../../contract';
import { sanitizeOperatorHtml } from '../../../content/operator-html';
import { amountIn } from '../../promotions/currency-figures';
import { localized } from '../../promotions/texts';
import type { PerCurrencyAmount } from '../../../db/schema';
import type { Reader } from '../section';

/**
 * What the invite and refund sections share: their rule and banners are settings
 * (`<name>.rule`, `<name>.banners`) the promotions module reads on every request through the
 * settings' cache of about a second.
 */

/** A setting's stored value, read through the given database or transaction only. */
export async function storedSetting(db: Reader, key: string): Promise<unknown> {
  return (await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;
}

/** The same, locked for the change's transaction (a rule's fields the console does not edit are kept). */
export async function lockedSetting(db: Reader, key: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).forUpdate().executeTakeFirst();
  const value = row?.value;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A stored text as members read it in each language (a missing language falls back as theirs does). */
export const localizedAsRead = (text: unknown): LocalizedTextValue =>
  Object.fromEntries(LOCALES.map((l) => [l, localized(text, l)])) as LocalizedTextValue;

/** Operator html of each language through the members' content sanitiser. */
export const cleanHtml = (html: LocalizedTextValue): LocalizedTextValue =>
  Object.fromEntries(LOCALES.map((l) => [l, sanitizeOperatorHtml(html[l])])) as LocalizedTextValue;

/** A stored per-currency amount (minor units; a plain number is baht's only) as the console edits it. */
export const amountsAsEdited = (stored: PerCurrencyAmount | number | null | undefined): PerCurrencyAmountOrNoneValue => {
  const of = (currency: string) => {
    const minor = amountIn(stored, currency);
    return minor === undefined ? null : toMajor(minor);
  };
  return { BAHT: of('BAHT'), LAK: of('LAK') };
};

/** The console's per-currency amount as stored: minor units, a currency without a figure left out. */
export const amountsAsStored = (value: PerCurrencyAmountOrNoneValue): PerCurrencyAmount =>
  Object.fromEntries(LAOS_CURRENCIES.flatMap((c) => (value[c] === null ? [] : [[c, Number(toMinor(value[c]))]])));

/** Stored banners as the console edits them. */
export const bannersAsEdited = (stored: unknown): PromotionBannersValue =>
  (Array.isArray(stored) ? stored : []).map((b: { image?: unknown; html?: unknown }) => ({
    image: typeof b?.image === 'string' ? b.image : '',
    html: localizedAsRead(b?.html),
  }));

export const cleanBanners = (banners: PromotionBannersValue): PromotionBannersValue =>
  banners.map((b) => ({ image: b.image, html: cleanHtml(b.html) }));
