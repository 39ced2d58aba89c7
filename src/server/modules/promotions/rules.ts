/**
 * The bonus rules as plain functions over numbers and dates (no database), so every rule is
 * tested on its own. Amounts are minor units.
 */

export { countingWindowStart, OPERATOR_UTC_OFFSET_MINUTES, receiptsCounted } from '../../../contract/bonusCounting';

export interface AmountRule {
  /** Percent of the qualifying deposit, with a cap; or a fixed amount. Exactly one is set. */
  percent: number | null;
  cap: bigint | null;
  fixed: bigint | null;
}

/** The bonus credited for a qualifying deposit (rounded down to the minor unit). */
export function bonusAmount(rule: AmountRule, deposit: bigint): bigint {
  if (rule.fixed !== null) return rule.fixed;
  const amount = (deposit * BigInt(rule.percent ?? 0)) / 100n;
  return rule.cap !== null && amount > rule.cap ? rule.cap : amount;
}

/**
 * The turnover a bonus asks for: the money it was played with (the qualifying deposit plus the
 * bonus) times the multiplier; and its lower bound, percentFail percent of that money, below
 * which the member may end it.
 */
export function bonusTargets(deposit: bigint, amount: bigint, multiplier: number, percentFail: number) {
  const stake = deposit + amount;
  return { target: stake * BigInt(multiplier), minimum: (stake * BigInt(percentFail)) / 100n };
}

/** Progress of a held bonus in whole percent, 0 to 100. */
export function turnoverPercent(done: bigint, target: bigint): number {
  if (target <= 0n) return 100;
  const percent = Number((done * 100n) / target);
  return Math.min(100, percent);
}
