import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../api';
import { formatAmount, formatBankAccountNo } from '../format';
import { Dialog } from '../ui/Dialog';
import { AlertIcon } from '../ui/icons';
import type { WalletHome } from './balance';
import { checkWithdraw, checkWithdrawAmount, type WithdrawLimits, type WithdrawProblem } from './moneyForms';
import type { WithdrawAllRequest, WithdrawRequest } from './moneyRequests';
import { MoneyResultAlert } from './MoneyResultAlert';
import { useCurrencyLabel } from './useCurrency';
import { useMoneyAction } from './useMoneyAction';
import './wallet.css';

interface WithdrawModalProps {
  open: boolean;
  onClose: () => void;
  home: WalletHome;
  onSettled: () => void;
}

/**
 * The withdraw modal: an amount between the server's withdrawMin and withdrawMax, or the whole
 * balance (withdrawAll, required while holding a bonus), always to the member's own bank account.
 */
export function WithdrawModal({ open, onClose, home, onSettled }: WithdrawModalProps) {
  const { t } = useTranslation();
  const action = useMoneyAction();
  const { done, failure } = action;

  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  useEffect(() => {
    if (done || failure) onSettled();
  }, [done, failure, onSettled]);

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={t('withdraw.title')}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              form="withdraw-form"
              className="btn btn--gold"
              disabled={!action.canConfirm}
              aria-busy={action.busy}
              data-testid="withdraw-submit"
            >
              {action.busy && <span className="spinner" aria-hidden="true" />}
              {action.busy ? t('withdraw.submitting') : t('withdraw.submit')}
            </button>
          </>
        }
      >
        <WithdrawForm home={home} canConfirm={action.canConfirm} waiting={action.waiting} onConfirm={action.confirm} />
      </Dialog>
      <MoneyResultAlert
        done={done}
        doneTitle={t('withdraw.doneTitle')}
        doneBody={t('withdraw.doneBody')}
        failure={failure}
        stillPendingTitle={t('withdraw.stillPendingTitle')}
        canRetry={action.canRetry}
        onRetry={action.retry}
        onAcknowledge={action.acknowledge}
      />
    </>
  );
}

type Limits = { state: 'loading' } | { state: 'ready'; limits: WithdrawLimits } | { state: 'unknown' };

function WithdrawForm({
  home,
  canConfirm,
  waiting,
  onConfirm,
}: {
  home: WalletHome;
  canConfirm: boolean;
  waiting: boolean;
  onConfirm: (request: WithdrawRequest | WithdrawAllRequest) => void;
}) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const ids = { amount: useId(), error: useId(), limits: useId(), warning: useId() };
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);
  const [limits, setLimits] = useState<Limits>({ state: 'loading' });
  const balance = home.wallet.amount;
  const { bankAccount } = home;
  const bankName = bankAccount.bank.name;

  useEffect(() => {
    let live = true;
    call(endpoints.lookupWithdraw)
      .then((answer) => live && setLimits({ state: 'ready', limits: answer }))
      // Without limits the form still works: the server checks the bounds and says why.
      .catch(() => live && setLimits({ state: 'unknown' }));
    return () => {
      live = false;
    };
  }, []);
  const known = limits.state === 'ready' ? limits.limits : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkWithdraw(amount, known);
    if (!checked.ok) {
      setProblem(checked.problem);
      document.getElementById(ids.amount)?.focus();
      return;
    }
    onConfirm({ operation: 'withdraw', amount: checked.amount });
  };

  const withdrawAll = () => {
    const checked = checkWithdrawAmount(balance, known);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onConfirm({ operation: 'withdrawAll', amount: checked.amount });
  };

  const message =
    problem === 'minimum' && known
      ? t('withdraw.minimum', { min: formatAmount(known.withdrawMin), currency })
      : problem === 'maximum' && known
        ? t('withdraw.maximum', { max: formatAmount(known.withdrawMax), currency })
        : problem === 'empty'
          ? t('withdraw.empty')
          : problem === 'format'
            ? t('wallet.amountFormat')
            : problem
              ? t('wallet.amountRequired')
              : undefined;

  return (
    <form id="withdraw-form" className="money-form" onSubmit={submit} noValidate>
      <dl className="money-facts">
        <div className="money-facts__row">
          <dt>{t('withdraw.balance')}</dt>
          <dd className="money-facts__amount" data-testid="withdraw-balance">
            {formatAmount(balance)} {currency}
          </dd>
        </div>
        <div className="money-facts__row money-facts__row--stacked">
          <dt>{t('withdraw.toAccount')}</dt>
          <dd>
            <span className="money-facts__bank">{bankName}</span>
            <span className="money-facts__account">{formatBankAccountNo(bankAccount.bankAccountNo)}</span>
            <span className="money-facts__account">{bankAccount.bankAccountName}</span>
          </dd>
        </div>
      </dl>

      <div className="field">
        <label htmlFor={ids.amount} className="field__label">
          {t('withdraw.amount')}
        </label>
        <div className={`field__control${problem ? ' is-invalid' : ''}`}>
          <input
            id={ids.amount}
            name="amount"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            data-autofocus
            className="field__input"
            placeholder={formatAmount(0)}
            value={amount}
            aria-invalid={Boolean(problem)}
            aria-describedby={[message ? ids.error : '', known ? ids.limits : '', ids.warning].filter(Boolean).join(' ')}
            onChange={(event) => {
              setAmount(event.target.value);
              setProblem(null);
            }}
          />
          <span className="field__suffix">{currency}</span>
        </div>
        {message && (
          <p id={ids.error} className="field__error">
            {message}
          </p>
        )}
        {known && (
          <p id={ids.limits} className="field__hint">
            {t('withdraw.limits', { min: formatAmount(known.withdrawMin), max: formatAmount(known.withdrawMax), currency })}
          </p>
        )}
      </div>

      <button type="button" className="btn btn--ghost btn--block" onClick={withdrawAll} disabled={!canConfirm} data-testid="withdraw-all">
        {t('withdraw.all')} · {formatAmount(balance)} {currency}
      </button>

      <p id={ids.warning} className="money-form__warning">
        <AlertIcon size={18} className="money-form__warning-icon" />
        <span>{t('withdraw.warning')}</span>
      </p>

      {waiting && (
        <p className="money-form__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('withdraw.pending')}
        </p>
      )}
    </form>
  );
}
