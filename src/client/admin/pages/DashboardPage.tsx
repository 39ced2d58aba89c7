import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminDashboard, type ResponseOf } from '../../../contract';
import { formatAmount } from '../../format';
import { adminCall } from '../api';
import { LoadState, PageHead, When } from '../parts';
import { browserTimeZone, presetRange, type DayRange } from '../reports/dayRange';
import { RangePicker } from '../reports/RangePicker';
import { SeriesChart } from '../reports/SeriesChart';
import { useDashboardLive } from '../reports/useDashboardLive';
import { useLoad } from '../useLoad';

type Dashboard = ResponseOf<typeof adminDashboard>;
type Figures = Dashboard['currencies'][number];

const formatCount = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

/**
 * How the business is doing, from the ledger (issue 30): the operator's range in their time zone,
 * one section per currency, a tile per figure with its chart and how it is computed, the queues
 * waiting now. Live: it reads the figures again when money moves (at most once a second).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => presetRange('today', new Date(), browserTimeZone()));
  const { data, error, reload } = useLoad(() => adminCall(adminDashboard, { query: range }), [range]);
  const live = useDashboardLive(reload);

  return (
    <section className="admin-page" aria-labelledby="dashboard-title">
      <PageHead id="dashboard-title" title={t('admin.nav.dashboard')}>
        <span className={`admin-live${live ? ' admin-live--on' : ''}`} data-testid="dashboard-live" role="status">
          <span className="admin-live__dot" aria-hidden="true" />
          {live ? t('admin.dashboard.live') : t('admin.dashboard.notLive')}
        </span>
      </PageHead>
      <RangePicker value={range} onChange={setRange} />
      <LoadState error={error} loading={!data} empty={false} />
      {data && (
        <>
          <p className="admin-note">{t('admin.dashboard.readAt')} <When value={data.at} /></p>
          <Queues queues={data.queues} />
          {data.currencies.map((c) => <CurrencySection key={c.currency} figures={c} dashboard={data} />)}
        </>
      )}
    </section>
  );
}

function Queues({ queues }: { queues: Dashboard['queues'] }) {
  const { t } = useTranslation();
  const items: { key: keyof Dashboard['queues']; to: string }[] = [
    { key: 'withdrawalsQueued', to: '/admin/withdrawals' },
    { key: 'withdrawalsPaying', to: '/admin/withdrawals' },
    { key: 'slipsPending', to: '/admin/slips' },
    { key: 'arrivalsUnmatched', to: '/admin/arrivals' },
    { key: 'adjustmentsProposed', to: '/admin/adjustments' },
    { key: 'configChangesPending', to: '/admin/config' },
  ];
  return (
    <section className="panel admin-queues" aria-labelledby="queues-title">
      <h2 id="queues-title">{t('admin.dashboard.queues.title')}</h2>
      <ul className="admin-queues__list">
        {items.map((q) => (
          <li key={q.key}>
            <Link to={q.to} className={queues[q.key] > 0 ? 'admin-queues__item admin-queues__item--waiting' : 'admin-queues__item'} data-testid={`queue-${q.key}`}>
              <strong>{formatCount(queues[q.key])}</strong>
              <span>{t(`admin.dashboard.queues.${q.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CurrencySection({ figures: f, dashboard }: { figures: Figures; dashboard: Dashboard }) {
  const { t } = useTranslation();
  const { buckets } = dashboard;
  const money = formatAmount;
  const id = `currency-${f.currency}`;
  return (
    <section className="admin-currency" aria-labelledby={id} data-testid={`dashboard-${f.currency}`}>
      <h2 id={id}>{f.currency === 'BAHT' || f.currency === 'LAK' ? t(`admin.dashboard.currency.${f.currency}`) : f.currency}</h2>
      <div className="admin-tiles">
        <Tile name="deposits" value={money(f.deposits.total)} sub={t('admin.dashboard.entries', { count: f.deposits.count })} buckets={buckets} series={f.deposits.series} format={money}>
          <Breakdown rows={f.deposits.byChannel.map((c) => [c.channel, `${money(c.total)} · ${formatCount(c.count)}`])} />
        </Tile>
        <Tile name="withdrawals" value={money(f.withdrawals.total)} sub={t('admin.dashboard.entries', { count: f.withdrawals.count })} buckets={buckets} series={f.withdrawals.series} format={money} />
        <Tile name="netDeposits" value={money(f.netDeposits.total)} buckets={buckets} series={f.netDeposits.series} format={money} />
        <Tile name="ggr" value={money(f.ggr.total)} buckets={buckets} series={f.ggr.series} format={money}>
          <Breakdown rows={f.ggr.byProvider.map((p) => [p.provider, money(p.total)])} />
        </Tile>
        <Tile name="bonusCost" value={money(f.bonusCost.total)} buckets={buckets} series={f.bonusCost.series} format={money}>
          <Breakdown rows={f.bonusCost.byKind.map((k) => [t(`admin.dashboard.bonusKind.${k.kind}`), money(k.total)])} />
        </Tile>
        <Tile name="ngr" value={money(f.ngr.total)} buckets={buckets} series={f.ngr.series} format={money} />
        <Tile name="firstDeposits" value={formatCount(f.firstDeposits.count)} sub={t('admin.dashboard.average', { amount: money(f.firstDeposits.average) })}
          buckets={buckets} series={f.firstDeposits.series} format={money} />
        <Tile name="registrations" value={formatCount(f.registrations.count)} buckets={buckets} series={f.registrations.series} format={formatCount} />
        <Tile name="activeMembers" value={formatCount(f.activeMembers.count)} buckets={buckets} series={f.activeMembers.series} format={formatCount} />
        <Tile name="liability" value={money(f.liability.now)} sub={t('admin.dashboard.atEnd', { amount: money(f.liability.atEnd) })}
          buckets={buckets} series={f.liability.series} format={money} shape="line" />
        <Tile name="adjustments" value={money(f.adjustments.total)} sub={t('admin.dashboard.entries', { count: f.adjustments.count })} buckets={buckets} series={f.adjustments.series} format={money} />
      </div>
    </section>
  );
}

type FigureName = 'deposits' | 'withdrawals' | 'netDeposits' | 'ggr' | 'bonusCost' | 'ngr' | 'firstDeposits' | 'registrations' | 'activeMembers' | 'liability' | 'adjustments';

function Tile({ name, value, sub, buckets, series, format, shape = 'bars', children }: {
  name: FigureName; value: string; sub?: string; buckets: string[]; series: number[]; format: (v: number) => string; shape?: 'bars' | 'line'; children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`admin.dashboard.figure.${name}`);
  return (
    <article className="panel admin-tile" data-testid={`tile-${name}`}>
      <h3>{title}</h3>
      <p className="admin-tile__value" data-testid={`tile-${name}-value`}>{value}</p>
      {sub && <p className="admin-note">{sub}</p>}
      {children}
      <SeriesChart title={title} buckets={buckets} values={series} format={format} shape={shape} height={96}>
        <details className="admin-tile__how">
          <summary>{t('admin.dashboard.howComputed')}</summary>
          <p>{t(`admin.dashboard.how.${name}`)}</p>
        </details>
      </SeriesChart>
    </article>
  );
}

function Breakdown({ rows }: { rows: [string, string][] }) {
  if (!rows.length) return null;
  return (
    <dl className="admin-breakdown">
      {rows.map(([label, value]) => (
        <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  );
}
