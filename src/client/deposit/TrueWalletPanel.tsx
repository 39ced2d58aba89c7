import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUEWALLET_MINIMUM } from '../../contract';
import { formatAmount, formatBankAccountNo } from '../format';
import { CopyIcon } from '../ui/icons';
import { useCopy } from './DepositAccountCard';
import { GiftLinkIcon } from './depositIcons';
import { AUTO_MODE, type DepositWallet } from './depositMethods';
import type { DepositActions } from './useDepositActions';

/**
 * True Wallet (SPEC section 2): in AUTO mode the wallet number to send to and a note (True
 * Wallet's notification of the transfer credits the member whose registered phone sent it, so
 * the note names that phone); otherwise the gift-link form — a link field and a send button, off
 * while the field is empty — with the 2 baht minimum. The link is encrypted before it leaves
 * (depositRequests.encryptGiftLink).
 */
export function TrueWalletPanel({ wallets, trueWallet, currency, phone }: {
  wallets: DepositWallet[];
  trueWallet: DepositActions['trueWallet'];
  currency: string;
  /** The member's registered phone, whose True Wallet is credited automatically. */
  phone?: string;
}) {
  const auto = wallets.filter((w) => w.mode === AUTO_MODE);
  const gift = wallets.some((w) => w.mode !== AUTO_MODE);
  return (
    <div className="truewallet">
      {auto.length > 0 && (
        <ul className="deposit-accounts">
          {auto.map((wallet) => (
            <TrueWalletAccount key={wallet.walletAccountNo} wallet={wallet} phone={phone} />
          ))}
        </ul>
      )}
      {gift && <GiftLinkForm trueWallet={trueWallet} currency={currency} />}
    </div>
  );
}

function TrueWalletAccount({ wallet, phone }: { wallet: DepositWallet; phone?: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <li className="deposit-account" data-testid="truewallet-account">
      <div className="deposit-account__head">
        <span className="bank-logo bank-logo--truewallet" aria-hidden="true">
          <GiftLinkIcon size={22} />
        </span>
        <div className="deposit-account__bank">
          <p className="deposit-account__bank-name">{t('truewallet.accountTitle')}</p>
          <p className="deposit-account__name">{wallet.walletAccountName}</p>
        </div>
      </div>
      <div className="deposit-account__number">
        <span className="deposit-account__label">{t('truewallet.accountNo')}</span>
        <span className="deposit-account__digits">{formatBankAccountNo(wallet.walletAccountNo)}</span>
        <button
          type="button"
          className="deposit-copy"
          title={t('deposit.copy', { number: wallet.walletAccountNo })}
          onClick={() => void copy(wallet.walletAccountNo)}
        >
          <CopyIcon size={18} />
          {/* Named by its visible word first, then what it copies (axe: label-content-name-mismatch). */}
          <span>{t('deposit.copyShort')}</span>
          <span className="visually-hidden"> {t('deposit.copyWhat', { number: wallet.walletAccountNo })}</span>
        </button>
      </div>
      <p className="deposit-note" data-testid="truewallet-auto-note">{phone ? t('truewallet.autoFromPhone', { phone }) : t('truewallet.autoNote')}</p>
    </li>
  );
}

function GiftLinkForm({ trueWallet, currency }: { trueWallet: DepositActions['trueWallet']; currency: string }) {
  const { t } = useTranslation();
  const ids = { link: useId(), hint: useId(), minimum: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    trueWallet.send();
  };
  return (
    <form className="truewallet__form" onSubmit={submit} noValidate data-testid="truewallet-form">
      <p className="truewallet__lead">
        <span className="truewallet__icon" aria-hidden="true">
          <GiftLinkIcon size={22} />
        </span>
        <span>{t('truewallet.giftLead')}</span>
      </p>
      <div className="field">
        <label htmlFor={ids.link} className="field__label">
          {t('truewallet.linkLabel')}
        </label>
        <div className="field__control">
          <input
            id={ids.link}
            name="link"
            type="url"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="field__input"
            placeholder={t('truewallet.linkPlaceholder')}
            value={trueWallet.link}
            readOnly={trueWallet.busy}
            aria-describedby={`${ids.hint} ${ids.minimum}`}
            onChange={(event) => trueWallet.setLink(event.target.value)}
          />
        </div>
        <p id={ids.hint} className="field__hint">
          {t('truewallet.linkHint')}
        </p>
      </div>
      <p id={ids.minimum} className="deposit-note deposit-note--gold">
        {t('truewallet.minimum', { min: formatAmount(TRUEWALLET_MINIMUM), currency })}
      </p>
      {trueWallet.waiting && (
        <p className="deposit-note" role="status">
          <span className="spinner" aria-hidden="true" /> {t('truewallet.pending')}
        </p>
      )}
      <button type="submit" className="btn btn--gold btn--block" disabled={!trueWallet.canSend} aria-busy={trueWallet.busy} data-testid="truewallet-send">
        {trueWallet.busy && <span className="spinner" aria-hidden="true" />}
        {trueWallet.busy ? t('truewallet.sending') : t('truewallet.send')}
      </button>
    </form>
  );
}
