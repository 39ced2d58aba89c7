import { pickText } from '../../content/request-language';
import type { LocalizedText } from '../../content/localized-text';
import type { Locale } from '../../../contract';

/** The currency's name in each language, for prize texts. */
const CURRENCY_WORDS: Record<string, LocalizedText> = {
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'THB' },
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'LAK' },
};

/** Minor units as the member reads them: thousands separated, decimals only when there are any. */
export function formatMinor(amount: bigint | number): string {
  const value = Number(amount) / 100;
  return value.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
}

/**
 * An operator's slice text in the member's language, with `{amount}` and `{currency}` filled
 * from the slice's prize in the member's currency: one wheel serves members who hold baht and
 * members who hold kip, in any of the three languages.
 */
export function prizeText(text: Partial<LocalizedText>, language: Locale, prize: { amount: bigint | number | undefined; currency: string }): string {
  const words = CURRENCY_WORDS[prize.currency];
  return pickText(text, language)
    .replaceAll('{amount}', prize.amount === undefined ? '' : formatMinor(prize.amount))
    .replaceAll('{currency}', words ? pickText(words, language) : prize.currency);
}

/** The text in all three languages, for records that outlive the request (a statement line). */
export const prizeTexts = (text: Partial<LocalizedText>, prize: { amount: bigint | number | undefined; currency: string }): LocalizedText => ({
  th: prizeText(text, 'th', prize),
  la: prizeText(text, 'la', prize),
  en: prizeText(text, 'en', prize),
});
