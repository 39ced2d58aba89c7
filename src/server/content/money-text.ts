import type { Locale } from '../../contract';
import type { LocalizedText } from './localized-text';
import { pickText } from './request-language';

/** The currency's name in each language, as texts name it after an amount ("500 บาท", "300,000 ກີບ"). */
export const CURRENCY_WORDS: Record<string, LocalizedText> = {
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'THB' },
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'LAK' },
};

/** The currency's word in a language; an unknown currency is named by its code. */
export const currencyWord = (currency: string, language: Locale): string => {
  const words = CURRENCY_WORDS[currency];
  return words ? pickText(words, language) : currency;
};

/** Minor units as the member reads them: thousands separated, decimals only when there are any. */
export function formatMinor(amount: bigint | number): string {
  const value = Number(amount) / 100;
  return value.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
}

/**
 * An operator text with its amounts filled in the member's currency: `{name}` for each amount
 * given (minor units) and `{currency}` for the currency's word. One text then serves members who
 * hold baht and members who hold kip, each reading their own figures (issue 27: a Lao member's
 * bonus read "up to 500 baht"). A placeholder with no figure is left empty.
 */
export function fillAmounts(text: string, amounts: Record<string, bigint | number | null | undefined>, currency: string, language: Locale): string {
  let filled = text.replaceAll('{currency}', currencyWord(currency, language));
  for (const [name, amount] of Object.entries(amounts)) {
    filled = filled.replaceAll(`{${name}}`, amount === null || amount === undefined ? '' : formatMinor(amount));
  }
  return filled;
}
