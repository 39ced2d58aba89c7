import { useTranslation } from 'react-i18next';
import { CopyIcon, PencilIcon, UserIcon } from '../../ui/icons';
import { BankNameDialog } from '../../wallet/BankNameDialog';
import { useBankNameEditor } from '../../wallet/useBankNameEditor';
import { Row } from './ProfileRow';

/**
 * The bank account name row of the profile with its copy action, and for KTB, TMB and BBL with a
 * name not in English, the editor of SPEC section 4 (`wallet/BankNameDialog`).
 */
export function BankAccountName({ bankCode, bankAccountName }: { bankCode: string; bankAccountName: string }) {
  const { t } = useTranslation();
  const editor = useBankNameEditor({ bankCode, bankAccountName });
  const [snapshot, send] = editor;

  return (
    <>
      <Row
        icon={UserIcon}
        label={t('profile.bankAccountName')}
        value={snapshot.context.bankAccountName}
        testId="profile-row-account-name"
        action={
          <>
            {snapshot.can({ type: 'editor.opened' }) && (
              <button
                type="button"
                className="profile__action profile__action--accent"
                aria-label={t('profile.editName')}
                title={t('profile.editName')}
                onClick={() => send({ type: 'editor.opened' })}
              >
                <PencilIcon size={18} />
              </button>
            )}
            <button
              type="button"
              className="profile__action"
              aria-label={t('profile.copy', { label: t('profile.bankAccountName') })}
              disabled={!snapshot.can({ type: 'copy.requested' })}
              onClick={() => send({ type: 'copy.requested' })}
              data-testid="copy-account-name"
            >
              <CopyIcon size={18} />
            </button>
          </>
        }
      />
      <BankNameDialog editor={editor} />
    </>
  );
}
