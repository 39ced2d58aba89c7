import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketLabel } from './dayRange';
import type { SeriesChartProps } from './UPlotChart';

// uPlot loads with the first chart, in its own chunk: the console's other pages never fetch it.
const UPlotChart = lazy(() => import('./UPlotChart'));

/**
 * A figure's series: the chart, and the same numbers as a table behind a disclosure (the text
 * alternative for screen readers and for anyone who wants the figures).
 */
export function SeriesChart(props: SeriesChartProps & { title: string }) {
  const { t } = useTranslation();
  const { buckets, values, format, title, height } = props;
  return (
    <figure className="admin-chart">
      <Suspense fallback={<div className="admin-chart__plot" style={{ height }} aria-hidden="true" />}>
        <UPlotChart {...props} />
      </Suspense>
      <details className="admin-chart__table">
        <summary>{t('admin.dashboard.asTable')}</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead><tr><th scope="col">{t('admin.dashboard.bucket')}</th><th scope="col">{title}</th></tr></thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b}><th scope="row">{bucketLabel(b)}</th><td>{format(values[i] ?? 0)}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
