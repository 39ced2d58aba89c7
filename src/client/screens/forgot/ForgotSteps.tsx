import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ForgotField, ForgotFieldError, ForgotPasswordEvent, ForgotPasswordSnapshot, PasswordField as Field } from '../../../../machines/forgotPasswordMachine';
import { OTP_CODE_LENGTH } from '../../../../machines/registrationMachine';
import { MEMBER_PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { errorText } from '../../api';
import { formatCountdown } from '../../format';
import { PasswordField, TextField } from '../../ui/Field';
import { ArrowLeftIcon, LockIcon, PhoneIcon, ShieldIcon } from '../../ui/icons';
import { PHONE_INPUT, phoneTyped } from '../../ui/phoneInput';

interface StepProps {
  snapshot: ForgotPasswordSnapshot;
  send: (event: ForgotPasswordEvent) => void;
}

/** A field's error in words; the password's length names the rule. */
const fieldError = (t: TFunction, _field: ForgotField, error: ForgotFieldError | undefined): string | null =>
  error ? t(`register.errors.${error}`, { min: MEMBER_PASSWORD_MIN_LENGTH }) : null;

function ServerError({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(t, code)}
    </p>
  );
}

function Submit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn--gold btn--block" disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

const onSubmit = (send: StepProps['send'], type: 'phone.submitted' | 'otp.submitted' | 'password.submitted') => (event: FormEvent) => {
  event.preventDefault();
  send({ type });
};

/** Step 1: the phone the member registered with. */
export function PhoneStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, fieldErrors, serverError } = snapshot.context;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [fieldErrors.phone]);
  return (
    <form className="register__form" onSubmit={onSubmit(send, 'phone.submitted')} noValidate>
      <div className="otp__intro">
        <h2 className="register__step-title">{t('forgot.phoneTitle')}</h2>
        <p className="register__lead">{t('forgot.phoneLead')}</p>
      </div>
      <TextField
        ref={input}
        label={t('register.phone')}
        icon={PhoneIcon}
        name="username"
        {...PHONE_INPUT}
        autoComplete="username"
        placeholder={t('register.phonePlaceholder')}
        value={phone}
        error={fieldError(t, 'phone', fieldErrors.phone)}
        onChange={(event) => send({ type: 'phone.changed', phone: phoneTyped(event.target.value) })}
      />
      <ServerError code={serverError} />
      <Submit busy={snapshot.matches({ phone: 'sending' })} label={t('forgot.send')} busyLabel={t('forgot.sending')} />
    </form>
  );
}

/** Step 2: the SMS code, its reference, and a resend that waits out the server's minute. */
export function CodeStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, pending, otpCode, resendSecondsLeft, fieldErrors, serverError } = snapshot.context;
  const resending = snapshot.matches({ otp: { resend: 'sending' } });
  const coolingDown = snapshot.matches({ otp: { resend: 'coolingDown' } });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [pending?.ref]);
  return (
    <form className="register__form" onSubmit={onSubmit(send, 'otp.submitted')} noValidate>
      <div className="otp__intro">
        <h2 className="register__step-title">{t('forgot.codeTitle')}</h2>
        {/* Whether the phone is registered is never said: "if". */}
        <p className="register__lead">{t('forgot.sentTo', { phone })}</p>
        {pending?.ref && (
          <p className="otp__ref" data-testid="otp-ref">
            {t('otp.ref', { ref: pending.ref })}
          </p>
        )}
      </div>
      <TextField
        ref={input}
        label={t('otp.code')}
        icon={ShieldIcon}
        className="field__input--code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_CODE_LENGTH}
        placeholder={t('otp.codePlaceholder')}
        value={otpCode}
        error={fieldError(t, 'otpCode', fieldErrors.otpCode)}
        onChange={(event) => send({ type: 'otp.changed', code: event.target.value })}
      />
      <ServerError code={serverError} />
      <Submit busy={snapshot.matches({ otp: { code: 'verifying' } })} label={t('otp.verify')} busyLabel={t('otp.verifying')} />
      <div className="otp__actions">
        <button type="button" className="link-button" onClick={() => send({ type: 'step.back' })}>
          <ArrowLeftIcon size={16} /> {t('otp.changeNumber')}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={!snapshot.can({ type: 'otp.resend' })}
          onClick={() => send({ type: 'otp.resend' })}
          aria-live="polite"
        >
          {resending ? t('otp.resending') : coolingDown ? t('otp.resendIn', { time: formatCountdown(resendSecondsLeft * 1000) }) : t('otp.resend')}
        </button>
      </div>
    </form>
  );
}

/** Step 3: the new password, twice, with the rule in sight. */
export function NewPasswordStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, password, confirmPassword, fieldErrors, serverError } = snapshot.context;
  const change = (field: Field) => (event: { target: { value: string } }) => send({ type: 'password.changed', field, value: event.target.value });
  const saving = snapshot.matches({ newPassword: 'saving' }) || snapshot.matches('done');
  return (
    <form className="register__form" onSubmit={onSubmit(send, 'password.submitted')} noValidate>
      <div className="otp__intro">
        <h2 className="register__step-title">{t('forgot.passwordTitle')}</h2>
        <p className="register__lead">{t('forgot.passwordLead')}</p>
      </div>
      {/* The account the new password is for, for the browser's password manager. */}
      <input type="hidden" name="username" autoComplete="username" value={phone} />
      <PasswordField
        label={t('forgot.newPassword')}
        icon={LockIcon}
        name="new-password"
        autoComplete="new-password"
        placeholder={t('forgot.newPasswordPlaceholder')}
        hint={t('common.passwordRule', { min: MEMBER_PASSWORD_MIN_LENGTH })}
        value={password}
        error={fieldError(t, 'password', fieldErrors.password)}
        onChange={change('password')}
      />
      <PasswordField
        label={t('forgot.confirmPassword')}
        icon={LockIcon}
        name="confirm-new-password"
        autoComplete="new-password"
        placeholder={t('forgot.confirmPlaceholder')}
        value={confirmPassword}
        error={fieldError(t, 'confirmPassword', fieldErrors.confirmPassword)}
        onChange={change('confirmPassword')}
      />
      <ServerError code={serverError} />
      <Submit busy={saving} label={t('forgot.save')} busyLabel={t('forgot.saving')} />
    </form>
  );
}
