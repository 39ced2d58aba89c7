import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketLabel } from './dayRange';
import type { SeriesChartProps } from './UPlotChart';

// uPlot loads with the first chart, in its own chunk: the console's other pages never fetch it.
const UPlotChart = lazy(() => import('./UPlotChart'));

/**
 * A figure's series: the chart, and the same numbers as a table behind a disclosure (the text
 * alternative for screen readers and for anyone who wants the figures); `children` are further
 * disclosures on the same row (how the figure is computed).
 */
export function SeriesChart(props: SeriesChartProps & { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { buckets, values, format, title, height, children, ...chart } = props;
  return (
    <figure className="admin-chart">
      <Suspense fallback={<div className="admin-chart__plot" style={{ height }} aria-hidden="true" />}>
        <UPlotChart {...chart} buckets={buckets} values={values} format={format} height={height} />
      </Suspense>
      <div className="admin-chart__foot">
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
      {children}
      </div>
    </figure>
  );
}
