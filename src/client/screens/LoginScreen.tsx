import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorCodeOf, errorText } from '../api/errors';
import { loadApi } from '../api/onDemand';
import { checkServiceOnLogin } from '../api/serviceCheck';
import { forgetSaferPlayNotice, rememberSaferPlayNotice, storeToken } from '../auth/storage';
import { PauseStartedNotice } from './PauseStartedNotice';
import { loadAllStrings } from '../i18n';
import { BrandMark, EyeIcon, EyeOffIcon, LockIcon, PhoneIcon } from '../ui/icons';
import { PHONE_INPUT, phoneTyped } from '../ui/phoneInput';
import { registeredPhoneOf, validateLogin, normalisePhone, type ForgotState, type LoginFieldErrors } from './loginForm';
import './login.css';

/**
 * What the login call needs beyond the page's first paint: the api layer, and the error texts
 * its refusals are shown with (the rest of the language's strings). Asked for when the member
 * starts typing, so the call rarely waits for it.
 */
const prepareLogin = () => Promise.all([loadApi(), loadAllStrings().catch(() => undefined)]);

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { phone: useId(), password: useId(), phoneError: useId(), passwordError: useId() };
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const { state } = useLocation();
  // After registering, the phone just registered is filled in and the password is next.
  const [phone, setPhone] = useState(() => registeredPhoneOf(state));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // SPEC section 2: on /login, ask whether the service still runs. A 'gone' answer is sent to
  // /terminated (api/memberSession.ts); every other answer clears the body style a closed page may leave.
  useEffect(() => {
    void checkServiceOnLogin();
  }, []);

  const prefilled = useRef(phone !== '');
  useEffect(() => {
    if (prefilled.current) passwordRef.current?.focus();
  }, []);

  // SPEC section 5: typing clears the error.
  const clearErrors = () => {
    setFieldErrors({});
    setServerError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateLogin({ phone, password });
    if (errors.phone || errors.password) {
      setFieldErrors(errors);
      (errors.phone ? phoneRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const [{ call, endpoints }] = await prepareLogin();
      const { token, restriction } = await call(endpoints.login, { body: { username: normalisePhone(phone), password } });
      // Issue 31: a break, an exclusion or the time limit still lets the member in to withdraw;
      // the member area says when it ends and how (saferPlay/RestrictionNotice).
      if (restriction) rememberSaferPlayNotice({ what: 'restricted', kind: restriction.reason, until: restriction.until });
      else forgetSaferPlayNotice();
      storeToken(token, remember);
      void navigate('/user', { replace: true });
    } catch (error) {
      setServerError(errorCodeOf(error));
      setSubmitting(false);
    }
  };

  return (
    <section className="login" aria-labelledby="login-title">
      <div className="login__hero">
        <div className="login__mark">
          <BrandMark size={76} />
        </div>
        <h1 id="login-title" className="login__title">
          {t('login.title')}
        </h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>
      </div>

      <PauseStartedNotice />

      <form className="login__card panel" onSubmit={submit} onFocus={() => void prepareLogin().catch(() => undefined)} noValidate>
        <div className="field">
          <label htmlFor={ids.phone} className="field__label">
            {t('login.phone')}
          </label>
          <div className={`field__control${fieldErrors.phone ? ' is-invalid' : ''}`}>
            <PhoneIcon size={20} className="field__icon" />
            <input
              ref={phoneRef}
              id={ids.phone}
              name="username"
              {...PHONE_INPUT}
              autoComplete="username"
              className="field__input"
              placeholder={t('login.phonePlaceholder')}
              value={phone}
              aria-invalid={Boolean(fieldErrors.phone)}
              aria-describedby={fieldErrors.phone ? ids.phoneError : undefined}
              onChange={(event) => {
                setPhone(phoneTyped(event.target.value));
                clearErrors();
              }}
            />
          </div>
          {fieldErrors.phone && (
            <p id={ids.phoneError} className="field__error">
              {t('login.phoneRequired')}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={ids.password} className="field__label">
            {t('login.password')}
          </label>
          <div className={`field__control${fieldErrors.password ? ' is-invalid' : ''}`}>
            <LockIcon size={20} className="field__icon" />
            <input
              ref={passwordRef}
              id={ids.password}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="field__input"
              placeholder={t('login.passwordPlaceholder')}
              value={password}
              aria-invalid={Boolean(fieldErrors.password)}
              aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                clearErrors();
              }}
            />
            <button
              type="button"
              className="field__toggle"
              aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
            </button>
          </div>
          {fieldErrors.password && (
            <p id={ids.passwordError} className="field__error">
              {t('login.passwordRequired')}
            </p>
          )}
        </div>

        <div className="login__row">
          <label className="check">
            <input type="checkbox" className="check__input" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span className="check__box" aria-hidden="true" />
            <span className="check__label">{t('login.remember')}</span>
          </label>
          <Link to="/forgot-password" state={{ phone } satisfies ForgotState} className="login__forgot" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        </div>

        {serverError && (
          <p className="form-error" role="alert">
            {errorText(t, serverError)}
          </p>
        )}

        <button type="submit" className="btn btn--gold btn--block" disabled={submitting} aria-busy={submitting}>
          {submitting && <span className="spinner" aria-hidden="true" />}
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>

      <p className="login__register">
        <span>{t('login.noAccount')}</span>{' '}
        <Link to="/register" className="login__register-link">
          {t('login.registerLink')}
        </Link>
      </p>
    </section>
  );
}
