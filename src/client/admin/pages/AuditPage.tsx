import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminAudit } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, PageHead, Pager, When } from '../parts';
import { useLoad } from '../useLoad';

const show = (value: unknown) => (value === null || value === undefined ? '-' : JSON.stringify(value));

/** The append-only audit log: who did what, to what, before and after, when, from where. */
export function AuditPage() {
  const { t } = useTranslation();
  const ids = { operator: useId(), action: useId(), target: useId() };
  const [form, setForm] = useState({ operator: '', action: '', targetId: '' });
  const [filter, setFilter] = useState(form);
  const [page, setPage] = useState(1);
  const { data, error } = useLoad(() => adminCall(adminAudit, {
    query: { page, ...(filter.operator ? { operator: filter.operator } : {}), ...(filter.action ? { action: filter.action } : {}), ...(filter.targetId ? { targetId: filter.targetId } : {}) },
  }), [filter, page]);
  const field = (key: keyof typeof form, id: string, label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="field__control"><input id={id} className="field__input" value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} /></div>
    </div>
  );
  return (
    <section className="admin-page" aria-labelledby="audit-title">
      <PageHead id="audit-title" title={t('admin.nav.audit')} />
      <form className="admin-card panel admin-form" role="search" onSubmit={(e) => { e.preventDefault(); setFilter(form); setPage(1); }}>
        <div className="admin-form__grid">
          {field('operator', ids.operator, t('admin.audit.operator'))}
          {field('action', ids.action, t('admin.audit.action'))}
          {field('targetId', ids.target, t('admin.audit.target'))}
        </div>
        <button type="submit" className="btn btn--gold">{t('admin.audit.filter')}</button>
      </form>
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.when')}</th><th scope="col">{t('admin.audit.operator')}</th><th scope="col">{t('admin.audit.action')}</th>
              <th scope="col">{t('admin.audit.target')}</th><th scope="col">{t('admin.audit.before')}</th><th scope="col">{t('admin.audit.after')}</th>
              <th scope="col">{t('admin.audit.address')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.items.map((line) => (
              <tr key={line.id} data-testid="audit-line">
                <td><When value={line.createdAt} /></td><td>{line.operator ?? '-'}</td><td>{line.action}</td>
                <td>{line.targetType ?? ''} {line.targetId ?? ''}</td><td className="admin-json">{show(line.before)}</td>
                <td className="admin-json">{show(line.after)}</td><td>{line.ip ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}
