import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneDigits, type ProfileField } from '../../../../machines/registrationMachine';
import { MEMBER_PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { errorText } from '../../api';
import { PasswordField, TextField } from '../../ui/Field';
import { LockIcon, PhoneIcon, UserIcon } from '../../ui/icons';
import { StepButtons } from './StepButtons';
import { fieldErrorText, type StepProps } from './stepTypes';

/** Step 2: name and password, checked by the server (POST /api/account/validate) before the bank. */
export function ProfileStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, profile, fieldErrors, serverError } = snapshot.context;
  const validating = snapshot.matches({ profile: 'validating' });
  const change = (field: ProfileField) => (event: { target: { value: string } }) =>
    send({ type: 'profile.changed', field, value: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.submitted' });
  };

  return (
    <form className="register__form" onSubmit={submit} noValidate>
      <TextField label={t('register.phone')} icon={PhoneIcon} value={phoneDigits(phone)} readOnly name="username" autoComplete="username" />
      <TextField
        label={t('register.name')}
        icon={UserIcon}
        name="name"
        autoComplete="name"
        placeholder={t('register.namePlaceholder')}
        value={profile.name}
        error={fieldErrorText(t, 'name', fieldErrors.name)}
        onChange={change('name')}
      />
      <PasswordField
        label={t('register.password')}
        icon={LockIcon}
        name="new-password"
        autoComplete="new-password"
        placeholder={t('register.passwordPlaceholder')}
        hint={t('common.passwordRule', { min: MEMBER_PASSWORD_MIN_LENGTH })}
        value={profile.password}
        error={fieldErrorText(t, 'password', fieldErrors.password)}
        onChange={change('password')}
      />
      <PasswordField
        label={t('register.confirmPassword')}
        icon={LockIcon}
        name="confirm-password"
        autoComplete="new-password"
        placeholder={t('register.confirmPlaceholder')}
        value={profile.confirmPassword}
        error={fieldErrorText(t, 'confirmPassword', fieldErrors.confirmPassword)}
        onChange={change('confirmPassword')}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {errorText(t, serverError)}
        </p>
      )}
      <StepButtons busy={validating} busyLabel={t('register.checking')} label={t('register.next')} onBack={() => send({ type: 'step.back' })} />
    </form>
  );
}
