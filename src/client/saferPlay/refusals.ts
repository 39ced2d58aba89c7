import type { TFunction } from 'i18next';
import type { RefusalDetails } from '../../../machines/refusal';
import { errorText } from '../api/errors';
import { formatAmount, formatDateTime } from '../format';

/** The refusals of issue 31: a limit reached, or play stopped (a break, an exclusion, the time limit). */
export const SAFER_PLAY_REFUSALS: readonly string[] = ['DEPOSIT_LIMIT_REACHED', 'LOSS_LIMIT_REACHED', 'SESSION_LIMIT_REACHED', 'ON_BREAK', 'SELF_EXCLUDED'];

export const isSaferPlayRefusal = (code: string): boolean => SAFER_PLAY_REFUSALS.includes(code);

/**
 * A safer-play refusal in the member's words, with what the server added: what a deposit or loss
 * limit still allows in this period, or when play opens again. Any other code reads as errorText.
 */
export function refusalText(t: TFunction, code: string, details: RefusalDetails | undefined, currency: string): string {
  const base = errorText(t, code);
  if (!isSaferPlayRefusal(code) || !details) return base;
  const extra: string[] = [];
  if (details.remaining !== undefined && code === 'DEPOSIT_LIMIT_REACHED') {
    extra.push(t('saferPlay.refusal.remainingDeposit', { amount: formatAmount(details.remaining), currency }));
  }
  if (details.remaining !== undefined && code === 'LOSS_LIMIT_REACHED') {
    extra.push(t('saferPlay.refusal.remainingLoss', { amount: formatAmount(details.remaining), currency }));
  }
  if (details.until) extra.push(t('saferPlay.refusal.until', { date: formatDateTime(details.until) }));
  return [base, ...extra].join(' ');
}
