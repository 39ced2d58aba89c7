import { useTranslation } from 'react-i18next';
import { formatBankAccountNo } from '../format';
import { CopyIcon, PencilIcon } from '../ui/icons';
import type { WalletHome } from '../wallet/balance';
import { BankNameDialog } from '../wallet/BankNameDialog';
import { useBankNameEditor } from '../wallet/useBankNameEditor';

/**
 * KBANK in AUTO mode matches a transfer to the member by the sending account, so the modal shows
 * the member's own account beside ours, with the English account-name editor of SPEC section 4
 * (offered for KTB, TMB and BBL while the name is not English). The editor is the home's "edit
 * bank account name" modal (SPEC section 2), over the deposit modal: after the update it closes,
 * the new name shows here, and 1 s later it is copied.
 */
export function MemberBankAccount({ bankAccount, onNameChanged }: { bankAccount: WalletHome['bankAccount']; onNameChanged: () => void }) {
  const { t } = useTranslation();
  const bankName = bankAccount.bank.name;
  const editor = useBankNameEditor(bankAccount, onNameChanged);
  const [snapshot, send] = editor;

  return (
    <div className="member-account" data-testid="member-account">
      <p className="member-account__title">{t('deposit.yourAccount')}</p>
      <p className="member-account__note">{t('deposit.autoMatch')}</p>
      <div className="member-account__row">
        <div className="member-account__text">
          <span className="member-account__name" data-testid="member-account-name">
            {snapshot.context.bankAccountName}
          </span>
          <span className="member-account__bank">
            {bankName} · {formatBankAccountNo(bankAccount.bankAccountNo)}
          </span>
        </div>
        {snapshot.can({ type: 'editor.opened' }) && (
          <button type="button" className="deposit-copy" aria-haspopup="dialog" onClick={() => send({ type: 'editor.opened' })} data-testid="member-account-edit">
            <PencilIcon size={18} />
            <span>{t('deposit.editName')}</span>
          </button>
        )}
        <button
          type="button"
          className="deposit-copy deposit-copy--icon"
          aria-label={t('deposit.copyName')}
          title={t('deposit.copyName')}
          disabled={!snapshot.can({ type: 'copy.requested' })}
          onClick={() => send({ type: 'copy.requested' })}
          data-testid="member-account-copy"
        >
          <CopyIcon size={18} />
        </button>
      </div>
      <BankNameDialog editor={editor} />
    </div>
  );
}
