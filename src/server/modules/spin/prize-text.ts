import { pickText } from '../../content/request-language';
import type { LocalizedText } from '../../content/localized-text';
import { fillAmounts } from '../../content/money-text';
import type { Locale } from '../../../contract';

/**
 * An operator's slice text in the member's language, with `{amount}` and `{currency}` filled
 * from the slice's prize in the member's currency: one wheel serves members who hold baht and
 * members who hold kip, in any of the three languages.
 */
export function prizeText(text: Partial<LocalizedText>, language: Locale, prize: { amount: bigint | number | undefined; currency: string }): string {
  return fillAmounts(pickText(text, language), { amount: prize.amount }, prize.currency, language);
}

/** The text in all three languages, for records that outlive the request (a statement line). */
export const prizeTexts = (text: Partial<LocalizedText>, prize: { amount: bigint | number | undefined; currency: string }): LocalizedText => ({
  th: prizeText(text, 'th', prize),
  la: prizeText(text, 'la', prize),
  en: prizeText(text, 'en', prize),
});
