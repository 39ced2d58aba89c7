import type { LimitPeriod } from '../../../contract';

/**
 * Safer-play periods are calendar periods in the member's local time. Thailand (Asia/Bangkok) and
 * Laos (Asia/Vientiane) are both UTC+7 all year, with no daylight saving, so a fixed offset is exact.
 */
const LOCAL_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The current period at `now`: [start, end). A week starts on Monday, a month on the 1st. */
export function periodAt(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  const local = new Date(now.getTime() + LOCAL_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const toUtc = (localMidnight: number) => new Date(localMidnight - LOCAL_OFFSET_MS);
  if (period === 'day') {
    const start = Date.UTC(y, m, d);
    return { start: toUtc(start), end: toUtc(start + DAY_MS) };
  }
  if (period === 'week') {
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    const start = Date.UTC(y, m, d - sinceMonday);
    return { start: toUtc(start), end: toUtc(start + 7 * DAY_MS) };
  }
  return { start: toUtc(Date.UTC(y, m, 1)), end: toUtc(Date.UTC(y, m + 1, 1)) };
}

/** `months` calendar months after `from` in local time (an exclusion's end); the day is clamped to the month's last. */
export function addMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + LOCAL_OFFSET_MS);
  const target = new Date(local);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(local.getUTCDate(), lastDay));
  return new Date(target.getTime() - LOCAL_OFFSET_MS);
}
