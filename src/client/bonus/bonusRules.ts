import type { TFunction } from 'i18next';

/**
 * The rules that apply while a bonus is held, written once for every screen that states them
 * (issue 27: the bonus page and the withdraw dialog stated different withdraw rules, and every
 * bonus dialog the global notice's percentage instead of the bonus's own). The server's rules:
 * src/server/modules/promotions (withdraw-rule.ts: only the whole wallet balance can be
 * withdrawn, money in a game account comes back first, and withdrawing before the turnover is
 * met gives the bonus back; deposit-gate.ts: deposits wait until the bonus ends; bonuses.ts: it
 * may be ended below its lower bound, percentFail percent of the deposit and the bonus).
 */
export const withdrawWithBonusRule = (t: TFunction, bonus: string | null): string =>
  bonus === null ? t('bonusRules.withdrawAny') : t('bonusRules.withdraw', { amount: bonus });

/** Money in a game account comes back to the wallet before the whole balance can leave. */
export const gamesFirstRule = (t: TFunction): string => t('bonusRules.gamesFirst');

/** Every deposit is refused while a bonus is held. */
export const depositPauseRule = (t: TFunction): string => t('bonusPage.held.ruleDeposit');

/** When the bonus may be ended: its own percentage, and its lower bound once it is held. */
export const endBelowRule = (t: TFunction, { percent, minimum }: { percent: number; minimum: string | null }): string =>
  minimum === null ? t('bonusRules.endBelowPercent', { percent }) : t('bonusRules.endBelow', { percent, minimum });
