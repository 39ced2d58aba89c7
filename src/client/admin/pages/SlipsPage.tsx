import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { slipReviewMachine, type SlipDecision, type SlipDecisionInput, type SlipRejectReason } from '../../../../machines/slipReviewMachine';
import type { MoneyFailure } from '../../../../machines/moneyActionMachine';
import { adminApproveSlip, adminRejectSlip, adminSlip, adminSlips, SLIP_REJECT_REASONS } from '../../../contract';
import { errorText } from '../../api/errors';
import { useLatest } from '../../ui/useLatest';
import { useToast } from '../../ui/toastContext';
import { adminCall } from '../api';
import { DecisionFailure, Fact, LoadState, Money, PageHead, Pager, StatusTabs, When } from '../parts';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';

const STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;

const sendSlipDecision = ({ slipId, decision }: SlipDecisionInput) =>
  decision.verdict === 'approve'
    ? adminCall(adminApproveSlip, { params: { id: slipId }, body: { amount: decision.amount } })
    : adminCall(adminRejectSlip, { params: { id: slipId }, body: { reason: decision.reason } });

/** Slips the bank has not confirmed wait here; the operator reads the image beside the QR's fields. */
export function SlipsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING');
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => adminCall(adminSlips, { query: { status, page } }), [status, page]);
  const latest = useLatest({ t, toast, reload });
  const [review, send] = useMachine(
    slipReviewMachine.provide({
      actors: { sendSlipDecision: fromPromise<unknown, SlipDecisionInput>(({ input }) => sendSlipDecision(input)) },
      actions: {
        announceDecided: (_, { decision }) => {
          const { t, toast, reload } = latest.current;
          toast.success(decision.verdict === 'approve' ? t('admin.slips.approved') : t('admin.slips.rejected'));
          reload();
        },
        // The slip may have been decided by another operator: the list shows how it stands now.
        announceRefused: (_, { code }) => {
          const { t, toast, reload } = latest.current;
          toast.error(errorText(t, code));
          reload();
        },
      },
    }),
  );
  const reviewing = review.matches('idle') || review.matches('done') ? null : review.context.slipId;

  return (
    <section className="admin-page" aria-labelledby="slips-title">
      <PageHead id="slips-title" title={t('admin.nav.slips')} />
      <StatusTabs value={status} options={STATUSES} label={(s) => t(`admin.slips.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); send({ type: 'review.closed' }); }} />
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
            {reviewing === s.id
              ? <SlipReview id={s.id} sending={review.matches('sending')} failure={review.matches('failed') ? review.context.failure : null}
                  canSend={(decision) => review.can({ type: 'decision.sent', decision })}
                  onDecide={(decision) => send({ type: 'decision.sent', decision })}
                  canRetry={review.can({ type: 'decision.retried' })} onRetry={() => send({ type: 'decision.retried' })} />
              : <button type="button" className="btn btn--ghost" disabled={review.matches('sending')} onClick={() => send({ type: 'review.opened', slipId: s.id })}>{t('admin.slips.review')}</button>}
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </section>
  );
}

function SlipReview({ id, sending, failure, canSend, onDecide, canRetry, onRetry }: {
  id: string;
  sending: boolean;
  failure: MoneyFailure | null;
  canSend: (decision: SlipDecision) => boolean;
  onDecide: (decision: SlipDecision) => void;
  canRetry: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useOperator();
  const ids = { amount: useId(), reason: useId() };
  const { data, error } = useLoad(() => adminCall(adminSlip, { params: { id } }), [id]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<SlipRejectReason>('INVALID_SLIP');
  if (!data) return <LoadState error={error} loading empty={false} />;
  const approval: SlipDecision = { verdict: 'approve', amount: Number(amount) };
  const rejection: SlipDecision = { verdict: 'reject', reason };
  const decide = can('slips.decide') && data.status === 'PENDING';
  return (
    <div className="admin-slip" aria-busy={sending}>
      {data.image && <img className="admin-slip__image" src={data.image} alt={t('admin.slips.imageAlt', { name: data.memberName })} />}
      {decide && (
        <div className="admin-slip__decide">
          <form onSubmit={(e) => { e.preventDefault(); onDecide(approval); }}>
            <label className="field__label" htmlFor={ids.amount}>{t('admin.slips.amountOnSlip')}</label>
            <div className="field__control">
              <input id={ids.amount} className="field__input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))} />
            </div>
            <button type="submit" className="btn btn--gold" disabled={!canSend(approval)}>{t('admin.approve')}</button>
          </form>
          <form onSubmit={(e) => { e.preventDefault(); onDecide(rejection); }}>
            <label className="field__label" htmlFor={ids.reason}>{t('admin.reason')}</label>
            <select id={ids.reason} className="admin-select" value={reason} onChange={(e) => setReason(e.target.value as SlipRejectReason)}>
              {SLIP_REJECT_REASONS.map((r) => <option key={r} value={r}>{errorText(t, r)}</option>)}
            </select>
            <button type="submit" className="btn btn--ghost" disabled={!canSend(rejection)}>{t('admin.reject')}</button>
          </form>
        </div>
      )}
      {failure && <DecisionFailure code={failure.code} canRetry={canRetry} onRetry={onRetry} />}
    </div>
  );
}
