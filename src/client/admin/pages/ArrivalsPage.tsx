import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminArrivals, adminAssignArrival, adminDismissArrival, adminMembers, ARRIVAL_STATUSES, type ResponseOf } from '../../../contract';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, ReasonAction, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

type Arrival = ResponseOf<typeof adminArrivals>['items'][number];
type Status = (typeof ARRIVAL_STATUSES)[number];

/**
 * Bank transfers that arrived in our AUTO-mode accounts and no member was credited for: the
 * operator finds who sent it and assigns it (the wallet is credited once), or dismisses it.
 */
export function ArrivalsPage() {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<Status>('unmatched');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminArrivals, { query: { status, q: q || undefined, page } }), [status, q, page]);

  return (
    <section className="admin-page" aria-labelledby="arrivals-title">
      <PageHead id="arrivals-title" title={t('admin.nav.arrivals')} />
      <StatusTabs value={status} options={ARRIVAL_STATUSES} label={(s) => t(`admin.arrivals.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); }} />
      <form className="admin-search" role="search" onSubmit={(e) => { e.preventDefault(); setQ(text.trim()); setPage(1); }}>
        <label htmlFor={filterId} className="visually-hidden">{t('admin.arrivals.filter')}</label>
        <div className="field__control"><input id={filterId} className="field__input" type="search" maxLength={100} placeholder={t('admin.arrivals.filter')} value={text} onChange={(e) => setText(e.target.value)} /></div>
        <button type="submit" className="btn btn--ghost">{t('admin.audit.filter')}</button>
      </form>
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((a) => <ArrivalCard key={a.id} arrival={a} onDone={reload} />)}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}

function ArrivalCard({ arrival: a, onDone }: { arrival: Arrival; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useOperator();
  const { busy, run } = useAction();
  const decide = can('arrivals.decide') && a.status === 'unmatched';
  return (
    <li className="admin-card panel" data-testid="arrival" data-status={a.status}>
      <div className="admin-card__top">
        <strong>{a.senderName ?? a.senderAccount}</strong>
        <span><Money value={a.amount} /> <span className="admin-currency">{a.currency === 'BAHT' ? 'THB' : a.currency}</span></span>
      </div>
      <dl className="admin-facts">
        <Fact label={t('admin.arrivals.senderAccount')}>{a.senderBank} {a.senderAccount}</Fact>
        <Fact label={t('admin.arrivals.receivedIn')}>{a.bankCode} {a.receivingAccount}</Fact>
        <Fact label={t('admin.arrivals.reference')}>{a.reference}</Fact>
        <Fact label={t('admin.arrivals.receivedAt')}><When value={a.receivedAt} /></Fact>
        {a.reason && a.status === 'unmatched' && <Fact label={t('admin.arrivals.whyWaiting')}>{t(`admin.arrivals.reason.${a.reason}`)}</Fact>}
        {a.memberName && <Fact label={t('admin.arrivals.member')}>{a.memberName} · {a.username}</Fact>}
        {a.slipId && <Fact label={t('admin.arrivals.bySlip')}>{a.slipId}</Fact>}
        {a.decidedBy && <Fact label={t('admin.decidedBy')}>{a.decidedBy}</Fact>}
        {a.note && <Fact label={t('admin.arrivals.noteLabel')}>{a.note}</Fact>}
      </dl>
      {decide && (
        <div className="admin-arrival__decide">
          <AssignForm busy={busy} onAssign={(memberId, note) => run(() => adminCall(adminAssignArrival, { params: { id: a.id }, body: { memberId, note } }), t('admin.arrivals.assigned'), onDone)} />
          <ReasonAction label={t('admin.arrivals.dismiss')} confirmLabel={t('admin.arrivals.confirmDismiss')} disabled={busy}
            onConfirm={(note) => void run(() => adminCall(adminDismissArrival, { params: { id: a.id }, body: { note } }), t('admin.arrivals.dismissed'), onDone)} />
        </div>
      )}
    </li>
  );
}

/** Finds the member who sent it (phone, name or bank account), then credits the one the operator picks. */
function AssignForm({ busy, onAssign }: { busy: boolean; onAssign: (memberId: number, note?: string) => void }) {
  const { t } = useTranslation();
  const ids = { search: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const { data, error } = useLoad(() => (q === null ? Promise.resolve(null) : adminCall(adminMembers, { query: { q, page: 1 } })), [q]);
  if (!open) return <button type="button" className="btn btn--gold" onClick={() => setOpen(true)}>{t('admin.arrivals.assign')}</button>;
  return (
    <div className="admin-assign" aria-label={t('admin.arrivals.assign')} role="group">
      <form className="admin-search" role="search" onSubmit={(e) => { e.preventDefault(); if (text.trim()) setQ(text.trim()); }}>
        <label htmlFor={ids.search} className="visually-hidden">{t('admin.arrivals.searchMember')}</label>
        <div className="field__control">
          <input id={ids.search} className="field__input" type="search" maxLength={100} autoFocus placeholder={t('admin.arrivals.searchMember')} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--ghost">{t('admin.members.find')}</button>
      </form>
      {q !== null && <LoadState error={error} loading={!data} empty={false} />}
      {data && data.items.length === 0 && <p className="admin-note">{t('admin.arrivals.noMembers')}</p>}
      {data && data.items.length > 0 && (
        <>
          <label className="field__label" htmlFor={ids.note}>{t('admin.arrivals.note')}</label>
          <div className="field__control"><input id={ids.note} className="field__input" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} /></div>
          <ul className="admin-rows admin-assign__members">
            {data.items.map((m) => (
              <li key={m.id} data-testid="assign-candidate">
                <span className="admin-assign__who">
                  <strong>{m.name}</strong>
                  <span className="admin-member-link__meta">{m.username} · {m.bankCode} {m.bankAccountNo}</span>
                </span>
                <button type="button" className="btn btn--gold" disabled={busy}
                  onClick={() => onAssign(m.id, note.trim() || undefined)}>
                  {t('admin.arrivals.assignTo', { name: m.name })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="btn btn--ghost" onClick={() => { setOpen(false); setQ(null); }}>{t('admin.cancel')}</button>
    </div>
  );
}
