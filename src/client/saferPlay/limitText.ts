import type { TFunction } from 'i18next';
import type { LimitKind } from '../../contract/saferPlay';
import { formatAmount } from '../format';

/** A currency code of the API as the member's word for it ("baht", "กีบ"); an unknown code as it came. */
export const currencyWord = (t: TFunction, currency: string): string =>
  currency === 'BAHT' || currency === 'LAK' ? t(`wallet.currency.${currency}`) : currency;

/** A limit's value, use or remainder in its unit: an amount in the member's currency, or minutes. */
export const limitValueText = (t: TFunction, kind: LimitKind, value: number, currency: string): string =>
  kind === 'session' ? t('saferPlay.minutes', { count: value }) : `${formatAmount(value)} ${currencyWord(t, currency)}`;

/** Minutes played as hours and minutes ("1 h 05 min"), minutes alone under an hour. */
export const playedText = (t: TFunction, minutes: number): string => {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours > 0 ? t('saferPlay.reality.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') }) : t('saferPlay.reality.minutesOnly', { minutes: rest });
};

/** An amount with its sign, so a loss never reads as a win ("+150.00", "-1,200.00"). */
export const signedAmount = (value: number): string => (value > 0 ? `+${formatAmount(value)}` : formatAmount(value));
