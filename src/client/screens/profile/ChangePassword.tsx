import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { changePasswordMachine, type PasswordField as Field } from '../../../../machines/changePasswordMachine';
import { MEMBER_PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { call, endpoints, errorText } from '../../api';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/Field';
import { AlertIcon, CheckIcon, LockIcon } from '../../ui/icons';

/** The lock icon of the profile and the change-password dialog behind it (machines/changePasswordMachine). */
export function ChangePassword() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(
    changePasswordMachine.provide({
      actors: { changePassword: fromPromise(({ input }) => call(endpoints.accountChangePassword, { body: input })) },
    }),
  );
  const { context } = snapshot;
  const busy = snapshot.matches('waiting') || snapshot.matches('saving');
  const form = snapshot.matches('editing') || busy;
  const change = (field: Field) => (event: { target: { value: string } }) => send({ type: 'password.changed', field, value: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submitted' });
  };

  return (
    <>
      <button
        type="button"
        className="icon-button profile__lock"
        aria-label={t('profile.changePassword')}
        title={t('profile.changePassword')}
        onClick={() => send({ type: 'password.opened' })}
      >
        <LockIcon size={20} />
      </button>

      <Dialog
        open={form}
        onClose={() => !busy && send({ type: 'password.cancelled' })}
        title={t('password.title')}
        footer={
          <>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => send({ type: 'password.cancelled' })}>
              {t('common.cancel')}
            </button>
            <button type="submit" form="change-password-form" className="btn btn--gold" disabled={busy} aria-busy={busy}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? t('password.saving') : t('password.save')}
            </button>
          </>
        }
      >
        <form id="change-password-form" className="profile__dialog-form" onSubmit={submit} noValidate>
          <PasswordField
            label={t('password.old')}
            icon={LockIcon}
            name="current-password"
            autoComplete="current-password"
            value={context.oldPassword}
            onChange={change('oldPassword')}
          />
          <PasswordField
            label={t('password.new')}
            icon={LockIcon}
            name="new-password"
            autoComplete="new-password"
            hint={t('common.passwordRule', { min: MEMBER_PASSWORD_MIN_LENGTH })}
            error={context.tooShort ? t('password.tooShort', { min: MEMBER_PASSWORD_MIN_LENGTH }) : null}
            value={context.newPassword}
            onChange={change('newPassword')}
          />
          <PasswordField
            label={t('password.confirm')}
            icon={LockIcon}
            name="confirm-new-password"
            autoComplete="new-password"
            value={context.confirmPassword}
            error={context.mismatch ? t('password.mismatch') : null}
            onChange={change('confirmPassword')}
          />
        </form>
      </Dialog>

      <Dialog
        open={snapshot.matches('succeeded') || snapshot.matches('failed')}
        onClose={() => send({ type: 'result.dismissed' })}
        title={snapshot.matches('succeeded') ? t('password.successTitle') : t('password.errorTitle')}
        footer={
          <button type="button" className="btn btn--gold" onClick={() => send({ type: 'result.dismissed' })}>
            {t('common.ok')}
          </button>
        }
      >
        {snapshot.matches('succeeded') ? (
          <p className="profile__result profile__result--success">
            <CheckIcon size={22} /> {t('password.success')}
          </p>
        ) : (
          <p className="profile__result profile__result--error" role="alert">
            <AlertIcon size={22} /> {context.serverError ? errorText(t, context.serverError) : null}
          </p>
        )}
      </Dialog>
    </>
  );
}
