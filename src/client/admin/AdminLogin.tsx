import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminLogin, type ResponseOf } from '../../contract';
import { errorCodeOf, errorText } from '../api/errors';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { BrandMark } from '../ui/icons';
import { adminCall, operatorToken } from './api';
import type { OperatorView } from './session';

type Step = 'password' | 'code' | 'enrol';
type Enrolment = Extract<ResponseOf<typeof adminLogin>, { step: 'enrol' }>;

/** Password first; then the authenticator's code, with the QR to scan on the first login. */
export function AdminLogin({ onSignedIn }: { onSignedIn: (operator: OperatorView) => void }) {
  const { t } = useTranslation();
  const ids = { username: useId(), password: useId(), code: useId(), error: useId() };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('password');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !username || !password || (step !== 'password' && code.length !== 6)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await adminCall(adminLogin, { body: { username, password, ...(step === 'password' ? {} : { code }) } });
      if (answer.step === 'signedIn') {
        operatorToken.set(answer.token);
        onSignedIn(answer.operator);
        return;
      }
      setStep(answer.step);
      setEnrolment(answer.step === 'enrol' ? answer : null);
    } catch (e) {
      setError(errorText(t, errorCodeOf(e)));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="admin-login">
      <div className="admin-login__lang"><LanguageDropdown /></div>
      <form className="admin-login__card panel" onSubmit={submit} noValidate aria-describedby={error ? ids.error : undefined}>
        <div className="admin-login__head">
          <BrandMark size={56} />
          <h1>{t('admin.login.title')}</h1>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.username}>{t('admin.login.username')}</label>
          <div className="field__control">
            <input id={ids.username} className="field__input" autoComplete="username" value={username} disabled={step !== 'password'}
              onChange={(e) => setUsername(e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.password}>{t('admin.login.password')}</label>
          <div className="field__control">
            <input id={ids.password} className="field__input" type="password" autoComplete="current-password" value={password}
              disabled={step !== 'password'} onChange={(e) => setPassword(e.target.value)} />
          </div>
        </div>
        {step === 'enrol' && enrolment && (
          <section className="admin-login__enrol" aria-label={t('admin.login.enrolTitle')}>
            <p>{t('admin.login.enrolHelp')}</p>
            <img src={enrolment.qr} width={200} height={200} alt={t('admin.login.qrAlt')} />
            <p className="admin-login__secret">{t('admin.login.secret')} <code data-testid="totp-secret">{enrolment.secret}</code></p>
          </section>
        )}
        {step !== 'password' && (
          <div className="field">
            <label className="field__label" htmlFor={ids.code}>{t('admin.login.code')}</label>
            <div className="field__control">
              <input id={ids.code} className="field__input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code}
                autoFocus onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            </div>
          </div>
        )}
        {error && <p id={ids.error} className="field__error" role="alert">{error}</p>}
        <button className="btn btn--gold btn--block" type="submit" disabled={busy}>
          {step === 'password' ? t('admin.login.next') : t('admin.login.submit')}
        </button>
      </form>
    </main>
  );
}
