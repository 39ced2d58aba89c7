import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { bankAccountNameMachine } from '../../../machines/bankAccountNameMachine';
import { call, endpoints, errorCodeOf, errorText } from '../api';
import { formatBankAccountNo } from '../format';
import { copyText } from '../ui/clipboard';
import { TextField } from '../ui/Field';
import { CopyIcon, PencilIcon, UserIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import type { WalletHome } from '../wallet/balance';

/**
 * KBANK in AUTO mode matches a transfer to the member by the sending account, so the modal shows
 * the member's own account beside ours, with the English account-name editor of SPEC section 4
 * (offered for KTB, TMB and BBL while the name is not English; machines/bankAccountNameMachine).
 * The editor opens in place, not as a second dialog over the modal.
 */
export function MemberBankAccount({ bankAccount, onNameChanged }: { bankAccount: WalletHome['bankAccount']; onNameChanged: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const bankName = bankAccount.bank.name;
  const [snapshot, send] = useMachine(
    bankAccountNameMachine.provide({
      actors: {
        updateName: fromPromise(async ({ input }) => (await call(endpoints.accountBankAccountName, { body: input })).bankAccount),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: {
        notifyNotEnglish: () => toast.error(t('bankName.englishOnly')),
        notifyUpdateFailed: (_, { error }) => toast.error(errorText(t, errorCodeOf(error))),
        nameReplaced: () => onNameChanged(),
        notifyCopied: (_, { text }) => toast.success(t('deposit.copied', { text })),
        notifyCopyFailed: () => toast.error(t('deposit.copyFailed')),
      },
    }),
    { input: { bankCode: bankAccount.bankCode, bankAccountName: bankAccount.bankAccountName } },
  );
  const editing = snapshot.matches('editing') || snapshot.matches('saving');
  const saving = snapshot.matches('saving');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'draft.submitted' });
  };

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
          <button type="button" className="deposit-copy" onClick={() => send({ type: 'editor.opened' })}>
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
        >
          <CopyIcon size={18} />
        </button>
      </div>
      {editing && (
        <form className="member-account__editor" onSubmit={submit} noValidate>
          <p className="member-account__note">{t('bankName.offer')}</p>
          <TextField
            label={t('bankName.label')}
            icon={UserIcon}
            name="bankAccountName"
            autoComplete="name"
            autoCapitalize="characters"
            placeholder={t('bankName.placeholder')}
            hint={t('bankName.hint')}
            value={snapshot.context.draft}
            autoFocus
            onChange={(event) => send({ type: 'draft.changed', value: event.target.value })}
          />
          <div className="member-account__actions">
            <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'editor.closed' })} disabled={saving}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn--gold" disabled={saving} aria-busy={saving}>
              {saving && <span className="spinner" aria-hidden="true" />}
              {saving ? t('bankName.saving') : t('bankName.save')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
