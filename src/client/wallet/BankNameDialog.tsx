import type { FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { UserIcon } from '../ui/icons';
import type { BankNameEditor } from './useBankNameEditor';
import './bankName.css';

/**
 * The "edit bank account name" modal (SPEC section 2 lists it among the home's modals; the
 * profile opens it too). A modal of the page's own, over whatever opened it (the deposit modal
 * on the home): after a successful update it closes by itself, and 1 s later the name is copied
 * (the machine's `copyPending`).
 */
export function BankNameDialog({ editor: [snapshot, send] }: { editor: BankNameEditor }) {
  const { t } = useTranslation();
  const editing = snapshot.matches('editing') || snapshot.matches('saving');
  const saving = snapshot.matches('saving');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'draft.submitted' });
  };
  return createPortal(
    <Dialog
      open={editing}
      onClose={() => send({ type: 'editor.closed' })}
      title={t('bankName.title')}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'editor.closed' })} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="bank-account-name-form" className="btn btn--gold" disabled={saving} aria-busy={saving} data-testid="bank-name-save">
            {saving && <span className="spinner" aria-hidden="true" />}
            {saving ? t('bankName.saving') : t('bankName.save')}
          </button>
        </>
      }
    >
      <form id="bank-account-name-form" className="bank-name" onSubmit={submit} noValidate data-testid="bank-name-editor">
        <p className="bank-name__lead">{t('bankName.offer')}</p>
        <p className="bank-name__current">
          {t('profile.bankAccountName')}: <strong>{snapshot.context.bankAccountName}</strong>
        </p>
        <TextField
          label={t('bankName.label')}
          icon={UserIcon}
          name="bankAccountName"
          autoComplete="name"
          autoCapitalize="characters"
          placeholder={t('bankName.placeholder')}
          hint={t('bankName.hint')}
          value={snapshot.context.draft}
          data-autofocus
          onChange={(event) => send({ type: 'draft.changed', value: event.target.value })}
        />
      </form>
    </Dialog>,
    // Outside the dialog or list that opened it: its own modal on the page.
    document.body,
  );
}
