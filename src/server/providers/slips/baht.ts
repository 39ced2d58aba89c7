/**
 * A baht amount as the slip services write it (a JSON number such as 1000 or 1500.5) in satang,
 * or undefined when it is not a plain amount of at most two decimals: such an answer is not
 * read at all rather than rounded into money.
 */
export function bahtToSatang(amount: unknown): bigint | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > 1_000_000_000) return undefined;
  const satang = Math.round(amount * 100);
  if (Math.abs(satang - amount * 100) > 1e-6) return undefined;
  return BigInt(satang);
}

/** The currency a Thai slip service's country code stands for, in our names (a Thai transfer is baht). */
export const slipCurrency = (countryCode: string | undefined) => (countryCode === undefined || countryCode === 'TH' ? 'BAHT' : countryCode);
