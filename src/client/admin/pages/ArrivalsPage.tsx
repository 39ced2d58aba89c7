import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminArrivals, adminAssignArrival, adminDismissArrival, adminMembers, ARRIVAL_STATUSES, type ResponseOf } from '../../../contract';
import { formatBankAccountNo, formatDateTime } from '../../format';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, ReasonAction, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

type Arrival = ResponseOf<typeof adminArrivals>['items'][number];
type Status = (typeof ARRIVAL_STATUSES)[number];

/**
 * Transfers that arrived in our AUTO-mode accounts (bank, True Wallet) and no member was credited
 * for: the operator finds who sent it and assigns it (the wallet is credited once), or dismisses
 * it. A waiting bank transfer lists the members who told us of a transfer of its amount and time
 * (their deposit notices), each with a button that assigns it to that member.
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
  const wallet = a.channel === 'truewallet';
  // A QR payment held past the member's deposit limit or during a pause (issue 31): its sender is the member who made the code.
  const qr = a.channel === 'qr';
  const assign = (memberId: number, note?: string) =>
    run(() => adminCall(adminAssignArrival, { params: { id: a.id }, body: { memberId, note } }), t('admin.arrivals.assigned'), onDone);
  return (
    <li className="admin-card panel" data-testid="arrival" data-status={a.status} data-channel={a.channel}>
      <div className="admin-card__top">
        <strong>{a.senderName ?? a.senderAccount}</strong>
        <span><Money value={a.amount} /> <span className="admin-currency">{a.currency === 'BAHT' ? 'THB' : a.currency}</span></span>
      </div>
      <dl className="admin-facts">
        {wallet && <Fact label={t('admin.arrivals.senderPhone')}>{a.senderAccount}</Fact>}
        {qr && <Fact label={t('admin.arrivals.qrBy')}>{a.senderName} · {a.senderAccount}</Fact>}
        {a.channel === 'bank' && <Fact label={t('admin.arrivals.senderAccount')}>{a.senderBank} {a.senderAccount}</Fact>}
        <Fact label={t('admin.arrivals.receivedIn')}>
          {wallet ? `${t('admin.arrivals.truewallet')} ${a.receivingAccount}` : qr ? `${t('admin.arrivals.qrPayment')} ${a.bankCode}` : `${a.bankCode} ${a.receivingAccount}`}
        </Fact>
        <Fact label={t('admin.arrivals.reference')}>{a.reference}</Fact>
        <Fact label={t('admin.arrivals.receivedAt')}><When value={a.receivedAt} /></Fact>
        {a.reason && a.status === 'unmatched' && <Fact label={t('admin.arrivals.whyWaiting')}>{t(`admin.arrivals.reason.${a.reason}`)}</Fact>}
        {a.memberName && <Fact label={t('admin.arrivals.member')}>{a.memberName} · {a.username}</Fact>}
        {a.slipId && <Fact label={t('admin.arrivals.bySlip')}>{a.slipId}</Fact>}
        {a.matchedNoticeId && <Fact label={t('admin.arrivals.notices.matched')}>{a.matchedNoticeId}</Fact>}
        {a.decidedBy && <Fact label={t('admin.decidedBy')}>{a.decidedBy}</Fact>}
        {a.note && <Fact label={t('admin.arrivals.noteLabel')}>{a.note}</Fact>}
      </dl>
      {a.notices.length > 0 && <ArrivalNotices notices={a.notices} decide={decide} busy={busy} onAssign={(memberId) => void assign(memberId)} />}
      {decide && (
        <div className="admin-arrival__decide">
          <AssignForm busy={busy} onAssign={(memberId, note) => void assign(memberId, note)} />
          <ReasonAction label={t('admin.arrivals.dismiss')} confirmLabel={t('admin.arrivals.confirmDismiss')} disabled={busy}
            onConfirm={(note) => void run(() => adminCall(adminDismissArrival, { params: { id: a.id }, body: { note } }), t('admin.arrivals.dismissed'), onDone)} />
        </div>
      )}
    </li>
  );
}

/**
 * The members' word that they sent a transfer of this amount (their deposit notices): who, from
 * which registered account, whether that account fits the transfer's sender, and when they told
 * us. Crediting one goes through the usual assignment, which closes the member's notice.
 */
function ArrivalNotices({ notices, decide, busy, onAssign }: { notices: Arrival['notices']; decide: boolean; busy: boolean; onAssign: (memberId: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="admin-arrival__notices" aria-labelledby={titleId}>
      <p id={titleId} className="field__label">{t('admin.arrivals.notices.title')}</p>
      <ul className="admin-rows admin-assign__members">
        {notices.map((n) => (
          <li key={n.id} data-testid="arrival-notice" data-member={n.memberId}>
            <span className="admin-assign__who">
              <strong>{n.memberName}</strong>
              <span className="admin-member-link__meta">
                {n.username} · {t('admin.arrivals.notices.account', { bank: n.senderBank, account: formatBankAccountNo(n.senderAccount) })}
              </span>
              <span className="admin-member-link__meta">
                <span className={n.accountFits ? 'admin-fits' : 'admin-differs'}>
                  {n.accountFits ? t('admin.arrivals.notices.accountFits') : t('admin.arrivals.notices.accountDiffers')}
                </span>
                {' · '}{t('admin.arrivals.notices.made', { time: formatDateTime(n.createdAt) })}
              </span>
            </span>
            {decide && (
              <button type="button" className="btn btn--gold" disabled={busy} onClick={() => onAssign(n.memberId)} data-testid="arrival-notice-credit">
                {t('admin.arrivals.notices.creditTo', { name: n.memberName })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
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
