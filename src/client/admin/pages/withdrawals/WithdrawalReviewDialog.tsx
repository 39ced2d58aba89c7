import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { adminWithdrawals, ResponseOf } from '../../../../contract';
import { errorText } from '../../../api/errors';
import { formatAmount } from '../../../format';
import { Dialog } from '../../../ui/Dialog';
import { MemberOverview } from '../../member360/MemberOverview';
import { Fact, Money, When } from '../../parts';

export type WithdrawalItem = ResponseOf<typeof adminWithdrawals>['items'][number];

/** Which approval the operator gives now: the only one, the first of two, or the second (with a code). */
export const approvalStep = (w: WithdrawalItem): 'only' | 'first' | 'second' =>
  w.approvalsRequired === 1 ? 'only' : w.firstApprovedBy === null ? 'first' : 'second';

/** "1 of 2 approvals": how many a withdrawal has of those it needs. */
export const approvalsGiven = (w: WithdrawalItem): number =>
  w.status === 'paying' || w.status === 'paid' ? w.approvalsRequired : w.firstApprovedBy === null ? 0 : 1;

/**
 * Approve-with-confirmation: the withdrawal, its member's 360 and risk signals, how many approvals
 * it needs and who gave the first, and, for the second of two, the operator's authenticator code
 * (a new one: the code that signed them in is spent). Nothing is sent before the confirm button.
 */
export function WithdrawalReviewDialog({ withdrawal, busy, failure, onConfirm, onClose }: {
  withdrawal: WithdrawalItem | null; busy: boolean; failure: string | null; onConfirm: (code?: string) => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const codeId = useId();
  const [code, setCode] = useState('');
  const step = withdrawal ? approvalStep(withdrawal) : 'only';
  const codeReady = step !== 'second' || /^\d{6}$/.test(code);
  const close = () => { setCode(''); onClose(); };
  const confirmLabel = t(step === 'first' ? 'admin.withdrawals.review.confirmFirst' : 'admin.withdrawals.review.confirmPay');
  return (
    <Dialog open={withdrawal !== null} onClose={close} wide testId="withdrawal-review" title={t('admin.withdrawals.review.title')}
      footer={withdrawal && (
        <div className="admin-actions">
          <button type="button" className="btn btn--ghost" onClick={close}>{t('admin.cancel')}</button>
          <button type="submit" form={`${codeId}-form`} className="btn btn--gold" disabled={busy || !codeReady} data-testid="withdrawal-review-confirm">
            {confirmLabel}
          </button>
        </div>
      )}>
      {withdrawal && (
        <div className="withdrawal-review">
          <div className="admin-card__top">
            <strong>{withdrawal.memberName}</strong>
            <Money value={withdrawal.amount} />
          </div>
          <dl className="admin-facts">
            <Fact label={t('admin.member.phone')}>{withdrawal.username}</Fact>
            <Fact label={t('admin.member.bank')}>{withdrawal.bankCode} {withdrawal.bankAccountNo} · {withdrawal.bankAccountName}</Fact>
            <Fact label={t('admin.requestedAt')}><When value={withdrawal.createdAt} /></Fact>
            <Fact label={t('admin.withdrawals.approvals.label')}>
              <span data-testid="withdrawal-review-approvals">
                {t('admin.withdrawals.approvals.count', { given: approvalsGiven(withdrawal), required: withdrawal.approvalsRequired })}
              </span>
            </Fact>
            {withdrawal.firstApprovedBy && (
              <Fact label={t('admin.withdrawals.approvals.first')}>
                {withdrawal.firstApprovedBy} · <When value={withdrawal.firstApprovedAt} />
              </Fact>
            )}
          </dl>
          <p className="admin-note withdrawal-review__rule" data-testid="withdrawal-review-rule">
            {step === 'only' && t('admin.withdrawals.review.only')}
            {step === 'first' && t('admin.withdrawals.review.first', { amount: formatAmount(withdrawal.secondApprovalAbove) })}
            {step === 'second' && t('admin.withdrawals.review.second')}
          </p>
          {/* Outside the confirm form: the 360's tag and note forms must never submit an approval. */}
          <MemberOverview memberId={withdrawal.memberId} withdrawalId={withdrawal.id} />
          <form id={`${codeId}-form`} onSubmit={(e) => {
            e.preventDefault();
            if (busy || !codeReady) return;
            onConfirm(step === 'second' ? code : undefined);
          }}>
            {step === 'second' && (
              <div className="field">
                <label htmlFor={codeId} className="field__label">{t('admin.withdrawals.review.code')}</label>
                <div className="field__control">
                  <input id={codeId} className="field__input" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6}
                    value={code} data-autofocus data-testid="withdrawal-review-code" onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
                </div>
                <p className="admin-note">{t('admin.withdrawals.review.codeHint')}</p>
              </div>
            )}
          </form>
          {failure && <p className="admin-note admin-note--error" role="alert">{errorText(t, failure)}</p>}
        </div>
      )}
    </Dialog>
  );
}
