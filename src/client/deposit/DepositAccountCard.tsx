import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankAccountNo } from '../format';
import { copyText } from '../ui/clipboard';
import { BankIcon, CopyIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { bankLogo, type DepositAccount } from './depositMethods';

/** A bank's bundled badge, or the generic bank icon when there is none (or it fails to load). */
export function BankLogo({ bankCode, size = 40 }: { bankCode: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = bankLogo(bankCode);
  if (!src || failed) {
    return (
      <span className="bank-logo bank-logo--generic" style={{ width: size, height: size }}>
        <BankIcon size={Math.round(size * 0.55)} />
      </span>
    );
  }
  return <img className="bank-logo" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}

/** Copies a value for the member: a toast with the copied text, or failed-to-copy (SPEC section 8). */
export function useCopy() {
  const { t } = useTranslation();
  const toast = useToast();
  return (text: string) =>
    copyText(text).then(
      () => toast.success(t('deposit.copied', { text })),
      () => toast.error(t('deposit.copyFailed')),
    );
}

/**
 * One account to transfer to: the bank, the account name and number with a copy button; BCEL
 * also shows its currency and its instruction image (SPEC section 2). `children` adds what a bank
 * type needs beside it (KBANK in AUTO mode: the member's own account).
 */
export function DepositAccountCard({ account, children }: { account: DepositAccount; children?: ReactNode }) {
  const { t } = useTranslation();
  const copy = useCopy();
  // The server names the bank in the member's language, then the operator's fallback order.
  const bankName = account.bank.name;
  const number = account.bankAccountNo;
  return (
    <li className="deposit-account" data-testid="deposit-account" data-bank={account.bankType}>
      <div className="deposit-account__head">
        <BankLogo bankCode={account.bankCode} />
        <div className="deposit-account__bank">
          <p className="deposit-account__bank-name">{bankName}</p>
          <p className="deposit-account__name">{account.bankAccountName}</p>
        </div>
        {account.currency && (
          <span className="deposit-account__currency" data-testid="deposit-currency">
            <span className="visually-hidden">{t('deposit.currency')}: </span>
            {t(`wallet.currency.${account.currency}`)}
          </span>
        )}
      </div>
      <div className="deposit-account__number">
        <span className="deposit-account__label">{t('deposit.accountNo')}</span>
        <span className="deposit-account__digits" data-testid="deposit-account-no">
          {formatBankAccountNo(number)}
        </span>
        <button
          type="button"
          className="deposit-copy"
          title={t('deposit.copy', { number })}
          onClick={() => void copy(number)}
        >
          <CopyIcon size={18} />
          {/* Named by its visible word first, then what it copies (axe: label-content-name-mismatch). */}
          <span>{t('deposit.copyShort')}</span>
          <span className="visually-hidden"> {t('deposit.copyWhat', { number })}</span>
        </button>
      </div>
      {account.instructionImage && (
        <figure className="deposit-account__instructions">
          <img src={account.instructionImage} alt={t('deposit.instructions', { bank: bankName })} loading="lazy" />
        </figure>
      )}
      {children}
    </li>
  );
}
