import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { bankAccountNameMachine } from '../../../../machines/bankAccountNameMachine';
import { call, endpoints, errorCodeOf, errorText } from '../../api';
import { copyText } from '../../ui/clipboard';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { CopyIcon, PencilIcon, UserIcon } from '../../ui/icons';
import { useToast } from '../../ui/toastContext';
import { Row } from './ProfileRow';

/**
 * The bank account name row of the profile with its copy action, and for KTB, TMB and BBL with a
 * name not in English, the editor of SPEC section 4 (machines/bankAccountNameMachine).
 */
export function BankAccountName({ bankCode, bankAccountName }: { bankCode: string; bankAccountName: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    bankAccountNameMachine.provide({
      actors: {
        updateName: fromPromise(async ({ input }) => (await call(endpoints.accountBankAccountName, { body: input })).bankAccount),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: {
        notifyNotEnglish: () => toast.error(t('bankName.englishOnly')),
        notifyUpdateFailed: (_, { error }) => toast.error(errorText(t, errorCodeOf(error))),
        notifyCopied: (_, { text }) => toast.success(t('profile.copied', { text })),
        notifyCopyFailed: () => toast.error(t('profile.copyFailed')),
      },
    }),
    { input: { bankCode, bankAccountName } },
  );
  const editing = snapshot.matches('editing') || snapshot.matches('saving');
  const saving = snapshot.matches('saving');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'draft.submitted' });
  };

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
      {/* Outside the profile's description list, which may hold only dt and dd. */}
      {createPortal(
      <Dialog
        open={editing}
        onClose={() => send({ type: 'editor.closed' })}
        title={t('bankName.title')}
        footer={
          <button type="submit" form="bank-account-name-form" className="btn btn--gold" disabled={saving} aria-busy={saving}>
            {saving && <span className="spinner" aria-hidden="true" />}
            {saving ? t('bankName.saving') : t('bankName.save')}
          </button>
        }
      >
        <form id="bank-account-name-form" className="profile__dialog-form" onSubmit={submit} noValidate>
          <p className="profile__dialog-lead">{t('bankName.offer')}</p>
          <TextField
            label={t('bankName.label')}
            icon={UserIcon}
            name="bankAccountName"
            autoComplete="name"
            autoCapitalize="characters"
            placeholder={t('bankName.placeholder')}
            hint={t('bankName.hint')}
            value={snapshot.context.draft}
            onChange={(event) => send({ type: 'draft.changed', value: event.target.value })}
          />
        </form>
      </Dialog>,
      document.body,
      )}
    </>
  );
}
