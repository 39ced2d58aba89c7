import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { minorToDecimalText, REPORT_AMOUNT_COLUMNS, REPORT_COLUMNS, type ReportKind } from '../../../contract';
import type { DB } from '../../db/schema';
import type { ReportRange } from './range';
import { readLines, type Cursor } from './reports';

/** Lines read per query: a busy month streams in chunks of this, never whole. */
export const CSV_CHUNK = 1000;

/**
 * A cell as CSV: quoted when it holds a comma, quote or line break; and a text that a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return) is prefixed with an
 * apostrophe (OWASP "CSV injection"). Amounts are written by us and never prefixed: a negative
 * amount stays a number.
 */
export function csvCell(value: string, isAmount = false): string {
  let text = value;
  if (!isAmount && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Local wall time in the report's time zone, "2025-03-01 23:30:00" (sv-SE writes ISO order). */
const localTime = (tz: string) => {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return (d: Date) => format.format(d);
};

/**
 * A report's lines as CSV, read in keyset chunks of CSV_CHUNK by (time, id) and written as they
 * come: memory stays one chunk whatever the range. UTF-8 with a byte-order mark (spreadsheets then
 * read Thai and Lao right); the header row is the stable column codes; amounts in major units with
 * two decimals, exact; times local to the report's time zone.
 */
export function reportCsv(db: Kysely<DB>, kind: ReportKind, range: ReportRange): Readable {
  const columns = REPORT_COLUMNS[kind];
  const timeOf = localTime(range.tz);
  async function* lines() {
    yield `\uFEFF${columns.join(',')}\r\n`;
    let after: Cursor | null = null;
    for (;;) {
      const chunk = await readLines(db, kind, range, { after, limit: CSV_CHUNK });
      if (chunk.length === 0) return;
      let text = '';
      for (const line of chunk) {
        text += columns.map((column) => {
          const value = line[column];
          if (value === null || value === undefined) return '';
          if (REPORT_AMOUNT_COLUMNS.has(column)) return csvCell(minorToDecimalText(BigInt(value as string)), true);
          if (value instanceof Date) return csvCell(timeOf(value));
          return csvCell(String(value));
        }).join(',');
        text += '\r\n';
      }
      yield text;
      const last = chunk[chunk.length - 1];
      after = { at: last.cursor_at, id: last.cursor_id };
      if (chunk.length < CSV_CHUNK) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
