import { DEFAULT_TIME_ZONE } from '../../../contract/admin/reports';

/** A range of local days [from, to) in a time zone, as the dashboard and the reports take it. */
export interface DayRange {
  from: string;
  to: string;
  tz: string;
}

export const RANGE_PRESETS = ['today', 'yesterday', 'thisMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The browser's IANA time zone (the operator's), else Bangkok's (Thailand and Laos are UTC+7). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The local day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDay(at: Date, tz: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A YYYY-MM-DD moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The range of a preset at `now` in the time zone: today, yesterday, or this month up to and including today. */
export function presetRange(preset: RangePreset, now: Date, tz: string): DayRange {
  const today = localDay(now, tz);
  if (preset === 'today') return { from: today, to: addDays(today, 1), tz };
  if (preset === 'yesterday') return { from: addDays(today, -1), to: today, tz };
  return { from: `${today.slice(0, 8)}01`, to: addDays(today, 1), tz };
}

/** The preset a range is, if any (so its button shows pressed). */
export function presetOf(range: DayRange, now: Date): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const r = presetRange(p, now, range.tz);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/** A bucket's label for a chart axis or table: the hour ("14:00") or the day ("03-15"). */
export const bucketLabel = (bucket: string): string => (bucket.includes('T') ? `${bucket.slice(11, 13)}:00` : bucket.slice(5));
