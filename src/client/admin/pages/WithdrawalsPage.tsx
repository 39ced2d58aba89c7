import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { withdrawalDecisionMachine, type WithdrawalDecision, type WithdrawalDecisionInput } from '../../../../machines/withdrawalDecisionMachine';
import { adminApproveWithdrawal, adminMarkWithdrawalPaid, adminRejectWithdrawal, adminWithdrawals } from '../../../contract';
import { errorText } from '../../api/errors';
import { useLatest } from '../../ui/useLatest';
import { useToast } from '../../ui/toastContext';
import { adminCall } from '../api';
import { DecisionFailure, Fact, LoadState, Money, PageHead, Pager, ReasonForm, StatusTabs, When } from '../parts';
import { SignalBadges } from '../member360/Signals';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';

const STATUSES = ['queued', 'paying', 'paid', 'rejected'] as const;

const sendWithdrawalDecision = ({ withdrawalId, decision }: WithdrawalDecisionInput) => {
  const params = { id: withdrawalId };
  switch (decision.verdict) {
    case 'approve': return adminCall(adminApproveWithdrawal, { params });
    case 'markPaid': return adminCall(adminMarkWithdrawalPaid, { params, body: {} });
    case 'reject': return adminCall(adminRejectWithdrawal, { params, body: { reason: decision.note } });
  }
};

const DONE_TEXT = { approve: 'admin.withdrawals.approved', markPaid: 'admin.withdrawals.markedPaid', reject: 'admin.withdrawals.rejected' } as const;

/** Withdrawals waiting for approval (queued) or for a manual payout (paying), and the history. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { can } = useOperator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('queued');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminWithdrawals, { query: { status, page } }), [status, page]);
  const latest = useLatest({ t, toast, reload });
  const [decision, send] = useMachine(
    withdrawalDecisionMachine.provide({
      actors: { sendWithdrawalDecision: fromPromise<unknown, WithdrawalDecisionInput>(({ input }) => sendWithdrawalDecision(input)) },
      actions: {
        announceDecided: (_, { decision }) => {
          const { t, toast, reload } = latest.current;
          toast.success(t(DONE_TEXT[decision.verdict]));
          reload();
        },
        // Another operator or the payout may have settled it first: the list shows how it stands now.
        announceRefused: (_, { code }) => {
          const { t, toast, reload } = latest.current;
          toast.error(errorText(t, code));
          reload();
        },
      },
    }),
  );
  const decide = can('withdrawals.decide');
  const canSend = (withdrawalId: string, verdict: WithdrawalDecision) => decision.can({ type: 'decision.sent', withdrawalId, decision: verdict });
  const onThis = (withdrawalId: string) => decision.context.withdrawalId === withdrawalId;

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
            <SignalBadges codes={w.signals} />
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
                  <button type="button" className="btn btn--gold" disabled={!canSend(w.id, { verdict: 'approve' })}
                    onClick={() => send({ type: 'decision.sent', withdrawalId: w.id, decision: { verdict: 'approve' } })}>
                    {t('admin.approve')}
                  </button>
                )}
                {w.status === 'paying' && (
                  <button type="button" className="btn btn--gold" disabled={!canSend(w.id, { verdict: 'markPaid' })}
                    onClick={() => send({ type: 'decision.sent', withdrawalId: w.id, decision: { verdict: 'markPaid' } })}>
                    {t('admin.withdrawals.markPaid')}
                  </button>
                )}
                {decision.matches('confirmingRejection') && onThis(w.id)
                  ? <ReasonForm confirmLabel={t('admin.confirmReject')}
                      onConfirm={(note) => send({ type: 'decision.sent', withdrawalId: w.id, decision: { verdict: 'reject', note } })}
                      onCancel={() => send({ type: 'rejection.cancelled' })} />
                  : <button type="button" className="btn btn--ghost" disabled={!decision.can({ type: 'rejection.opened', withdrawalId: w.id })}
                      onClick={() => send({ type: 'rejection.opened', withdrawalId: w.id })}>
                      {t('admin.reject')}
                    </button>}
              </div>
            )}
            {decision.matches('failed') && onThis(w.id) && decision.context.failure && (
              <DecisionFailure code={decision.context.failure.code} canRetry={decision.can({ type: 'decision.retried' })} onRetry={() => send({ type: 'decision.retried' })} />
            )}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}
