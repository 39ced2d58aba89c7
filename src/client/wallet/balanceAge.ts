import type { TFunction } from 'i18next';
import { formatRelativeTime } from '../format/relativeTime';
import type { GameBalancesState } from './walletContext';

export type BalanceAge =
  | { kind: 'reading' }
  | { kind: 'read'; at: number }
  | { kind: 'failed'; at: number | null }
  | { kind: 'never' };

/**
 * How old the game figures on screen are (issue 27: a figure is the provider's, or it says its
 * age): being read now, read at a time, a read that failed (the figures are from the last read,
 * if any), or never read from the providers (only what the product booked).
 */
export const balanceAge = (state: GameBalancesState): BalanceAge => {
  if (state.reading) return { kind: 'reading' };
  if (state.failedAt !== null) return { kind: 'failed', at: state.readAt };
  if (state.readAt !== null) return { kind: 'read', at: state.readAt };
  return { kind: 'never' };
};

/** The age as the member reads it, in their language. */
export const balanceAgeText = (t: TFunction, age: BalanceAge, now: Date): string => {
  switch (age.kind) {
    case 'reading':
      return t('gameBalance.reading');
    case 'read':
      return t('gameBalance.readAt', { time: formatRelativeTime(t, new Date(age.at), now) });
    case 'failed':
      return age.at === null ? t('gameBalance.failedNever') : t('gameBalance.failed', { time: formatRelativeTime(t, new Date(age.at), now) });
    case 'never':
      return t('gameBalance.never');
  }
};
