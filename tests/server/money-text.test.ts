import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCY_WORDS, fillAmounts, formatMinor } from '../../src/server/content/money-text';
import { formatAmount } from '../../src/client/format/amount';

const locale = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${name}.json`), 'utf8'));

/** Issue 28: the wheel said "5 THB" where the rest of the product says "5.00 baht". */
describe("amounts in operators' texts", () => {
  it('name each currency with the words the client shows beside every amount', () => {
    for (const [language, file] of [['th', 'th'], ['la', 'la'], ['en', 'en']] as const) {
      const words = locale(file).wallet.currency as Record<string, string>;
      for (const currency of ['BAHT', 'LAK']) expect(CURRENCY_WORDS[currency][language]).toBe(words[currency]);
    }
  });

  it('write amounts as the client does: two decimals, thousands separated', () => {
    for (const minor of [0, 5, 500, 123_456, 30_000_000, 100_000_000_00]) expect(formatMinor(minor)).toBe(formatAmount(minor / 100));
    expect(fillAmounts('{amount} {currency}', { amount: 300_000_00 }, 'LAK', 'la')).toBe('300,000.00 ກີບ');
    expect(fillAmounts('{amount} {currency}', { amount: 500 }, 'BAHT', 'en')).toBe('5.00 baht');
  });
});
