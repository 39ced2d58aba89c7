import { sql, type Kysely, type RawBuilder } from 'kysely';
import { REPORT_MAX_DAYS } from '../../../contract';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';

/** A range of the operator's local days, resolved to instants, with the buckets its series use. */
export interface ReportRange {
  from: string;
  to: string;
  tz: string;
  /** The instant local midnight of `from` (inclusive) and of `to` (exclusive) are, in the time zone. */
  start: Date;
  end: Date;
  /** One day: the series is by hour; else by day. */
  bucket: 'hour' | 'day';
  /** The local start of each bucket (YYYY-MM-DDTHH or YYYY-MM-DD), in order. */
  buckets: string[];
}

const DAY_MS = 86_400_000;

/** The instant of a YYYY-MM-DD as UTC midnight, or undefined when it is not a real day (2025-02-30). */
function utcDay(day: string): number | undefined {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : undefined;
}

const isIanaZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz);
  } catch {
    return false;
  }
};

/**
 * Checks a range of local days and resolves it in the database's own time-zone rules (the
 * ones the buckets are computed with): INVALID_RANGE when a day is not real or the end is not
 * after the start, RANGE_TOO_LONG past REPORT_MAX_DAYS, INVALID_TIME_ZONE for a name neither
 * the runtime nor the database knows.
 */
export async function resolveRange(db: Kysely<DB>, input: { from: string; to: string; tz: string }): Promise<ReportRange> {
  const from = utcDay(input.from);
  const to = utcDay(input.to);
  if (from === undefined || to === undefined || to <= from) return refuse('INVALID_RANGE');
  const days = (to - from) / DAY_MS;
  if (days > REPORT_MAX_DAYS) return refuse('RANGE_TOO_LONG');
  if (!isIanaZone(input.tz)) return refuse('INVALID_TIME_ZONE');
  const row = await sql<{ start: Date; end: Date }>`
    select (${input.from}::timestamp at time zone ${input.tz}) as start, (${input.to}::timestamp at time zone ${input.tz}) as "end"`
    .execute(db)
    .then((r) => r.rows[0], (error: { code?: string }) => (error?.code === '22023' ? refuse('INVALID_TIME_ZONE') : Promise.reject(error)));
  const bucket = days === 1 ? 'hour' : 'day';
  const buckets = bucket === 'hour'
    ? Array.from({ length: 24 }, (_, h) => `${input.from}T${String(h).padStart(2, '0')}`)
    : Array.from({ length: days }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
  return { from: input.from, to: input.to, tz: input.tz, start: new Date(row.start), end: new Date(row.end), bucket, buckets };
}

/**
 * The local bucket of a time column, as `buckets` names them. A day with a daylight-saving change
 * has 23 or 25 local hours: the missing hour stays empty and the repeated one counts twice in one
 * bucket (Thailand and Laos keep no daylight saving).
 */
export const bucketOf = (range: ReportRange, column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone ${range.tz}, ${range.bucket === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD'})`;
