import { describe, expect, it } from 'vitest';
import { addDays, bucketLabel, localDay, presetOf, presetRange } from '../../src/client/admin/reports/dayRange';

describe("the dashboard's day ranges", () => {
  // 23:30 on 31 March in Bangkok is 16:30 UTC, and already 01:30 on 1 April in Tokyo.
  const lateMarch = new Date('2025-03-31T16:30:00Z');

  it('reads the local day of an instant in the time zone, not in UTC', () => {
    expect(localDay(lateMarch, 'Asia/Bangkok')).toBe('2025-03-31');
    expect(localDay(lateMarch, 'Asia/Tokyo')).toBe('2025-04-01');
    expect(localDay(new Date('2025-03-31T17:00:00Z'), 'Asia/Vientiane')).toBe('2025-04-01');
  });

  it('makes today, yesterday and this month as [from, to) local days', () => {
    expect(presetRange('today', lateMarch, 'Asia/Bangkok')).toEqual({ from: '2025-03-31', to: '2025-04-01', tz: 'Asia/Bangkok' });
    expect(presetRange('yesterday', lateMarch, 'Asia/Bangkok')).toEqual({ from: '2025-03-30', to: '2025-03-31', tz: 'Asia/Bangkok' });
    expect(presetRange('thisMonth', lateMarch, 'Asia/Bangkok')).toEqual({ from: '2025-03-01', to: '2025-04-01', tz: 'Asia/Bangkok' });
    expect(presetRange('thisMonth', lateMarch, 'Asia/Tokyo')).toEqual({ from: '2025-04-01', to: '2025-04-02', tz: 'Asia/Tokyo' });
    expect(presetOf({ from: '2025-03-30', to: '2025-03-31', tz: 'Asia/Bangkok' }, lateMarch)).toBe('yesterday');
    expect(presetOf({ from: '2025-03-02', to: '2025-03-05', tz: 'Asia/Bangkok' }, lateMarch)).toBeNull();
  });

  it('moves days across months and leap years, and labels buckets', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(bucketLabel('2025-03-01T07')).toBe('07:00');
    expect(bucketLabel('2025-03-01')).toBe('03-01');
  });
});
