import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminReport, adminReportCsv, REPORT_AMOUNT_COLUMNS, REPORT_KINDS, REPORT_PAGE_SIZE, type ReportColumn, type ReportFigure, type ReportKind, type ResponseOf } from '../../../contract';
import { errorCodeOf, errorText } from '../../api/errors';
import { formatAmount, formatDateTime } from '../../format';
import { useToast } from '../../ui/toastContext';
import { adminCall, adminFile } from '../api';
import { LoadState, PageHead, Pager } from '../parts';
import { browserTimeZone, presetRange, type DayRange } from '../reports/dayRange';
import { RangePicker } from '../reports/RangePicker';
import { useLoad } from '../useLoad';

type Report = ResponseOf<typeof adminReport>;

/** The CSV's address for a report and range (the token travels in a header, never in the address). */
const csvPath = (kind: ReportKind, range: DayRange) =>
  `${adminReportCsv.path.replace(':report', kind)}?${new URLSearchParams({ from: range.from, to: range.to, tz: range.tz })}`;

/**
 * The reports (issue 30): pick one and a range; the totals per currency and group, the detail
 * lines a page at a time, and the whole as CSV (streamed by the server, fetched with the
 * operator's token and saved from memory as a file).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const pickId = useId();
  const [kind, setKind] = useState<ReportKind>('deposits');
  const [range, setRange] = useState<DayRange>(() => presetRange('today', new Date(), browserTimeZone()));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data, error } = useLoad(() => adminCall(adminReport, { params: { report: kind }, query: { ...range, page } }), [kind, range, page]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await adminFile(csvPath(kind, range));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${kind}_${range.from}_${range.to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      toast.error(errorText(t, errorCodeOf(e)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="reports-title">
      <PageHead id="reports-title" title={t('admin.nav.reports')} />
      <div className="admin-report-pick">
        <label htmlFor={pickId}>{t('admin.reports.pick')}</label>
        <select id={pickId} className="admin-select" value={kind} data-testid="report-kind"
          onChange={(e) => { setKind(e.target.value as ReportKind); setPage(1); }}>
          {REPORT_KINDS.map((k) => <option key={k} value={k}>{t(`admin.reports.kind.${k}`)}</option>)}
        </select>
        <button type="button" className="btn btn--gold" onClick={() => void exportCsv()} disabled={exporting} data-testid="export-csv">
          {exporting ? t('admin.reports.exporting') : t('admin.reports.export')}
        </button>
      </div>
      <RangePicker value={range} onChange={(r) => { setRange(r); setPage(1); }} />
      <LoadState error={error} loading={!data} empty={data?.total === 0} />
      {data && data.total > 0 && (
        <>
          <Summary report={data} />
          <Lines report={data} />
          <Pager page={page} total={data.total} onPage={setPage} pageSize={REPORT_PAGE_SIZE} />
        </>
      )}
    </section>
  );
}

function Summary({ report }: { report: Report }) {
  const { t } = useTranslation();
  const figureNames = [...new Set(report.summary.flatMap((s) => Object.keys(s.figures)))] as ReportFigure[];
  const hasAmount = report.summary.some((s) => s.amount !== null);
  // Held, paid and returned withdrawals are steps of the same money: their sum means nothing.
  const additive = report.report !== 'withdrawals';
  const totals = [...new Set(report.summary.map((s) => s.currency))].map((currency) => {
    const rows = report.summary.filter((s) => s.currency === currency);
    return { currency, count: rows.reduce((n, s) => n + s.count, 0), amount: rows.reduce((n, s) => n + (s.amount ?? 0), 0) };
  });
  return (
    // A region that scrolls sideways on a phone takes the keyboard's focus, so it can be scrolled without a pointer.
    <div className="admin-table-wrap panel" role="region" aria-label={t('admin.reports.summary')} tabIndex={0}>
      <table className="admin-table" data-testid="report-summary">
        <caption>{t('admin.reports.summary')}</caption>
        <thead>
          <tr>
            {report.report !== 'operators' && <th scope="col">{t('admin.reports.column.currency')}</th>}
            <th scope="col">{t(`admin.reports.group.${report.report}`)}</th>
            <th scope="col" className="admin-table__num">{t('admin.reports.count')}</th>
            {hasAmount && <th scope="col" className="admin-table__num">{t(`admin.reports.amountOf.${report.report}`)}</th>}
            {figureNames.map((f) => <th key={f} scope="col" className="admin-table__num">{t(`admin.reports.figure.${f}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {report.summary.map((s) => (
            <tr key={`${s.currency}:${s.group}`}>
              {report.report !== 'operators' && <td>{s.currency}</td>}
              <th scope="row">{s.group}</th>
              <td className="admin-table__num">{s.count}</td>
              {hasAmount && <td className="admin-table__num">{formatAmount(s.amount)}</td>}
              {figureNames.map((f) => <td key={f} className="admin-table__num">{f.endsWith('Count') ? s.figures[f] : formatAmount(s.figures[f])}</td>)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map((total) => (
            <tr key={total.currency ?? 'all'} data-testid={`report-total-${total.currency ?? 'all'}`}>
              {report.report !== 'operators' && <td>{total.currency}</td>}
              <th scope="row">{t('admin.reports.total')}</th>
              <td className="admin-table__num">{total.count}</td>
              {hasAmount && <td className="admin-table__num" data-testid={`report-total-amount-${total.currency}`}>{additive ? formatAmount(total.amount) : ''}</td>}
              {figureNames.map((f) => <td key={f} />)}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

function Lines({ report }: { report: Report }) {
  const { t } = useTranslation();
  const cell = (column: string, value: string | number | null) => {
    if (value === null) return '';
    if (REPORT_AMOUNT_COLUMNS.has(column)) return formatAmount(value);
    if (column === 'at') return formatDateTime(value);
    return String(value);
  };
  return (
    <div className="admin-table-wrap panel" role="region" aria-label={t('admin.reports.lines', { total: report.total })} tabIndex={0}>
      <table className="admin-table" data-testid="report-lines">
        <caption>{t('admin.reports.lines', { total: report.total })}</caption>
        <thead>
          <tr>{(report.columns as ReportColumn[]).map((c) => <th key={c} scope="col" className={REPORT_AMOUNT_COLUMNS.has(c) ? 'admin-table__num' : undefined}>{t(`admin.reports.column.${c}`)}</th>)}</tr>
        </thead>
        <tbody>
          {report.items.map((line, i) => (
            <tr key={String(line.entry_id ?? line.audit_id ?? i)}>
              {report.columns.map((c) => <td key={c} className={REPORT_AMOUNT_COLUMNS.has(c) ? 'admin-table__num' : undefined}>{cell(c, line[c] ?? null)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
