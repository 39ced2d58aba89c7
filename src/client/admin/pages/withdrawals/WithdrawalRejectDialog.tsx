import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_REJECT_REASONS, type OperatorRejectReason } from '../../../../contract';
import { isValidWithdrawalDecision, REJECTION_NOTE_MAX } from '../../../../../machines/withdrawalDecisionMachine';
import { Dialog } from '../../../ui/Dialog';
import { Money } from '../../parts';
import type { WithdrawalItem } from './WithdrawalReviewDialog';

/**
 * Rejecting asks why, in the member's words: a standard reason (worded in the member's language on
 * their statement) and the operator's own words, required with "Other". The words are plain text:
 * the statement shows them as typed, never as html.
 */
export function WithdrawalRejectDialog({ withdrawal, busy, onConfirm, onClose }: {
  withdrawal: WithdrawalItem | null; busy: boolean; onConfirm: (reasonCode: OperatorRejectReason, note: string) => void; onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reasonCode, setReasonCode] = useState<OperatorRejectReason>('OTHER');
  const [note, setNote] = useState('');
  const valid = isValidWithdrawalDecision({ verdict: 'reject', note, reasonCode });
  const close = () => { setNote(''); setReasonCode('OTHER'); onClose(); };
  return (
    <Dialog open={withdrawal !== null} onClose={close} testId="withdrawal-reject" title={t('admin.withdrawals.rejectDialog.title')}
      footer={withdrawal && (
        <div className="admin-actions">
          <button type="button" className="btn btn--ghost" onClick={close}>{t('admin.cancel')}</button>
          <button type="submit" form={`${id}-form`} className="btn btn--danger" disabled={busy || !valid} data-testid="withdrawal-reject-confirm">
            {t('admin.confirmReject')}
          </button>
        </div>
      )}>
      {withdrawal && (
        <form id={`${id}-form`} className="withdrawal-review" onSubmit={(e) => { e.preventDefault(); if (valid && !busy) onConfirm(reasonCode, note); }}>
          <div className="admin-card__top">
            <strong>{withdrawal.memberName}</strong>
            <Money value={withdrawal.amount} />
          </div>
          <fieldset className="withdrawal-reasons">
            <legend className="field__label">{t('admin.withdrawals.rejectDialog.reason')}</legend>
            {OPERATOR_REJECT_REASONS.map((code) => (
              <label key={code} className="withdrawal-reasons__option">
                <input type="radio" name={`${id}-reason`} value={code} checked={reasonCode === code} onChange={() => setReasonCode(code)} />
                <span>{t(`statement.withdrawReason.${code}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-note`} className="field__label">
              {t(reasonCode === 'OTHER' ? 'admin.withdrawals.rejectDialog.wordsRequired' : 'admin.withdrawals.rejectDialog.words')}
            </label>
            <div className="field__control">
              <textarea id={`${id}-note`} className="field__input" rows={3} maxLength={REJECTION_NOTE_MAX} value={note}
                data-testid="withdrawal-reject-note" onChange={(e) => setNote(e.target.value)} />
            </div>
            <p className="admin-note">{t('admin.withdrawals.rejectDialog.wordsHint')}</p>
          </div>
        </form>
      )}
    </Dialog>
  );
}
