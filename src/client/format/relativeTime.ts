import type { TFunction } from 'i18next';
import { RELATIVE_TIME_UNITS } from '../../contract';
import { toDate } from './date';

export type RelativeTimeUnit = (typeof RELATIVE_TIME_UNITS)[number][0];
export interface RelativeTime {
  unit: RelativeTimeUnit;
  count: number;
}

/**
 * SPEC section 9: the largest unit (year, month of 30 days, day, hour, minute, second) that
 * fits into the time since `value`. Null for "just now", a future time, or no date.
 */
export const relativeTime = (value: unknown, now: Date = new Date()): RelativeTime | null => {
  const date = toDate(value);
  if (!date) return null;
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  for (const [unit, size] of RELATIVE_TIME_UNITS) {
    if (seconds >= size) return { unit, count: Math.floor(seconds / size) };
  }
  return null;
};

/** "5 minutes ago" in the current language; '-' when `value` is not a date. */
export const formatRelativeTime = (t: TFunction, value: unknown, now: Date = new Date()): string => {
  if (!toDate(value)) return '-';
  const rel = relativeTime(value, now);
  return rel ? t(`time.ago.${rel.unit}`, { count: rel.count }) : t('time.justNow');
};
