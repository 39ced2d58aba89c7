import { z } from 'zod';
import { endpoint } from '../endpoint';
import { amountOutput } from '../money';

/**
 * The dashboard and the reports (issue 30): every figure is computed from the ledger, per
 * currency (never summed across currencies), over a range of the operator's local days
 * [from, to) in their IANA time zone. How each figure is computed: `src/server/modules/reports/README.md`.
 */

const tag = 'reports';

/** The longest range a report or the dashboard answers (a year and a day for leap years). */
export const REPORT_MAX_DAYS = 366;
/** Detail lines per page of a report. */
export const REPORT_PAGE_SIZE = 50;
/** The time zone the console assumes when the browser gives none (Thailand and Laos are UTC+7). */
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

export const REPORT_KINDS = ['deposits', 'withdrawals', 'bonuses', 'refunds', 'invites', 'spin', 'providers', 'adjustments', 'operators'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * The columns of each report's detail lines, in order: the keys of a line in the JSON answer and
 * the CSV's header row (stable codes, the same in every language, so a spreadsheet built on an
 * export keeps working; the console shows them translated).
 */
export const REPORT_COLUMNS = {
  deposits: ['entry_id', 'at', 'member_id', 'username', 'currency', 'channel', 'amount', 'reference'],
  withdrawals: ['entry_id', 'at', 'member_id', 'username', 'currency', 'step', 'amount', 'withdrawal_id'],
  bonuses: ['entry_id', 'at', 'member_id', 'username', 'currency', 'kind', 'source', 'code', 'amount', 'bonus_id', 'turnover_target', 'turnover_done', 'bonus_status'],
  refunds: ['entry_id', 'at', 'member_id', 'username', 'currency', 'kind', 'paid_as', 'amount', 'reference'],
  invites: ['entry_id', 'at', 'member_id', 'username', 'currency', 'kind', 'paid_as', 'amount', 'reference'],
  spin: ['entry_id', 'at', 'member_id', 'username', 'currency', 'slice', 'amount', 'coupon_id'],
  providers: ['entry_id', 'at', 'member_id', 'username', 'currency', 'provider', 'movement', 'amount', 'reference'],
  adjustments: ['entry_id', 'at', 'member_id', 'username', 'currency', 'direction', 'amount', 'reason', 'adjustment_id'],
  operators: ['audit_id', 'at', 'operator', 'action', 'target_type', 'target_id', 'ip'],
} as const satisfies Record<ReportKind, readonly string[]>;

export type ReportColumn = (typeof REPORT_COLUMNS)[ReportKind][number];

/** The columns whose values are amounts (major units, the currency's two decimals). */
export const REPORT_AMOUNT_COLUMNS: ReadonlySet<string> = new Set(['amount', 'turnover_target', 'turnover_done']);

/** What a summary row's `figures` hold, by report (amounts in major units, counts whole). */
export const REPORT_SUMMARY_FIGURES = {
  deposits: [],
  withdrawals: [],
  bonuses: ['granted', 'forfeited', 'turnoverTarget', 'turnoverDone'],
  refunds: ['granted', 'forfeited'],
  invites: ['granted', 'forfeited'],
  spin: [],
  providers: ['toGame', 'toGameCount', 'fromGame', 'fromGameCount', 'reversed', 'reversedCount', 'ggr'],
  adjustments: [],
  operators: [],
} as const satisfies Record<ReportKind, readonly string[]>;

export type ReportFigure = (typeof REPORT_SUMMARY_FIGURES)[ReportKind][number];

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('a local day, YYYY-MM-DD');

/** A range of the operator's local days: from inclusive, to exclusive, in the time zone tz. */
export const reportRange = z.object({
  from: localDay,
  to: localDay.describe('the day after the last day, YYYY-MM-DD (exclusive)'),
  tz: z.string().trim().min(1).max(64).default(DEFAULT_TIME_ZONE).describe('the IANA time zone of the days (Asia/Bangkok)'),
});

const rangeEcho = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
});

/** A figure over the range with its value per bucket (aligned with `buckets`). */
const amountFigure = z.object({ total: amountOutput, count: z.number().int(), series: z.array(amountOutput) });
const countFigure = z.object({ count: z.number().int(), series: z.array(z.number().int()) });

export const BONUS_COST_KINDS = ['bonus', 'promotion', 'invite', 'refund', 'spin'] as const;

export const currencyFigures = z.object({
  currency: z.string(),
  deposits: amountFigure.extend({ byChannel: z.array(z.object({ channel: z.string(), total: amountOutput, count: z.number().int() })) }),
  withdrawals: amountFigure,
  netDeposits: amountFigure,
  ggr: amountFigure.extend({ byProvider: z.array(z.object({ provider: z.string(), total: amountOutput })) }),
  bonusCost: amountFigure.extend({
    byKind: z.array(z.object({ kind: z.enum(BONUS_COST_KINDS), granted: amountOutput, forfeited: amountOutput, total: amountOutput })),
  }),
  adjustments: amountFigure,
  ngr: amountFigure,
  firstDeposits: amountFigure.extend({ average: amountOutput }),
  registrations: countFigure,
  activeMembers: countFigure,
  liability: z.object({
    now: amountOutput.describe("members' wallets and game accounts now (cached balances)"),
    atEnd: amountOutput.describe('the same at the end of the range, from postings'),
    series: z.array(amountOutput).describe('at the end of each bucket'),
  }),
});

export const pendingQueues = z.object({
  withdrawalsQueued: z.number().int(),
  withdrawalsPaying: z.number().int(),
  slipsPending: z.number().int(),
  arrivalsUnmatched: z.number().int(),
  adjustmentsProposed: z.number().int(),
  configChangesPending: z.number().int(),
});

export const dashboardAnswer = rangeEcho.extend({
  bucket: z.enum(['hour', 'day']),
  buckets: z.array(z.string()).describe('the local start of each bucket: YYYY-MM-DDTHH for hours, YYYY-MM-DD for days'),
  currencies: z.array(currencyFigures),
  queues: pendingQueues,
  at: z.string().describe('when the figures were read (ISO 8601)'),
});

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportSummaryRow = z.object({
  currency: z.string().nullable(),
  group: z.string().describe('the channel, step, code, slice, provider, direction or action'),
  count: z.number().int(),
  amount: amountOutput.nullable(),
  figures: z.record(z.string(), z.number()),
});

export const reportPage = rangeEcho.extend({
  report: z.enum(REPORT_KINDS),
  columns: z.array(z.string()),
  summary: z.array(reportSummaryRow),
  items: z.array(z.record(z.string(), cell)).describe('detail lines keyed by column code, oldest first'),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

const reportParams = z.object({ report: z.enum(REPORT_KINDS) });

export const adminDashboard = endpoint({
  method: 'GET', path: '/api/admin/dashboard', access: 'operator', permission: 'reports.read', tag,
  summary: "The dashboard's figures over local days [from, to) in the time zone tz, per currency, each with a series (hours for one day, else days), and the queues waiting now",
  query: reportRange,
  response: dashboardAnswer,
});

export const adminReport = endpoint({
  method: 'GET', path: '/api/admin/reports/:report', access: 'operator', permission: 'reports.read', tag,
  summary: 'A report over local days [from, to): totals per currency and group, and a page of detail lines',
  params: reportParams,
  query: reportRange.extend({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }),
  response: reportPage,
});

export const adminReportCsv = endpoint({
  method: 'GET', path: '/api/admin/reports/:report/csv', access: 'operator', permission: 'reports.read', tag,
  summary: "A report's detail lines as CSV (UTF-8, header row of column codes, amounts in major units), streamed",
  params: reportParams,
  query: reportRange,
  response: z.string().describe('text/csv'),
  download: true,
});

export const reportEndpoints = { adminDashboard, adminReport, adminReportCsv } as const;

/** The console's socket events of the dashboard (the operator's token in the handshake as `operatorToken`). */
export const DASHBOARD_EVENTS = {
  /** Console → server: hear when money moves (ack `{ ok }`, FORBIDDEN without reports.read). */
  join: 'dashboard.join',
  /** Server → console: money moved; no figures travel, the page reads the dashboard again (at most once a second). */
  changed: 'dashboard.changed',
} as const;
