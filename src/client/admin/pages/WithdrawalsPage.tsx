import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApproveWithdrawal, adminMarkWithdrawalPaid, adminRejectWithdrawal, adminWithdrawals } from '../../../contract';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, ReasonAction, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

const STATUSES = ['queued', 'paying', 'paid', 'rejected'] as const;

/** Withdrawals waiting for approval (queued) or for a manual payout (paying), and the history. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { can } = useOperator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('queued');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminWithdrawals, { query: { status, page } }), [status, page]);
  const { busy, run } = useAction();
  const decide = can('withdrawals.decide');

  return (
    <section className="admin-page" aria-labelledby="withdrawals-title">
      <PageHead id="withdrawals-title" title={t('admin.nav.withdrawals')} />
      <StatusTabs value={status} options={STATUSES} label={(s) => t(`admin.withdrawals.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); }} />
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((w) => (
          <li key={w.id} className="admin-card panel" data-testid="withdrawal">
            <div className="admin-card__top">
              <strong>{w.memberName}</strong>
              <Money value={w.amount} />
            </div>
            <dl className="admin-facts">
              <Fact label={t('admin.member.phone')}>{w.username}</Fact>
              <Fact label={t('admin.member.bank')}>{w.bankCode} {w.bankAccountNo} · {w.bankAccountName}</Fact>
              <Fact label={t('admin.requestedAt')}><When value={w.createdAt} /></Fact>
              {w.decidedBy && <Fact label={t('admin.decidedBy')}>{w.decidedBy}</Fact>}
              {w.note && <Fact label={t('admin.reason')}>{w.note}</Fact>}
            </dl>
            {decide && (w.status === 'queued' || w.status === 'paying') && (
              <div className="admin-actions">
                {w.status === 'queued' && (
                  <button type="button" className="btn btn--gold" disabled={busy}
                    onClick={() => run(() => adminCall(adminApproveWithdrawal, { params: { id: w.id } }), t('admin.withdrawals.approved'), reload)}>
                    {t('admin.approve')}
                  </button>
                )}
                {w.status === 'paying' && (
                  <button type="button" className="btn btn--gold" disabled={busy}
                    onClick={() => run(() => adminCall(adminMarkWithdrawalPaid, { params: { id: w.id }, body: {} }), t('admin.withdrawals.markedPaid'), reload)}>
                    {t('admin.withdrawals.markPaid')}
                  </button>
                )}
                <ReasonAction label={t('admin.reject')} confirmLabel={t('admin.confirmReject')} disabled={busy}
                  onConfirm={(reason) => run(() => adminCall(adminRejectWithdrawal, { params: { id: w.id }, body: { reason } }), t('admin.withdrawals.rejected'), reload)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}
