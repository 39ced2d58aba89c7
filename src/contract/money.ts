import { z } from 'zod';

/**
 * Inside the product every amount is an integer of minor units (satang, or 1/100 kip).
 * The API speaks decimal numbers with at most two places; these are the only conversions.
 */
export const toMinor = (amount: number): bigint => BigInt(Math.round(amount * 100));
export const toMajor = (minor: bigint | number | string): number => Number(BigInt(minor)) / 100;
/** Minor units as exact decimal text with the two places ("-1234.50"), without a float (CSV exports). */
export const minorToDecimalText = (minor: bigint): string => {
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
/** A decimal amount written as text by an outside service ("830.37", "100"), exactly, without a float. */
export const decimalTextToMinor = (text: string): bigint => {
  const [units, cents = ''] = text.split('.');
  return BigInt(units) * 100n + BigInt(cents.padEnd(2, '0'));
};

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** Largest amount accepted in a request: keeps minor units far inside bigint and float precision. */
export const MAX_AMOUNT = 1_000_000_000;

/** A decimal amount in a request: finite, at most two decimals, not negative. */
export const amountInput = z
  .number()
  .finite()
  .min(0)
  .max(MAX_AMOUNT)
  .refine(hasAtMostTwoDecimals, { message: 'at most two decimal places' });

/** A decimal amount in a response. */
export const amountOutput = z.number();
