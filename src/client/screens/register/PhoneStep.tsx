import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api';
import { TextField } from '../../ui/Field';
import { PhoneIcon } from '../../ui/icons';
import { PHONE_INPUT, phoneTyped } from '../../ui/phoneInput';
import { fieldErrorText, type StepProps } from './stepTypes';

/** Step 0: the phone number, which becomes the username. */
export function PhoneStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, fieldErrors, serverError } = snapshot.context;
  const sending = snapshot.matches({ phone: 'sendingOtp' });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (fieldErrors.phone) input.current?.focus();
  }, [fieldErrors.phone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'phone.submitted' });
  };

  return (
    <form className="register__form" onSubmit={submit} noValidate>
      <TextField
        ref={input}
        label={t('register.phone')}
        icon={PhoneIcon}
        name="username"
        {...PHONE_INPUT}
        autoComplete="tel"
        placeholder={t('register.phonePlaceholder')}
        value={phone}
        error={fieldErrorText(t, 'phone', fieldErrors.phone)}
        onChange={(event) => send({ type: 'phone.changed', phone: phoneTyped(event.target.value) })}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {errorText(t, serverError)}
        </p>
      )}
      <button type="submit" className="btn btn--gold btn--block" disabled={sending} aria-busy={sending}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? t('register.sending') : t('register.next')}
      </button>
    </form>
  );
}
