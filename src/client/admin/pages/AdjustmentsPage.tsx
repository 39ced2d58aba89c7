import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assign, fromPromise } from 'xstate';
import { adjustmentDecisionMachine, type AdjustmentDecisionInput } from '../../../../machines/adjustmentDecisionMachine';
import { adjustmentProposalMachine, type AdjustmentProposal, type ProposeAdjustmentInput } from '../../../../machines/adjustmentProposalMachine';
import { adminAdjustments, adminApproveAdjustment, adminProposeAdjustment, adminRejectAdjustment } from '../../../contract';
import { newIdempotencyKey } from '../../api/call';
import { errorText } from '../../api/errors';
import { useLatest } from '../../ui/useLatest';
import { useToast } from '../../ui/toastContext';
import { adminCall } from '../api';
import { DecisionFailure, Fact, LoadState, Money, PageHead, Pager, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';

const STATUSES = ['proposed', 'approved', 'rejected'] as const;

const sendAdjustmentDecision = ({ adjustmentId, verdict }: AdjustmentDecisionInput) =>
  adminCall(verdict === 'approve' ? adminApproveAdjustment : adminRejectAdjustment, { params: { id: adjustmentId } });

/** Manual credits and debits: one operator proposes, another approves (maker-checker). */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { can, operator } = useOperator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('proposed');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminAdjustments, { query: { status, page } }), [status, page]);
  const latest = useLatest({ t, toast, reload });
  const [decision, send] = useMachine(
    adjustmentDecisionMachine.provide({
      actors: { sendAdjustmentDecision: fromPromise<unknown, AdjustmentDecisionInput>(({ input }) => sendAdjustmentDecision(input)) },
      actions: {
        announceDecided: (_, { verdict }) => {
          const { t, toast, reload } = latest.current;
          toast.success(verdict === 'approve' ? t('admin.adjustments.approved') : t('admin.adjustments.rejected'));
          reload();
        },
        announceRefused: (_, { code }) => {
          const { t, toast, reload } = latest.current;
          toast.error(errorText(t, code));
          reload();
        },
      },
    }),
  );
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
                    <button type="button" className="btn btn--gold" disabled={!decision.can({ type: 'decision.sent', adjustmentId: a.id, verdict: 'approve' })}
                      onClick={() => send({ type: 'decision.sent', adjustmentId: a.id, verdict: 'approve' })}>
                      {t('admin.approve')}
                    </button>
                  )}
                <button type="button" className="btn btn--ghost" disabled={!decision.can({ type: 'decision.sent', adjustmentId: a.id, verdict: 'reject' })}
                  onClick={() => send({ type: 'decision.sent', adjustmentId: a.id, verdict: 'reject' })}>
                  {t('admin.reject')}
                </button>
              </div>
            )}
            {decision.matches('failed') && decision.context.adjustmentId === a.id && decision.context.failure && (
              <DecisionFailure code={decision.context.failure.code} canRetry={decision.can({ type: 'decision.retried' })} onRetry={() => send({ type: 'decision.retried' })} />
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
  const toast = useToast();
  const ids = { member: useId(), direction: useId(), amount: useId(), reason: useId() };
  const [memberId, setMemberId] = useState('');
  const [direction, setDirection] = useState<AdjustmentProposal['direction']>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const latest = useLatest({ t, toast, onProposed });
  // The machine keeps the proposal's idempotency key across retries: a retry never proposes twice.
  const [proposal, send] = useMachine(
    adjustmentProposalMachine.provide({
      actors: {
        proposeAdjustment: fromPromise<unknown, ProposeAdjustmentInput>(({ input }) =>
          adminCall(adminProposeAdjustment, { body: input.proposal, idempotencyKey: input.key })),
      },
      actions: {
        assignFreshKey: assign({ key: () => newIdempotencyKey() }),
        announceProposed: () => {
          const { t, toast, onProposed } = latest.current;
          toast.success(t('admin.adjustments.proposed'));
          setAmount('');
          setReason('');
          onProposed();
        },
        // The fields stay as typed: the operator retries, or corrects what was refused.
        announceRefused: (_, { code }) => {
          const { t, toast } = latest.current;
          toast.error(errorText(t, code));
        },
      },
    }),
  );
  const draft: AdjustmentProposal = { memberId: Number(memberId), direction, amount: Number(amount), reason };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'proposal.submitted', proposal: draft });
  };
  return (
    <form className="admin-card panel admin-form" onSubmit={submit} aria-label={t('admin.adjustments.propose')} aria-busy={proposal.matches('proposing')}>
      <h2>{t('admin.adjustments.propose')}</h2>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={ids.member}>{t('admin.adjustments.memberId')}</label>
          <div className="field__control"><input id={ids.member} className="field__input" inputMode="numeric" value={memberId} onChange={(e) => setMemberId(e.target.value.replace(/\D/g, ''))} /></div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.direction}>{t('admin.adjustments.direction')}</label>
          <select id={ids.direction} className="admin-select" value={direction} onChange={(e) => setDirection(e.target.value as AdjustmentProposal['direction'])}>
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
      <button type="submit" className="btn btn--gold" disabled={!proposal.can({ type: 'proposal.submitted', proposal: draft })}>{t('admin.adjustments.submit')}</button>
      {proposal.matches('failed') && proposal.context.failure && (
        <DecisionFailure code={proposal.context.failure.code} canRetry={proposal.can({ type: 'proposal.retried' })} onRetry={() => send({ type: 'proposal.retried' })} />
      )}
    </form>
  );
}
