import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApproveSlip, adminRejectSlip, adminSlip, adminSlips, SLIP_REJECT_REASONS } from '../../../contract';
import { errorText } from '../../api/errors';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

const STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;

/** Slips the bank has not confirmed wait here; the operator reads the image beside the QR's fields. */
export function SlipsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => adminCall(adminSlips, { query: { status, page } }), [status, page]);

  return (
    <section className="admin-page" aria-labelledby="slips-title">
      <PageHead id="slips-title" title={t('admin.nav.slips')} />
      <StatusTabs value={status} options={STATUSES} label={(s) => t(`admin.slips.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); setOpen(null); }} />
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((s) => (
          <li key={s.id} className="admin-card panel" data-testid="slip">
            <div className="admin-card__top">
              <strong>{s.memberName}</strong>
              <Money value={s.amount} />
            </div>
            <dl className="admin-facts">
              <Fact label={t('admin.member.phone')}>{s.username}</Fact>
              <Fact label={t('admin.slips.reference')}>{s.reference ?? '-'}</Fact>
              <Fact label={t('admin.slips.sendingBank')}>{s.sendingBank ?? '-'}</Fact>
              <Fact label={t('admin.requestedAt')}><When value={s.createdAt} /></Fact>
              {s.note && <Fact label={t('admin.reason')}>{errorText(t, s.note)}</Fact>}
            </dl>
            {open === s.id ? <SlipReview id={s.id} onDone={() => { setOpen(null); reload(); }} />
              : <button type="button" className="btn btn--ghost" onClick={() => setOpen(s.id)}>{t('admin.slips.review')}</button>}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}

function SlipReview({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useOperator();
  const ids = { amount: useId(), reason: useId() };
  const { data, error } = useLoad(() => adminCall(adminSlip, { params: { id } }), [id]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<(typeof SLIP_REJECT_REASONS)[number]>('INVALID_SLIP');
  const { busy, run } = useAction();
  if (!data) return <LoadState error={error} loading empty={false} />;
  const value = Number(amount);
  const decide = can('slips.decide') && data.status === 'PENDING';
  return (
    <div className="admin-slip">
      {data.image && <img className="admin-slip__image" src={data.image} alt={t('admin.slips.imageAlt', { name: data.memberName })} />}
      {decide && (
        <div className="admin-slip__decide">
          <form onSubmit={(e) => { e.preventDefault(); if (value > 0) void run(() => adminCall(adminApproveSlip, { params: { id }, body: { amount: value } }), t('admin.slips.approved'), onDone); }}>
            <label className="field__label" htmlFor={ids.amount}>{t('admin.slips.amountOnSlip')}</label>
            <div className="field__control">
              <input id={ids.amount} className="field__input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))} />
            </div>
            <button type="submit" className="btn btn--gold" disabled={busy || !(value > 0)}>{t('admin.approve')}</button>
          </form>
          <form onSubmit={(e) => { e.preventDefault(); void run(() => adminCall(adminRejectSlip, { params: { id }, body: { reason } }), t('admin.slips.rejected'), onDone); }}>
            <label className="field__label" htmlFor={ids.reason}>{t('admin.reason')}</label>
            <select id={ids.reason} className="admin-select" value={reason} onChange={(e) => setReason(e.target.value as typeof reason)}>
              {SLIP_REJECT_REASONS.map((r) => <option key={r} value={r}>{errorText(t, r)}</option>)}
            </select>
            <button type="submit" className="btn btn--ghost" disabled={busy}>{t('admin.reject')}</button>
          </form>
        </div>
      )}
    </div>
  );
}
