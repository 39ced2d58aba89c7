const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Reads a number from a number or numeric string; anything else is not a number. */
export const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

/** SPEC section 5: two decimals with thousands separators ("1,234.50"); '-' when not a number. */
export const formatAmount = (value: unknown): string => {
  const n = toNumber(value);
  if (n === null) return '-';
  // Avoid "-0.00" for tiny negatives that round to zero.
  const rounded = Math.round(n * 100) / 100;
  return amountFormat.format(rounded === 0 ? 0 : rounded);
};
