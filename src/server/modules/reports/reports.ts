import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  REPORT_AMOUNT_COLUMNS, REPORT_COLUMNS, REPORT_PAGE_SIZE, REPORT_SUMMARY_FIGURES, toMajor,
  type ReportKind, type ResponseOf, type adminReport,
} from '../../../contract';
import type { DB } from '../../db/schema';
import { COUNT_FIGURES, LEDGER_REPORTS, SUMMARY_AMOUNT_FIGURE, type LedgerReport } from './definitions';
import { postingsOf } from './ledger-terms';
import type { ReportRange } from './range';

type ReportPage = ResponseOf<typeof adminReport>;

/** A detail line as read: column code → text (amounts in minor units as text), plus its keyset cursor. */
export type RawLine = Record<string, string | number | Date | null> & { cursor_at: string; cursor_id: string };

/** Where the next chunk of a streamed report starts: after this (time, id). */
export interface Cursor {
  at: string;
  id: string;
}

/** How to read lines: a page (offset), or a chunk after a cursor (keyset, for exports). */
type Window = { offset: number; limit: number } | { after: Cursor | null; limit: number };

/** A ledger report's rows: its entries in the range, each with its house posting `h` (`postingsOf`). */
function ledgerFrom(r: LedgerReport, range: ReportRange) {
  return sql`
    from ledger_entry e
    ${postingsOf(sql`ha.kind = 'house' and ${r.house}`)}
    left join member m on m.id = e.member_id
    ${r.joins ?? sql``}
    where e.created_at >= ${range.start} and e.created_at < ${range.end}
      and e.kind in (${sql.join(r.kinds)})
      ${r.where ? sql`and ${r.where}` : sql``}`;
}

const auditFrom = (range: ReportRange) => sql`
  from operator_audit a where a.created_at >= ${range.start} and a.created_at < ${range.end}`;

const keyset = (time: RawBuilder<unknown>, id: RawBuilder<unknown>, after: Cursor | null) =>
  after ? sql`and (${time}, ${id}) > (${after.at}::timestamptz, ${after.id}::bigint)` : sql``;

const windowOf = (w: Window) => ('offset' in w ? sql`limit ${w.limit} offset ${w.offset}` : sql`limit ${w.limit}`);

/** Lines of a report, oldest first (time, then id), as read from the database. */
export async function readLines(db: Kysely<DB>, kind: ReportKind, range: ReportRange, window: Window): Promise<RawLine[]> {
  const after = 'after' in window ? window.after : null;
  if (kind === 'operators') {
    const { rows } = await sql<RawLine>`
      select a.id::text as audit_id, a.created_at as at, a.operator_username as operator, a.action, a.target_type, a.target_id, a.ip,
        a.created_at::text as cursor_at, a.id::text as cursor_id
      ${auditFrom(range)} ${keyset(sql`a.created_at`, sql`a.id`, after)}
      order by a.created_at, a.id ${windowOf(window)}`.execute(db);
    return rows;
  }
  const r = LEDGER_REPORTS[kind];
  const { rows } = await sql<RawLine>`
    select e.id::text as entry_id, e.created_at as at, e.member_id, m.username, h.currency, ${r.columns}, (${r.amount})::text as amount,
      e.created_at::text as cursor_at, e.id::text as cursor_id
    ${ledgerFrom(r, range)} ${keyset(sql`e.created_at`, sql`e.id`, after)}
    order by e.created_at, e.id ${windowOf(window)}`.execute(db);
  return rows;
}

interface RawSummary {
  currency: string | null;
  grp: string | null;
  n: number;
  amount: string | null;
  [figure: string]: string | number | null;
}

/** Totals per currency and group. */
export async function readSummary(db: Kysely<DB>, kind: ReportKind, range: ReportRange): Promise<ReportPage['summary']> {
  if (kind === 'operators') {
    const { rows } = await sql<RawSummary>`
      select null as currency, a.action as grp, count(*)::int as n, null as amount ${auditFrom(range)} group by a.action order by a.action`.execute(db);
    return rows.map((row) => ({ currency: null, group: row.grp ?? '', count: row.n, amount: null, figures: {} }));
  }
  const r = LEDGER_REPORTS[kind];
  const { rows } = await sql<RawSummary>`
    select h.currency, ${r.group} as grp, count(*)::int as n, sum(${r.amount})::text as amount ${r.figures ? sql`, ${r.figures}` : sql``}
    ${ledgerFrom(r, range)}
    group by 1, 2 order by 1, 2`.execute(db);
  const figureNames: readonly string[] = REPORT_SUMMARY_FIGURES[kind];
  const amountFigure = SUMMARY_AMOUNT_FIGURE[kind];
  return rows.map((row) => ({
    currency: row.currency,
    group: row.grp ?? '',
    count: row.n,
    amount: toMajor(BigInt((amountFigure ? row[amountFigure] : row.amount) ?? 0)),
    figures: Object.fromEntries(figureNames.map((f) => [f, COUNT_FIGURES.has(f) ? Number(row[f] ?? 0) : toMajor(BigInt(row[f] ?? 0))])),
  }));
}

/** A line for the JSON answer: amounts in major units, times as ISO 8601. */
export function lineForJson(kind: ReportKind, raw: RawLine): Record<string, string | number | null> {
  return Object.fromEntries(REPORT_COLUMNS[kind].map((column) => {
    const value = raw[column];
    if (value === null || value === undefined) return [column, null];
    if (REPORT_AMOUNT_COLUMNS.has(column)) return [column, toMajor(BigInt(value as string))];
    if (value instanceof Date) return [column, value.toISOString()];
    return [column, typeof value === 'number' ? value : String(value)];
  }));
}

/** One page of a report: the summary, the page's lines, and how many lines there are in all. */
export async function readReportPage(db: Kysely<DB>, kind: ReportKind, range: ReportRange, page: number): Promise<ReportPage> {
  const summary = await readSummary(db, kind, range);
  const lines = await readLines(db, kind, range, { offset: (page - 1) * REPORT_PAGE_SIZE, limit: REPORT_PAGE_SIZE });
  return {
    report: kind, from: range.from, to: range.to, tz: range.tz,
    columns: [...REPORT_COLUMNS[kind]],
    summary,
    items: lines.map((line) => lineForJson(kind, line)),
    total: summary.reduce((n, row) => n + row.count, 0),
    page,
    limit: REPORT_PAGE_SIZE,
  };
}
