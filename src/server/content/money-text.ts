import type { Locale } from '../../contract';
import type { LocalizedText } from './localized-text';
import { pickText } from './request-language';

/**
 * The currency's name in each language, as texts name it after an amount ("500.00 บาท",
 * "300,000.00 ກີບ"): the client's words (locales `wallet.currency`), so an operator's text on the
 * spin wheel or a banner says "baht" like the rest of the product, not "THB" (issue 28).
 */
export const CURRENCY_WORDS: Record<string, LocalizedText> = {
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'baht' },
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'kip' },
};

/** The currency's word in a language; an unknown currency is named by its code. */
export const currencyWord = (currency: string, language: Locale): string => {
  const words = CURRENCY_WORDS[currency];
  return words ? pickText(words, language) : currency;
};

const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/**
 * Minor units as the member reads every other amount: two decimals, thousands separated
 * ("1,234.50"; SPEC section 5), as the client's `format/amount.ts` writes them.
 */
export function formatMinor(amount: bigint | number): string {
  return AMOUNT.format(Number(amount) / 100);
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
