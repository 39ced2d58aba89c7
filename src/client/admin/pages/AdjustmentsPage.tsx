import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminAdjustments, adminApproveAdjustment, adminProposeAdjustment, adminRejectAdjustment } from '../../../contract';
import { newIdempotencyKey } from '../../api/call';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

const STATUSES = ['proposed', 'approved', 'rejected'] as const;

/** Manual credits and debits: one operator proposes, another approves (maker-checker). */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const { can, operator } = useOperator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('proposed');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminAdjustments, { query: { status, page } }), [status, page]);
  const { busy, run } = useAction();
  const manage = can('adjustments.manage');

  return (
    <section className="admin-page" aria-labelledby="adjustments-title">
      <PageHead id="adjustments-title" title={t('admin.nav.adjustments')} />
      {manage && <ProposalForm onProposed={() => { setStatus('proposed'); reload(); }} />}
      <StatusTabs value={status} options={STATUSES} label={(s) => t(`admin.adjustments.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); }} />
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((a) => (
          <li key={a.id} className="admin-card panel" data-testid="adjustment">
            <div className="admin-card__top">
              <strong>{a.memberName}</strong>
              <span className={a.direction === 'credit' ? 'admin-credit' : 'admin-debit'}>
                {t(`admin.adjustments.${a.direction}`)} <Money value={a.amount} />
              </span>
            </div>
            <dl className="admin-facts">
              <Fact label={t('admin.member.phone')}>{a.username}</Fact>
              <Fact label={t('admin.reason')}>{a.reason}</Fact>
              <Fact label={t('admin.adjustments.proposedBy')}>{a.proposedBy} · <When value={a.createdAt} /></Fact>
              {a.decidedBy && <Fact label={t('admin.decidedBy')}>{a.decidedBy} · <When value={a.decidedAt} /></Fact>}
            </dl>
            {manage && a.status === 'proposed' && (
              <div className="admin-actions">
                {a.proposedBy === operator.username
                  ? <span className="admin-note">{t('admin.adjustments.needsOther')}</span>
                  : (
                    <button type="button" className="btn btn--gold" disabled={busy}
                      onClick={() => run(() => adminCall(adminApproveAdjustment, { params: { id: a.id } }), t('admin.adjustments.approved'), reload)}>
                      {t('admin.approve')}
                    </button>
                  )}
                <button type="button" className="btn btn--ghost" disabled={busy}
                  onClick={() => run(() => adminCall(adminRejectAdjustment, { params: { id: a.id } }), t('admin.adjustments.rejected'), reload)}>
                  {t('admin.reject')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}

function ProposalForm({ onProposed }: { onProposed: () => void }) {
  const { t } = useTranslation();
  const ids = { member: useId(), direction: useId(), amount: useId(), reason: useId() };
  const [memberId, setMemberId] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per proposal the operator is writing: a retried click proposes it once.
  const [key, setKey] = useState(newIdempotencyKey);
  const { busy, run } = useAction();
  const valid = Number(memberId) > 0 && Number(amount) > 0 && reason.trim().length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    void run(() => adminCall(adminProposeAdjustment, { body: { memberId: Number(memberId), direction, amount: Number(amount), reason: reason.trim() }, idempotencyKey: key }),
      t('admin.adjustments.proposed'), () => { setKey(newIdempotencyKey()); setAmount(''); setReason(''); onProposed(); });
  };
  return (
    <form className="admin-card panel admin-form" onSubmit={submit} aria-label={t('admin.adjustments.propose')}>
      <h2>{t('admin.adjustments.propose')}</h2>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={ids.member}>{t('admin.adjustments.memberId')}</label>
          <div className="field__control"><input id={ids.member} className="field__input" inputMode="numeric" value={memberId} onChange={(e) => setMemberId(e.target.value.replace(/\D/g, ''))} /></div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.direction}>{t('admin.adjustments.direction')}</label>
          <select id={ids.direction} className="admin-select" value={direction} onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}>
            <option value="credit">{t('admin.adjustments.credit')}</option>
            <option value="debit">{t('admin.adjustments.debit')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.amount}>{t('admin.adjustments.amount')}</label>
          <div className="field__control"><input id={ids.amount} className="field__input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))} /></div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.reason}>{t('admin.reason')}</label>
          <div className="field__control"><input id={ids.reason} className="field__input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} /></div>
        </div>
      </div>
      <button type="submit" className="btn btn--gold" disabled={busy || !valid}>{t('admin.adjustments.submit')}</button>
    </form>
  );
}
