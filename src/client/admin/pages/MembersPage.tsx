import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminMembers } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, PageHead, Pager, When } from '../parts';
import { useLoad } from '../useLoad';

/** Search by phone, name or bank account number. */
export function MembersPage() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, error } = useLoad(() => adminCall(adminMembers, { query: { q, page } }), [q, page]);
  return (
    <section className="admin-page" aria-labelledby="members-title">
      <PageHead id="members-title" title={t('admin.nav.members')} />
      <form className="admin-search" role="search" onSubmit={(e) => { e.preventDefault(); setQ(text.trim()); setPage(1); }}>
        <label htmlFor={id} className="visually-hidden">{t('admin.members.search')}</label>
        <div className="field__control"><input id={id} className="field__input" type="search" placeholder={t('admin.members.search')} value={text} onChange={(e) => setText(e.target.value)} /></div>
        <button type="submit" className="btn btn--gold">{t('admin.members.find')}</button>
      </form>
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((m) => (
          <li key={m.id} className="admin-card panel">
            <Link to={`/admin/members/${m.id}`} className="admin-member-link">
              <span className="admin-card__top">
                <strong>{m.name}</strong>
                <span className={`admin-badge admin-badge--${m.status}`}>{t(`admin.members.status.${m.status}`)}</span>
              </span>
              <span className="admin-member-link__meta">{m.id} · {m.username} · {m.bankCode} {m.bankAccountNo} · <When value={m.createdAt} /></span>
            </Link>
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}
