import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import la from '../../locales/la.json';
import en from '../../locales/en.json';
import {
  formatAmount,
  formatBankAccountNo,
  formatCountdown,
  formatDateTime,
  formatRelativeTime,
  formatStatementAmount,
  relativeTime,
  statementSign,
} from '../../src/client/format';

describe('formatAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [1234.5, '1,234.50'],
    [1234567.891, '1,234,567.89'],
    [-2500, '-2,500.00'],
    [0.005, '0.01'],
    [-0.001, '0.00'],
    ['1000', '1,000.00'],
    ['1,234.5', '1,234.50'],
  ])('%s → %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it.each([[NaN], [Infinity], [undefined], [null], [''], ['  '], ['abc'], [{}], [[]]])('%s is not a number → "-"', (value) => {
    expect(formatAmount(value)).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm:ss with zero padding in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 3, 4, 9))).toBe('05/01/2024 03:04:09');
    expect(formatDateTime(new Date(2023, 11, 31, 23, 59, 59))).toBe('31/12/2023 23:59:59');
  });

  it('reads ISO strings and timestamps', () => {
    const date = new Date(2025, 6, 14, 18, 30, 0);
    expect(formatDateTime(date.toISOString())).toBe('14/07/2025 18:30:00');
    expect(formatDateTime(date.getTime())).toBe('14/07/2025 18:30:00');
  });

  it.each([['not a date'], [''], [undefined], [null], [new Date(NaN)]])('%s → "-"', (value) => {
    expect(formatDateTime(value)).toBe('-');
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss and stops at 00:00', () => {
    expect(formatCountdown(5 * 60_000)).toBe('05:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('picks the largest unit that fits, a month being 30 days', () => {
    expect(relativeTime(ago(1), now)).toEqual({ unit: 'second', count: 1 });
    expect(relativeTime(ago(59), now)).toEqual({ unit: 'second', count: 59 });
    expect(relativeTime(ago(60), now)).toEqual({ unit: 'minute', count: 1 });
    expect(relativeTime(ago(3599), now)).toEqual({ unit: 'minute', count: 59 });
    expect(relativeTime(ago(2 * 3600 + 5), now)).toEqual({ unit: 'hour', count: 2 });
    expect(relativeTime(ago(29 * 86400), now)).toEqual({ unit: 'day', count: 29 });
    expect(relativeTime(ago(30 * 86400), now)).toEqual({ unit: 'month', count: 1 });
    expect(relativeTime(ago(364 * 86400), now)).toEqual({ unit: 'month', count: 12 });
    expect(relativeTime(ago(365 * 86400), now)).toEqual({ unit: 'year', count: 1 });
    expect(relativeTime(ago(3 * 365 * 86400 + 10), now)).toEqual({ unit: 'year', count: 3 });
  });

  it('has no unit for less than a second, the future, or no date', () => {
    expect(relativeTime(ago(0), now)).toBeNull();
    expect(relativeTime(new Date(now.getTime() + 60_000), now)).toBeNull();
    expect(relativeTime('garbage', now)).toBeNull();
  });
});

describe('formatRelativeTime with the real locales', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  const ts: Record<string, TFunction> = {};

  beforeAll(async () => {
    for (const [lng, translation] of Object.entries({ th, la, en })) {
      const instance = i18next.createInstance();
      await instance.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
      ts[lng] = instance.t;
    }
  });

  it('speaks English with singular and plural', () => {
    expect(formatRelativeTime(ts.en, ago(1), now)).toBe('1 second ago');
    expect(formatRelativeTime(ts.en, ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ts.en, ago(3600), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ts.en, ago(45 * 86400), now)).toBe('1 month ago');
    expect(formatRelativeTime(ts.en, ago(0), now)).toBe('just now');
  });

  it('speaks Thai and Lao', () => {
    expect(formatRelativeTime(ts.th, ago(5 * 60), now)).toBe('5 นาทีที่แล้ว');
    expect(formatRelativeTime(ts.th, ago(2 * 86400), now)).toBe('2 วันที่แล้ว');
    expect(formatRelativeTime(ts.la, ago(1), now)).toBe('1 ວິນາທີກ່ອນ');
    expect(formatRelativeTime(ts.la, ago(2 * 365 * 86400), now)).toBe('2 ປີກ່ອນ');
    expect(formatRelativeTime(ts.la, ago(0), now)).toBe('ເມື່ອກີ້ນີ້');
  });

  it('shows "-" for no date', () => {
    expect(formatRelativeTime(ts.en, undefined, now)).toBe('-');
  });
});

describe('statement sign', () => {
  it('is + for deposit and bonus, - for withdraw, none for the others', () => {
    expect(statementSign('deposit')).toBe('+');
    expect(statementSign('bonus')).toBe('+');
    expect(statementSign('withdraw')).toBe('-');
    expect(statementSign('transfer')).toBe('');
    expect(statementSign('finish_bonus')).toBe('');
    expect(statementSign('something-new')).toBe('');
    expect(statementSign('constructor')).toBe('');
  });

  it('puts the sign before the formatted amount', () => {
    expect(formatStatementAmount('deposit', 1500)).toBe('+1,500.00');
    expect(formatStatementAmount('withdraw', 250.5)).toBe('-250.50');
    expect(formatStatementAmount('withdraw', -250.5)).toBe('-250.50');
    expect(formatStatementAmount('transfer', 300)).toBe('300.00');
    expect(formatStatementAmount('bonus', 'n/a')).toBe('-');
  });
});

describe('formatBankAccountNo', () => {
  it('splits exactly ten characters 3-3-4 and leaves others alone', () => {
    expect(formatBankAccountNo('1234567890')).toBe('123-456-7890');
    expect(formatBankAccountNo('123456789')).toBe('123456789');
    expect(formatBankAccountNo('123456789012')).toBe('123456789012');
  });
});
