import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_NOTICE } from '../../contract';
import { errorText } from '../api';
import { formatAmount, formatBankAccountNo, formatDateTime } from '../format';
import { AlertIcon, CheckIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import type { WalletHome } from '../wallet/balance';
import { BAHT_STEP, decimalsOf, readAmount, typableAmount } from '../wallet/moneyForms';
import { ClockIcon } from './depositIcons';
import { depositNoticeMachine, noticesToShow, readDepositNotices, type DepositNotice } from './depositNotices';

/**
 * Where the member's "I have transferred" notices stand, at the top of the bank tab: noted and
 * waiting for the bank, credited, or not arrived in time (then the slip is the way). Read when
 * the tab opens and again whenever the wallet changes (a credit closes a notice).
 */
export function DepositNoticeStates({ changes, currency }: { changes: number; currency: string }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<DepositNotice[]>([]);
  useEffect(() => {
    let live = true;
    // A list that cannot be read is left out (SPEC section 8: lists fail quietly).
    readDepositNotices().then(
      (read) => live && setNotices(read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [changes]);
  const shown = noticesToShow(notices, new Date(), DEPOSIT_NOTICE.lifetimeHours);
  if (shown.length === 0) return null;
  return (
    <ul className="deposit-notices" aria-label={t('deposit.notice.listTitle')} data-testid="deposit-notices">
      {shown.map((notice) => (
        <li key={notice.id} className={`deposit-notice deposit-notice--${notice.state}`} data-testid="deposit-notice" data-state={notice.state}>
          <span className="deposit-notice__icon" aria-hidden="true">
            {notice.state === 'matched' ? <CheckIcon size={18} /> : notice.state === 'pending' ? <ClockIcon size={18} /> : <AlertIcon size={18} />}
          </span>
          <span>
            {t(`deposit.notice.state.${notice.state}`, {
              amount: formatAmount(notice.amount),
              currency,
              time: formatDateTime(notice.createdAt),
              hours: DEPOSIT_NOTICE.lifetimeHours,
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface NoticeFormProps {
  /** The member's registered account: the transfer came from it. */
  bankAccount: WalletHome['bankAccount'] | null;
  currency: string;
  /** The member's currency's amount step (money lookup): 1 for whole kip. */
  step?: number;
  onSent: () => void;
  onCancel: () => void;
}

/**
 * "I have transferred": the amount the member sent from the registered account, told to us as a
 * notice (machines/moneyActionMachine: one key per press, kept while the outcome is unknown). It
 * credits nothing; the answer is a toast, and the modal closes as SPEC's transfer-done button does.
 */
export function DepositNoticeForm({ bankAccount, currency, step = BAHT_STEP, onSent, onCancel }: NoticeFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { amount: useId(), hint: useId() };
  const [typed, setTyped] = useState('');
  const actor = useActorRef(depositNoticeMachine);
  const snapshot = useSelector(actor, (s) => s);
  useEffect(() => {
    const subscription = actor.subscribe((s) => {
      if (s.matches('done')) {
        const notice = s.context.result as DepositNotice;
        const key = notice.state === 'matched' ? 'deposit.notice.sentMatched' : 'deposit.notice.sent';
        toast.success(t(key, { amount: formatAmount(notice.amount), currency }));
        actor.send({ type: 'result.acknowledged' });
        onSent();
      } else if (s.matches({ failed: 'awaitingConnection' })) {
        // Issue 32: sent again with the same key when the connection is back, and toasted then.
        toast.info(t('wallet.connectionLostToast'));
        actor.send({ type: 'result.acknowledged' });
      } else if (s.matches('failed') && s.context.failure) {
        toast.error(errorText(t, s.context.failure.code));
        actor.send({ type: 'result.acknowledged' });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, toast, t, currency, onSent]);

  const reading = readAmount(typed, step);
  const request = reading.ok && reading.amount > 0 ? { operation: 'depositNotice', amount: reading.amount } : null;
  const busy = snapshot.matches('submitting') || snapshot.matches('pendingRetry');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request) actor.send({ type: 'action.confirmed', request });
  };
  return (
    <form className="deposit-notice-form" onSubmit={submit} noValidate aria-label={t('deposit.notice.formTitle')} data-testid="deposit-notice-form">
      <p className="deposit-notice-form__title">{t('deposit.notice.formTitle')}</p>
      <div className="field">
        <label htmlFor={ids.amount} className="field__label">
          {t('deposit.notice.amount')}
        </label>
        <div className="field__control">
          <input
            id={ids.amount}
            name="amount"
            type="text"
            inputMode={decimalsOf(step) === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            autoFocus
            className="field__input"
            placeholder={decimalsOf(step) === 0 ? '0' : formatAmount(0)}
            value={typed}
            readOnly={busy}
            aria-describedby={ids.hint}
            onChange={(event) => setTyped(typableAmount(event.target.value, step))}
          />
          <span className="field__suffix">{currency}</span>
        </div>
        <p id={ids.hint} className="field__hint">
          {bankAccount
            ? t('deposit.notice.fromAccount', { bank: bankAccount.bank.name, account: formatBankAccountNo(bankAccount.bankAccountNo) })
            : t('deposit.fromOwnAccount')}{' '}
          {t('deposit.notice.explain')}
        </p>
      </div>
      <div className="deposit-notice-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {t('deposit.notice.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--gold"
          disabled={!request || !snapshot.can({ type: 'action.confirmed', request })}
          aria-busy={busy}
          data-testid="deposit-notice-send"
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {t('deposit.notice.send')}
        </button>
      </div>
    </form>
  );
}
