import type { Selectable } from 'kysely';
import { toMajor, type Currency, type Locale } from '../../../contract';
import { fillAmounts } from '../../content/money-text';
import type { BonusDefinitionTable, PerCurrencyAmount } from '../../db/schema';

/**
 * Promotions' amounts are set per member currency (0026_promotion_currencies): a baht figure
 * applied to kip gave a welcome bonus capped at 500 kip (issue 27). These read the member's
 * currency's figure, and a currency without one is not offered the rule, never given another
 * currency's figure.
 */

/**
 * A per-currency amount's figure for one currency, in minor units. A plain number is a rule
 * written before 0026 by hand (a test, an old backup): it is baht's only.
 */
export function amountIn(amounts: PerCurrencyAmount | number | null | undefined, currency: string): bigint | undefined {
  if (typeof amounts === 'number') return currency === 'BAHT' ? BigInt(amounts) : undefined;
  const figure = amounts?.[currency];
  return typeof figure === 'number' ? BigInt(figure) : undefined;
}

/** A bonus definition's figures in one currency, minor units. */
export interface BonusFigures {
  currency: Currency;
  percent: number | null;
  cap: bigint | null;
  fixed: bigint | null;
  minDeposit: bigint;
  turnoverMultiplier: number;
  percentFail: number;
}

type Definition = Selectable<BonusDefinitionTable>;

/**
 * The definition's figures in the member's currency, or undefined when the operator set none
 * for it (a cap, a fixed amount, or a minimum deposit given for other currencies only).
 */
export function bonusFiguresIn(d: Definition, currency: Currency): BonusFigures | undefined {
  const cap = d.amount_cap === null ? null : amountIn(d.amount_cap, currency);
  const fixed = d.amount_fixed === null ? null : amountIn(d.amount_fixed, currency);
  const minimums = d.min_deposit ?? {};
  const minDeposit = Object.keys(minimums).length === 0 ? 0n : amountIn(minimums, currency);
  if (cap === undefined || fixed === undefined || minDeposit === undefined) return undefined;
  return { currency, percent: d.amount_percent, cap, fixed, minDeposit, turnoverMultiplier: d.turnover_multiplier, percentFail: d.percent_fail };
}

/** The figures as the contract answers them (`bonusFigures`), decimal amounts in the member's currency. */
export function figuresView(f: BonusFigures) {
  return {
    currency: f.currency,
    amountPercent: f.percent,
    amountCap: f.cap === null ? null : toMajor(f.cap),
    amountFixed: f.fixed === null ? null : toMajor(f.fixed),
    minDeposit: toMajor(f.minDeposit),
    turnoverMultiplier: f.turnoverMultiplier,
    percentFail: f.percentFail,
  };
}

/** An operator text of the bonus with its `{cap}`, `{fixed}`, `{minDeposit}` and `{currency}` in the member's figures. */
export const bonusText = (text: string, f: BonusFigures, language: Locale) =>
  fillAmounts(text, { cap: f.cap, fixed: f.fixed, minDeposit: f.minDeposit }, f.currency, language);
