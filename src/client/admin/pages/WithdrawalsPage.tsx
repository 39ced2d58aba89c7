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
import { DecisionFailure, Fact, LoadState, Money, PageHead, Pager, StatusTabs, When } from '../parts';
import { SignalBadges } from '../member360/Signals';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';
import { WithdrawalRejectDialog } from './withdrawals/WithdrawalRejectDialog';
import { approvalsGiven, approvalStep, WithdrawalReviewDialog, type WithdrawalItem } from './withdrawals/WithdrawalReviewDialog';
import './withdrawals/withdrawals.css';

const STATUSES = ['queued', 'paying', 'paid', 'rejected'] as const;
/** Refusals the operator answers inside the open review (a new code), instead of beside the item. */
const RETYPE_IN_REVIEW = ['APPROVAL_CODE_INVALID', 'APPROVAL_CODE_REQUIRED'];

const sendWithdrawalDecision = ({ withdrawalId, decision }: WithdrawalDecisionInput) => {
  const params = { id: withdrawalId };
  switch (decision.verdict) {
    case 'approve': return adminCall(adminApproveWithdrawal, { params, body: decision.code ? { code: decision.code } : {} });
    case 'markPaid': return adminCall(adminMarkWithdrawalPaid, { params, body: {} });
    case 'reject': return adminCall(adminRejectWithdrawal, { params, body: { reasonCode: decision.reasonCode ?? 'OTHER', reason: decision.note || undefined } });
  }
};

const doneText = (decision: WithdrawalDecision, item: WithdrawalItem | undefined) =>
  decision.verdict === 'approve' && item && approvalStep(item) === 'first' ? 'admin.withdrawals.firstApproved'
    : ({ approve: 'admin.withdrawals.approved', markPaid: 'admin.withdrawals.markedPaid', reject: 'admin.withdrawals.rejected' } as const)[decision.verdict];

/**
 * Withdrawals waiting for approval (queued) or for a manual payout (paying), and the history.
 * Approving opens a review (the member's 360 and signals, the approvals it needs); above the
 * four-eyes amount the second approval is another operator's, with their authenticator code.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { can } = useOperator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('queued');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminWithdrawals, { query: { status, page } }), [status, page]);
  const latest = useLatest({ t, toast, reload, items: data?.items });
  const [decision, send] = useMachine(
    withdrawalDecisionMachine.provide({
      actors: { sendWithdrawalDecision: fromPromise<unknown, WithdrawalDecisionInput>(({ input }) => sendWithdrawalDecision(input)) },
      actions: {
        announceDecided: (_, { withdrawalId, decision }) => {
          const { t, toast, reload, items } = latest.current;
          toast.success(t(doneText(decision, items?.find((i) => i.id === withdrawalId))));
          reload();
        },
        // Another operator or the payout may have settled it first: the list shows how it stands now.
        announceRefused: (_, { code }) => {
          const { t, toast, reload } = latest.current;
          toast.error(errorText(t, code));
          if (!RETYPE_IN_REVIEW.includes(code)) reload();
        },
      },
    }),
  );
  const decide = can('withdrawals.decide');
  const { withdrawalId, failure } = decision.context;
  const verdict = decision.context.decision?.verdict;
  const current = data?.items.find((w) => w.id === withdrawalId) ?? null;
  const busy = decision.matches('sending');
  const reviewOpen = decision.matches('reviewing')
    || (verdict === 'approve' && (busy || (decision.matches('failed') && RETYPE_IN_REVIEW.includes(failure?.code ?? ''))));
  const rejectOpen = decision.matches('confirmingRejection') || (verdict === 'reject' && busy);
  const onThis = (id: string) => withdrawalId === id;

  return (
    <section className="admin-page" aria-labelledby="withdrawals-title">
      <PageHead id="withdrawals-title" title={t('admin.nav.withdrawals')} />
      <StatusTabs value={status} options={STATUSES} label={(s) => t(`admin.withdrawals.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); }} />
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((w) => (
          <li key={w.id} className="admin-card panel" data-testid="withdrawal" data-approvals={`${approvalsGiven(w)}/${w.approvalsRequired}`}>
            <div className="admin-card__top">
              <strong>{w.memberName}</strong>
              <Money value={w.amount} />
            </div>
            <SignalBadges codes={w.signals} />
            {w.approvalsRequired === 2 && (
              <p className="withdrawal-approvals" data-testid="withdrawal-approvals">
                <span className="admin-badge withdrawal-approvals__badge">
                  {t('admin.withdrawals.approvals.count', { given: approvalsGiven(w), required: w.approvalsRequired })}
                </span>
                {w.status === 'queued' && w.firstApprovedBy && !w.approvableByYou && decide && <span>{t('admin.withdrawals.approvals.waitingOther')}</span>}
              </p>
            )}
            <dl className="admin-facts">
              <Fact label={t('admin.member.phone')}>{w.username}</Fact>
              <Fact label={t('admin.member.bank')}>{w.bankCode} {w.bankAccountNo} · {w.bankAccountName}</Fact>
              <Fact label={t('admin.requestedAt')}><When value={w.createdAt} /></Fact>
              {w.firstApprovedBy && <Fact label={t('admin.withdrawals.approvals.first')}>{w.firstApprovedBy}</Fact>}
              {w.decidedBy && <Fact label={t('admin.decidedBy')}>{w.decidedBy}</Fact>}
              {w.rejectReason && <Fact label={t('admin.reason')}>{t(`statement.withdrawReason.${w.rejectReason}`)}</Fact>}
              {w.note && <Fact label={w.rejectReason ? t('admin.withdrawals.rejectDialog.words') : t('admin.reason')}>{w.note}</Fact>}
            </dl>
            {decide && (w.status === 'queued' || w.status === 'paying') && (
              <div className="admin-actions">
                {w.status === 'queued' && w.approvableByYou && (
                  <button type="button" className="btn btn--gold" disabled={!decision.can({ type: 'review.opened', withdrawalId: w.id })}
                    onClick={() => send({ type: 'review.opened', withdrawalId: w.id })}>
                    {t(approvalStep(w) === 'second' ? 'admin.withdrawals.approveSecond' : 'admin.approve')}
                  </button>
                )}
                {w.status === 'paying' && (
                  <button type="button" className="btn btn--gold" disabled={!decision.can({ type: 'decision.sent', withdrawalId: w.id, decision: { verdict: 'markPaid' } })}
                    onClick={() => send({ type: 'decision.sent', withdrawalId: w.id, decision: { verdict: 'markPaid' } })}>
                    {t('admin.withdrawals.markPaid')}
                  </button>
                )}
                <button type="button" className="btn btn--ghost" disabled={!decision.can({ type: 'rejection.opened', withdrawalId: w.id })}
                  onClick={() => send({ type: 'rejection.opened', withdrawalId: w.id })}>
                  {t('admin.reject')}
                </button>
              </div>
            )}
            {decision.matches('failed') && onThis(w.id) && failure && !reviewOpen && (
              <DecisionFailure code={failure.code} canRetry={decision.can({ type: 'decision.retried' })} onRetry={() => send({ type: 'decision.retried' })} />
            )}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
      <WithdrawalReviewDialog withdrawal={reviewOpen ? current : null} busy={busy} failure={reviewOpen && decision.matches('failed') ? failure?.code ?? null : null}
        onClose={() => send({ type: 'review.cancelled' })}
        onConfirm={(code) => withdrawalId && send({ type: 'decision.sent', withdrawalId, decision: { verdict: 'approve', ...(code ? { code } : {}) } })} />
      <WithdrawalRejectDialog withdrawal={rejectOpen ? current : null} busy={busy}
        onClose={() => send({ type: 'rejection.cancelled' })}
        onConfirm={(reasonCode, note) => withdrawalId && send({ type: 'decision.sent', withdrawalId, decision: { verdict: 'reject', note, reasonCode } })} />
    </section>
  );
}
