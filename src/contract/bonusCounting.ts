import type { BonusType } from './constants';

/**
 * How bonus receipts count against maxReceived (SPEC section 4), shared by the server's rule
 * and the bonus cards: limit counts every receipt, day those since local midnight, week those
 * since local Monday 00:00, in the operator's time zone (Thailand and Laos are UTC+7).
 */
export const OPERATOR_UTC_OFFSET_MINUTES = 7 * 60;

/** Where the counting window of a bonus type starts; null for limit (no window). */
export function countingWindowStart(type: BonusType, now: Date, offsetMinutes = OPERATOR_UTC_OFFSET_MINUTES): Date | null {
  if (type === 'limit') return null;
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // getUTCDay: 0 Sunday ... 6 Saturday; weeks start on Monday.
  const daysSinceMonday = type === 'week' ? (local.getUTCDay() + 6) % 7 : 0;
  return new Date(midnight - daysSinceMonday * 86_400_000 - offsetMinutes * 60_000);
}

/** How many of the receipts count against maxReceived now. */
export function receiptsCounted(type: BonusType, receivedAt: readonly Date[], now: Date): number {
  const start = countingWindowStart(type, now);
  return start ? receivedAt.filter((at) => at >= start).length : receivedAt.length;
}
