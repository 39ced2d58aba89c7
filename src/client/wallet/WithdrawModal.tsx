import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../api';
import { gamesFirstRule, withdrawWithBonusRule } from '../bonus/bonusRules';
import { formatAmount, formatBankAccountNo } from '../format';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { AlertIcon } from '../ui/icons';
import type { WalletHome } from './balance';
import { causeOfRefusal } from './moneyFailures';
import { checkWithdraw, checkWithdrawAmount, decimalsOf, fractionCut, typableAmount, type WithdrawLimits, type WithdrawProblem } from './moneyForms';
import type { WithdrawAllRequest, WithdrawRequest } from './moneyRequests';
import { MoneyResultAlert } from './MoneyResultAlert';
import { useCurrencyLabel } from './useCurrency';
import { useMoneyAction } from './useMoneyAction';
import { useMoneyRules } from './useMoneyRules';
import './wallet.css';

interface WithdrawModalProps {
  open: boolean;
  onClose: () => void;
  home: WalletHome;
  onSettled: () => void;
}

/**
 * The withdraw modal: an amount on the member's step between withdrawMin and withdrawMax (the
 * money rules, in the member's currency), or the whole balance (withdrawAll, required while
 * holding a bonus) after the member accepted its amount, always to the member's own bank
 * account. A refusal whose code hides its cause (money still in a game) is named by it.
 */
export function WithdrawModal({ open, onClose, home, onSettled }: WithdrawModalProps) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const action = useMoneyAction();
  const { done, failure, reviewing } = action;

  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  useEffect(() => {
    if (done || failure) onSettled();
  }, [done, failure, onSettled]);

  const cause = failure && action.request?.operation === 'withdrawAll' ? causeOfRefusal('withdrawAll', failure.code, home.slots) : null;
  const explained = cause
    ? {
        title: t('moneyFailure.moneyInGamesTitle'),
        body: t('moneyFailure.moneyInGamesWithdraw', { games: cause.games.length > 0 ? cause.games.join(', ') : t('moneyFailure.yourGames') }),
      }
    : null;
  const wholeAmount = reviewing?.operation === 'withdrawAll' ? `${formatAmount(reviewing.amount)} ${currency}` : '';

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
        <WithdrawForm home={home} canConfirm={action.canConfirm} waiting={action.waiting} onConfirm={action.confirm} onReviewAll={action.review} />
      </Dialog>
      <ConfirmDialog
        open={reviewing?.operation === 'withdrawAll'}
        title={t('withdraw.allConfirmTitle')}
        confirmLabel={t('withdraw.allConfirm', { amount: wholeAmount })}
        onConfirm={action.accept}
        onCancel={action.decline}
        confirmTestId="withdraw-all-confirm"
      >
        <p data-testid="withdraw-all-amount">
          {t('withdraw.allConfirmBody', {
            amount: wholeAmount,
            bank: home.bankAccount.bank.name,
            account: formatBankAccountNo(home.bankAccount.bankAccountNo),
          })}
        </p>
      </ConfirmDialog>
      <MoneyResultAlert
        done={done}
        doneTitle={t('withdraw.doneTitle')}
        doneBody={t('withdraw.doneBody')}
        failedTitle={t('withdraw.failedTitle')}
        failure={failure}
        stillPendingTitle={t('withdraw.stillPendingTitle')}
        awaitingConnection={action.awaitingConnection}
        recovered={action.recovered}
        canRetry={action.canRetry}
        onRetry={action.retry}
        onAcknowledge={action.acknowledge}
        explained={explained}
      />
    </>
  );
}

/** The bonus the member holds, if any: the withdraw rule it brings is stated before they choose. */
function useHeldBonusAmount(): number | null {
  const [held, setHeld] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    call(endpoints.bonusCurrent)
      .then((answer) => live && setHeld(answer.bonus ? answer.bonus.amount : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return held;
}

function WithdrawForm({
  home,
  canConfirm,
  waiting,
  onConfirm,
  onReviewAll,
}: {
  home: WalletHome;
  canConfirm: boolean;
  waiting: boolean;
  onConfirm: (request: WithdrawRequest) => void;
  onReviewAll: (request: WithdrawAllRequest) => void;
}) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const ids = { amount: useId(), error: useId(), limits: useId(), warning: useId() };
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);
  const [cut, setCut] = useState(false);
  const { rules, step } = useMoneyRules();
  const heldBonus = useHeldBonusAmount();
  const balance = home.wallet.amount;
  const { bankAccount } = home;
  const bankName = bankAccount.bank.name;
  // Without the rules the form still works: the server checks the bounds and says why.
  const known: WithdrawLimits | null = rules ? { withdrawMin: rules.withdrawMin, withdrawMax: rules.withdrawMax, step } : null;
  const decimals = decimalsOf(step);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkWithdraw(amount, known, step);
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
    // The whole balance leaves only after the member saw the amount and accepted it.
    onReviewAll({ operation: 'withdrawAll', amount: checked.amount });
  };

  const message =
    problem === 'minimum' && known
      ? t('withdraw.minimum', { min: formatAmount(known.withdrawMin), currency })
      : problem === 'maximum' && known
        ? t('withdraw.maximum', { max: formatAmount(known.withdrawMax), currency })
        : problem === 'empty'
          ? t('withdraw.empty')
          : problem === 'step'
            ? t('errors.AMOUNT_STEP')
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
            type="text"
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            data-autofocus
            className="field__input"
            placeholder={decimals === 0 ? '0' : formatAmount(0)}
            value={amount}
            aria-invalid={Boolean(problem)}
            aria-describedby={[message ? ids.error : '', known ? ids.limits : '', heldBonus !== null ? ids.warning : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => {
              setAmount(typableAmount(event.target.value, step));
              setCut(fractionCut(event.target.value, step));
              setProblem(null);
            }}
            data-testid="withdraw-amount"
          />
          <span className="field__suffix">{currency}</span>
        </div>
        {cut && (
          <p className="field__hint" role="status" data-testid="amount-whole-only">
            {t('errors.AMOUNT_STEP')}
          </p>
        )}
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

      {heldBonus !== null && (
        <div id={ids.warning} className="money-form__warning" data-testid="withdraw-bonus-rule">
          <AlertIcon size={18} className="money-form__warning-icon" />
          <div>
            <strong>{t('withdraw.heldTitle')}</strong>
            <p>{withdrawWithBonusRule(t, `${formatAmount(heldBonus)} ${currency}`)}</p>
            <p>{gamesFirstRule(t)}</p>
          </div>
        </div>
      )}

      {waiting && (
        <p className="money-form__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('withdraw.pending')}
        </p>
      )}
    </form>
  );
}
