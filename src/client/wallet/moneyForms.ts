import { MAIN_WALLET_CODE, TRANSFER_MINIMUM } from '../../contract';

/**
 * The rules of SPEC section 5 for the transfer and withdraw forms, as pure functions the
 * modals call on submit. Amounts arrive as typed; the server checks everything again.
 */

export type AmountProblem = 'required' | 'format';
export type AmountReading = { ok: true; amount: number } | { ok: false; problem: AmountProblem };

/** Reads a typed amount: a number, not negative, with at most two decimals. */
export const readAmount = (typed: string): AmountReading => {
  const text = typed.trim().replace(/,/g, '');
  if (text === '') return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return { ok: false, problem: 'format' };
  return { ok: true, amount: Number(text) };
};

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

export type TransferCheck = { ok: true; from: string; to: string; amount: number } | { ok: false; errors: TransferErrors };

/** From and to required and different ('Cannot transfer to or from same account'); amount at least 1 baht. */
export const checkTransfer = (input: TransferInput): TransferCheck => {
  const errors: TransferErrors = {};
  if (!input.from) errors.from = 'required';
  if (!input.to) errors.to = 'required';
  else if (input.from && input.from === input.to) errors.to = 'same';
  const amount = readAmount(input.amount);
  if (!amount.ok) errors.amount = amount.problem;
  else if (amount.amount < TRANSFER_MINIMUM) errors.amount = 'minimum';
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors };
  return { ok: true, from: input.from, to: input.to, amount: amount.amount };
};

/** Where a transfer starts when the modal opens: the wallet to the given game, or else the first active one. */
export const initialTransfer = (activeCodes: readonly string[], to?: string): Pick<TransferInput, 'from' | 'to'> => ({
  from: MAIN_WALLET_CODE,
  to: to && activeCodes.includes(to) ? to : (activeCodes[0] ?? ''),
});

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
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

export const checkWithdraw = (typed: string, limits: WithdrawLimits | null): WithdrawCheck => {
  const amount = readAmount(typed);
  if (!amount.ok) return { ok: false, problem: amount.problem };
  const checked = checkWithdrawAmount(amount.amount, limits);
  // A typed zero is below any minimum; say so rather than "nothing to withdraw".
  return !checked.ok && checked.problem === 'empty' ? { ok: false, problem: limits ? 'minimum' : 'required' } : checked;
};
