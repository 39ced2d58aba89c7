import { MAIN_WALLET_CODE, TRANSFER_MINIMUM, toMinor } from '../../contract';

/**
 * The rules of SPEC section 5 for the transfer and withdraw forms, as pure functions the
 * modals call on submit, with the member's money rules (GET /api/lookup/money: the step and every
 * bound in the member's currency; issue 27: kip is whole kip from 1,000). Amounts arrive as
 * typed; the server checks everything again.
 */

/** Every amount is a whole number of `step` (0.01 baht, 1 kip). */
export interface AmountStep {
  step: number;
}

/** Baht's step, and the step before the rules arrived for a member who does not hold kip. */
export const BAHT_STEP = 0.01;

/** Decimals an amount of this step may have: 2 for 0.01, 0 for whole units. */
export const decimalsOf = (step: number): number => (step >= 1 ? 0 : step >= 0.1 ? 1 : 2);

export type AmountProblem = 'required' | 'format' | 'step';
export type AmountReading = { ok: true; amount: number } | { ok: false; problem: AmountProblem };

/**
 * Reads a typed amount: a number, not negative, with at most two decimals, and a whole number of
 * the step (a typed "1.50" kip is 'step', which the form explains as whole kip only).
 */
export const readAmount = (typed: string, step: number = BAHT_STEP): AmountReading => {
  const text = typed.trim().replace(/,/g, '');
  if (text === '') return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return { ok: false, problem: 'format' };
  const amount = Number(text);
  if (toMinor(amount) % toMinor(step) !== 0n) return { ok: false, problem: 'step' };
  return { ok: true, amount };
};

/**
 * What may stand in an amount field while the member types: digits, thousands commas and, when
 * the step has decimals, one point with at most that many after it. A kip member's point and
 * fractions never appear, so "1.00 kip" cannot be typed: a pasted "60000.50" keeps its whole
 * part, 60000, never the digits run together.
 */
export const typableAmount = (typed: string, step: number = BAHT_STEP): string => {
  const decimals = decimalsOf(step);
  const [whole, ...rest] = typed.split('.');
  const digits = (text: string) => text.replace(/[^\d,]/g, '');
  if (decimals === 0 || rest.length === 0) return digits(whole);
  return `${digits(whole)}.${digits(rest.join('')).replace(/,/g, '').slice(0, decimals)}`;
};

/** The member typed a fraction the currency does not have (it was cut): the form says why. */
export const fractionCut = (typed: string, step: number = BAHT_STEP): boolean => decimalsOf(step) === 0 && typed.includes('.');

export interface TransferInput {
  from: string;
  to: string;
  amount: string;
}

export interface TransferErrors {
  from?: 'required';
  to?: 'required' | 'same';
  amount?: AmountProblem | 'minimum';
}

/** The transfer's step and smallest amount in the member's currency. */
export interface TransferRules extends AmountStep {
  transferMin: number;
}

/** SPEC's baht rule, until the member's own rules have arrived. */
export const BAHT_TRANSFER_RULES: TransferRules = { step: BAHT_STEP, transferMin: TRANSFER_MINIMUM };

export type TransferCheck = { ok: true; from: string; to: string; amount: number } | { ok: false; errors: TransferErrors };

/** From and to required and different ('Cannot transfer to or from same account'); the amount on the step and at least transferMin. */
export const checkTransfer = (input: TransferInput, rules: TransferRules = BAHT_TRANSFER_RULES): TransferCheck => {
  const errors: TransferErrors = {};
  if (!input.from) errors.from = 'required';
  if (!input.to) errors.to = 'required';
  else if (input.from && input.from === input.to) errors.to = 'same';
  const amount = readAmount(input.amount, rules.step);
  if (!amount.ok) errors.amount = amount.problem;
  else if (amount.amount < rules.transferMin) errors.amount = 'minimum';
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors };
  return { ok: true, from: input.from, to: input.to, amount: amount.amount };
};

/**
 * Where a transfer starts when the modal opens: the wallet to the given game, or else the first
 * active one; or, given a game to move money out of (a closed one), from it back to the wallet.
 */
export const initialTransfer = (activeCodes: readonly string[], to?: string, from?: string): Pick<TransferInput, 'from' | 'to'> =>
  from
    ? { from, to: MAIN_WALLET_CODE }
    : { from: MAIN_WALLET_CODE, to: to && activeCodes.includes(to) ? to : (activeCodes[0] ?? '') };

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
  /** The amount step; baht's when not given. */
  step?: number;
}

export type WithdrawProblem = AmountProblem | 'minimum' | 'maximum' | 'empty';
export type WithdrawCheck = { ok: true; amount: number } | { ok: false; problem: WithdrawProblem };

/** At least withdrawMin and at most withdrawMax, each with its own message; unchecked until the limits are known. */
export const checkWithdrawAmount = (amount: number, limits: WithdrawLimits | null): WithdrawCheck => {
  if (amount <= 0) return { ok: false, problem: 'empty' };
  if (limits && amount < limits.withdrawMin) return { ok: false, problem: 'minimum' };
  if (limits && amount > limits.withdrawMax) return { ok: false, problem: 'maximum' };
  return { ok: true, amount };
};

export const checkWithdraw = (typed: string, limits: WithdrawLimits | null, step: number = limits?.step ?? BAHT_STEP): WithdrawCheck => {
  const amount = readAmount(typed, step);
  if (!amount.ok) return { ok: false, problem: amount.problem };
  const checked = checkWithdrawAmount(amount.amount, limits);
  // A typed zero is below any minimum; say so rather than "nothing to withdraw".
  return !checked.ok && checked.problem === 'empty' ? { ok: false, problem: limits ? 'minimum' : 'required' } : checked;
};
