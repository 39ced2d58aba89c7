import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_CODE_LENGTH, phoneDigits } from '../../../../machines/registrationMachine';
import { errorText } from '../../api';
import { formatCountdown } from '../../format';
import { TextField } from '../../ui/Field';
import { ArrowLeftIcon, ShieldIcon } from '../../ui/icons';
import { fieldErrorText, type StepProps } from './stepTypes';

/** Step 1: the SMS code, its reference, and a resend that waits out the server's minute. */
export function OtpStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { phone, pendingOtp, otpCode, resendSecondsLeft, fieldErrors, serverError } = snapshot.context;
  const verifying = snapshot.matches({ otp: { code: 'verifying' } });
  const resending = snapshot.matches({ otp: { resend: 'sending' } });
  const coolingDown = snapshot.matches({ otp: { resend: 'coolingDown' } });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [pendingOtp?.ref]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'otp.submitted' });
  };

  return (
    <form className="register__form" onSubmit={submit} noValidate>
      <div className="otp__intro">
        <h2 className="register__step-title">{t('otp.title')}</h2>
        <p className="register__lead">{t('otp.sentTo', { phone: phoneDigits(phone) })}</p>
        {pendingOtp?.ref && (
          <p className="otp__ref" data-testid="otp-ref">
            {t('otp.ref', { ref: pendingOtp.ref })}
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
        error={fieldErrorText(t, 'otpCode', fieldErrors.otpCode)}
        onChange={(event) => send({ type: 'otp.changed', code: event.target.value })}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {errorText(t, serverError)}
        </p>
      )}
      <button type="submit" className="btn btn--gold btn--block" disabled={verifying} aria-busy={verifying}>
        {verifying && <span className="spinner" aria-hidden="true" />}
        {verifying ? t('otp.verifying') : t('otp.verify')}
      </button>
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
          {resending
            ? t('otp.resending')
            : coolingDown
              ? t('otp.resendIn', { time: formatCountdown(resendSecondsLeft * 1000) })
              : t('otp.resend')}
        </button>
      </div>
    </form>
  );
}
