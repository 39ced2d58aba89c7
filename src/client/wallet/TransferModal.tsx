import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_WALLET_CODE } from '../../contract';
import { formatAmount } from '../format';
import { Dialog } from '../ui/Dialog';
import { accountName, activeGames, openGames, type WalletHome } from './balance';
import { BAHT_TRANSFER_RULES, checkTransfer, decimalsOf, fractionCut, initialTransfer, typableAmount, type TransferErrors, type TransferInput, type TransferRules } from './moneyForms';
import { MoneyResultAlert } from './MoneyResultAlert';
import { useCurrencyLabel } from './useCurrency';
import { useMoneyAction } from './useMoneyAction';
import { useMoneyRules } from './useMoneyRules';
import './wallet.css';

interface TransferModalProps {
  open: boolean;
  onClose: () => void;
  home: WalletHome;
  /** The game to preselect as the destination. */
  to?: string;
  /** The game to move money out of, back to the wallet (a closed provider's): preselected with its whole balance. */
  from?: string;
  /** After a transfer ended (done or failed): the home reloads its balances. */
  onSettled: () => void;
}

/**
 * The transfer modal: from, to (the wallet or an active game), amount. Its machine lives as
 * long as the home, so a transfer still waiting for its provider keeps going when the modal
 * is closed, and its answer still shows.
 */
export function TransferModal({ open, onClose, home, to, from, onSettled }: TransferModalProps) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const action = useMoneyAction();
  const walletLabel = t('wallet.mainWallet');
  const { done, failure } = action;

  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  useEffect(() => {
    if (done || failure) onSettled();
  }, [done, failure, onSettled]);

  const request = action.request?.operation === 'transfer' ? action.request : null;
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={t('transfer.title')}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              form="transfer-form"
              className="btn btn--gold"
              disabled={!action.canConfirm}
              aria-busy={action.busy}
              data-testid="transfer-submit"
            >
              {action.busy && <span className="spinner" aria-hidden="true" />}
              {action.busy ? t('transfer.submitting') : t('transfer.submit')}
            </button>
          </>
        }
      >
        <TransferForm home={home} to={to} from={from} currency={currency} onConfirm={action.confirm} waiting={action.waiting} />
      </Dialog>
      <MoneyResultAlert
        done={done}
        doneTitle={t('transfer.doneTitle')}
        doneBody={
          request
            ? t('transfer.doneBody', {
                amount: formatAmount(request.amount),
                currency,
                from: accountName(request.from, home.slots, walletLabel),
                to: accountName(request.to, home.slots, walletLabel),
              })
            : ''
        }
        failedTitle={t('transfer.failedTitle')}
        failure={failure}
        stillPendingTitle={t('transfer.stillPendingTitle')}
        awaitingConnection={action.awaitingConnection}
        recovered={action.recovered}
        canRetry={action.canRetry}
        onRetry={action.retry}
        onAcknowledge={action.acknowledge}
      />
    </>
  );
}

/** The form itself: mounted each time the modal opens, so it starts fresh. */
function TransferForm({
  home,
  to,
  from,
  currency,
  onConfirm,
  waiting,
}: {
  home: WalletHome;
  to?: string;
  from?: string;
  currency: string;
  onConfirm: (request: { operation: 'transfer'; from: string; to: string; amount: number }) => void;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), amount: useId(), fromError: useId(), toError: useId(), amountError: useId(), amountHint: useId(), available: useId() };
  // Money moves out of every active game, and into those whose provider is open.
  const games = activeGames(home.slots);
  const open = openGames(home.slots);
  const leaving = from ? games.find((g) => g.code === from) : undefined;
  const [form, setForm] = useState<TransferInput>(() => ({
    ...initialTransfer(open.map((g) => g.code), to, leaving?.code),
    amount: leaving && leaving.amount > 0 ? String(leaving.amount) : '',
  }));
  const [errors, setErrors] = useState<TransferErrors>({});
  const [cut, setCut] = useState(false);
  // The member's own step and smallest transfer (whole kip from 1,000); SPEC's baht rule until
  // they arrive, on the member's step, so a kip member never sends fractions.
  const { rules: moneyRules, step } = useMoneyRules();
  const rules: TransferRules = moneyRules ? { step, transferMin: moneyRules.transferMin } : { ...BAHT_TRANSFER_RULES, step };
  const decimals = decimalsOf(step);

  const option = (game: (typeof games)[number]) => ({ code: game.code, label: game.closed ? t('transfer.closedGame', { name: game.name }) : game.name, amount: game.amount });
  const wallet = { code: MAIN_WALLET_CODE, label: t('wallet.mainWallet'), amount: home.wallet.amount };
  const options = [wallet, ...games.map(option)];
  const destinations = [wallet, ...open.map(option)];
  const available = options.find((o) => o.code === form.from)?.amount;

  const edit = (field: keyof TransferInput, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'from' ? { to: undefined } : {}) }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkTransfer(form, rules);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = checked.errors.from ? ids.from : checked.errors.to ? ids.to : ids.amount;
      document.getElementById(first)?.focus();
      return;
    }
    onConfirm({ operation: 'transfer', from: checked.from, to: checked.to, amount: checked.amount });
  };

  const toError =
    errors.to === 'same' ? t('transfer.same') : errors.to === 'required' ? t('transfer.toRequired') : undefined;
  const amountError =
    errors.amount === 'minimum'
      ? t('transfer.minimum', { min: formatAmount(rules.transferMin), currency })
      : errors.amount === 'step'
        ? t('errors.AMOUNT_STEP')
        : errors.amount === 'format'
          ? t('wallet.amountFormat')
          : errors.amount === 'required'
            ? t('wallet.amountRequired')
            : undefined;

  return (
    <form id="transfer-form" className="money-form" onSubmit={submit} noValidate>
      {games.length === 0 && <p className="money-form__note">{t('transfer.noGames')}</p>}

      <div className="field">
        <label htmlFor={ids.from} className="field__label">
          {t('transfer.from')}
        </label>
        <div className={`field__control${errors.from ? ' is-invalid' : ''}`}>
          <select
            id={ids.from}
            className="field__input field__select"
            value={form.from}
            required
            data-autofocus
            aria-invalid={Boolean(errors.from)}
            aria-describedby={errors.from ? ids.fromError : ids.available}
            onChange={(event) => edit('from', event.target.value)}
          >
            <option value="">{t('transfer.choose')}</option>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.label} · {formatAmount(o.amount)}
              </option>
            ))}
          </select>
        </div>
        {errors.from ? (
          <p id={ids.fromError} className="field__error">
            {t('transfer.fromRequired')}
          </p>
        ) : (
          available !== undefined && (
            <p id={ids.available} className="field__hint">
              {t('transfer.available', { amount: `${formatAmount(available)} ${currency}` })}
            </p>
          )
        )}
      </div>

      <div className="field">
        <label htmlFor={ids.to} className="field__label">
          {t('transfer.to')}
        </label>
        <div className={`field__control${errors.to ? ' is-invalid' : ''}`}>
          <select
            id={ids.to}
            className="field__input field__select"
            value={form.to}
            required
            aria-invalid={Boolean(errors.to)}
            aria-describedby={errors.to ? ids.toError : undefined}
            onChange={(event) => edit('to', event.target.value)}
          >
            <option value="">{t('transfer.choose')}</option>
            {destinations.map((o) => (
              <option key={o.code} value={o.code}>
                {o.label} · {formatAmount(o.amount)}
              </option>
            ))}
          </select>
        </div>
        {toError && (
          <p id={ids.toError} className="field__error">
            {toError}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={ids.amount} className="field__label">
          {t('transfer.amount')}
        </label>
        <div className={`field__control${errors.amount ? ' is-invalid' : ''}`}>
          <input
            id={ids.amount}
            name="amount"
            type="text"
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            required
            className="field__input"
            placeholder={decimals === 0 ? '0' : formatAmount(0)}
            value={form.amount}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={amountError ? ids.amountError : moneyRules ? ids.amountHint : undefined}
            onChange={(event) => {
              edit('amount', typableAmount(event.target.value, step));
              setCut(fractionCut(event.target.value, step));
            }}
            data-testid="transfer-amount"
          />
          <span className="field__suffix">{currency}</span>
        </div>
        {cut && (
          <p className="field__hint" role="status" data-testid="amount-whole-only">
            {t('errors.AMOUNT_STEP')}
          </p>
        )}
        {amountError ? (
          <p id={ids.amountError} className="field__error">
            {amountError}
          </p>
        ) : (
          moneyRules && (
            <p id={ids.amountHint} className="field__hint">
              {t('transfer.minimumHint', { min: formatAmount(rules.transferMin), currency })}
            </p>
          )
        )}
      </div>

      {waiting && (
        <p className="money-form__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('transfer.pending')}
        </p>
      )}
    </form>
  );
}
