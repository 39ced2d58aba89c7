import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminAudit, adminAuditFacets, type QueryOf } from '../../../contract';
import { adminCall } from '../api';
import { ChangeDiff } from '../diff/ChangeDiff';
import { LoadState, PageHead, Pager, When } from '../parts';
import { useLoad } from '../useLoad';

interface Filter {
  operator: string;
  action: string;
  /** Local calendar days, YYYY-MM-DD (the date inputs' value), both included. */
  from: string;
  to: string;
}

const NONE: Filter = { operator: '', action: '', from: '', to: '' };

/** A local day's start as an instant; `next` gives the start of the day after (the range's end, exclusive). */
const dayStart = (day: string, next = false) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + (next ? 1 : 0)).toISOString();
};
const localDay = (iso: string | null) => {
  if (!iso) return undefined;
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Families of actions (`service.` for service.off, service.on...) where more than one action shares the start. */
export const actionFamilies = (actions: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const action of actions) {
    const dot = action.indexOf('.');
    if (dot > 0) counts.set(action.slice(0, dot + 1), (counts.get(action.slice(0, dot + 1)) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([family]) => family);
};

/**
 * The append-only audit log: who did what, to what, when, from where, and what changed (only
 * the changed values, old → new). Filters by operator, action and days, chosen from what occurs
 * in the log (GET /api/admin/audit/facets), never typed.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const ids = { operator: useId(), action: useId(), from: useId(), to: useId() };
  const [filter, setFilter] = useState<Filter>(NONE);
  const [page, setPage] = useState(1);
  const facets = useLoad(() => adminCall(adminAuditFacets), []);
  const query = useMemo(() => {
    const q: NonNullable<QueryOf<typeof adminAudit>> = { page };
    if (filter.operator) q.operator = filter.operator;
    if (filter.action) q.action = filter.action;
    if (filter.from) q.from = dayStart(filter.from);
    if (filter.to) q.to = dayStart(filter.to, true);
    return q;
  }, [filter, page]);
  const { data, error } = useLoad(() => adminCall(adminAudit, { query }), [query]);
  const set = (change: Partial<Filter>) => { setFilter({ ...filter, ...change }); setPage(1); };
  const families = actionFamilies(facets.data?.actions ?? []);
  const first = localDay(facets.data?.first ?? null);
  const last = localDay(facets.data?.last ?? null);
  const filtered = filter.operator || filter.action || filter.from || filter.to;

  return (
    <section className="admin-page" aria-labelledby="audit-title">
      <PageHead id="audit-title" title={t('admin.nav.audit')} />
      <div className="admin-card panel admin-form" role="search" aria-label={t('admin.audit.filters')}>
        <div className="admin-form__grid admin-audit__filters">
          <div className="field admin-audit__wide">
            <label className="field__label" htmlFor={ids.operator}>{t('admin.audit.operator')}</label>
            <select id={ids.operator} className="admin-select" value={filter.operator} data-testid="audit-operator" onChange={(e) => set({ operator: e.target.value })}>
              <option value="">{t('admin.audit.anyOperator')}</option>
              {facets.data?.operators.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
          </div>
          <div className="field admin-audit__wide">
            <label className="field__label" htmlFor={ids.action}>{t('admin.audit.action')}</label>
            <select id={ids.action} className="admin-select" value={filter.action} data-testid="audit-kind" onChange={(e) => set({ action: e.target.value })}>
              <option value="">{t('admin.audit.anyAction')}</option>
              {families.length > 0 && (
                <optgroup label={t('admin.audit.families')}>
                  {families.map((f) => <option key={f} value={f}>{t('admin.audit.family', { family: f.slice(0, -1) })}</option>)}
                </optgroup>
              )}
              <optgroup label={t('admin.audit.actions')}>
                {facets.data?.actions.map((a) => <option key={a} value={a}>{a}</option>)}
              </optgroup>
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.from}>{t('admin.audit.from')}</label>
            <input id={ids.from} type="date" className="admin-select" value={filter.from} min={first} max={filter.to || last} data-testid="audit-from" onChange={(e) => set({ from: e.target.value })} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.to}>{t('admin.audit.to')}</label>
            <input id={ids.to} type="date" className="admin-select" value={filter.to} min={filter.from || first} max={last} data-testid="audit-to" onChange={(e) => set({ to: e.target.value })} />
          </div>
        </div>
        {filtered && <button type="button" className="btn btn--ghost" onClick={() => { setFilter(NONE); setPage(1); }}>{t('admin.audit.clear')}</button>}
      </div>
      <LoadState error={error ?? facets.error} loading={!data} empty={data?.items.length === 0} />
      <ol className="admin-audit">
        {data?.items.map((line) => (
          <li key={line.id} className="admin-card panel admin-audit__line" data-testid="audit-line">
            <div className="admin-audit__head">
              <span className="admin-audit__action" data-testid="audit-action">{line.action}</span>
              <span className="admin-audit__who">{line.operator ?? t('admin.audit.system')}</span>
              <When value={line.createdAt} />
            </div>
            {(line.targetType || line.targetId || line.ip) && (
              <p className="admin-audit__meta">
                {(line.targetType || line.targetId) && <span>{t('admin.audit.target')}: {[line.targetType, line.targetId].filter(Boolean).join(' ')}</span>}
                {line.ip && <span>{t('admin.audit.address')}: {line.ip}</span>}
              </p>
            )}
            <ChangeDiff before={line.before} after={line.after} />
          </li>
        ))}
      </ol>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}
