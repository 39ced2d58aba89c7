import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registrationMachine, registrationStep } from '../../../../machines/registrationMachine';
import { errorText } from '../../api';
import { formatAmount } from '../../format';
import { rememberInviteCode, removeLocal, STORAGE_KEYS } from '../../auth/storage';
import { COUNTRY } from '../../country';
import { CheckIcon, RegisterIcon } from '../../ui/icons';
import { useToast } from '../../ui/toastContext';
import type { LoginState } from '../loginForm';
import { BankStep } from './BankStep';
import { DepositLimitStep } from './DepositLimitStep';
import { OtpStep } from './OtpStep';
import { PhoneStep } from './PhoneStep';
import { ProfileStep } from './ProfileStep';
import { registrationActors } from './registrationActors';
import { Stepper } from './Stepper';
import '../login.css';
import './register.css';

const STEPS = ['phone', 'otp', 'profile', 'bank', 'limit'] as const;

/** /register: the wizard of SPEC section 4 and issue 31's deposit limit, driven by machines/registrationMachine. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  // SPEC section 3: the invite code of the link is stored on the device and shown read-only.
  const [inviteCode] = useState(() => rememberInviteCode(searchParams.get('code')));

  // @xstate/react keeps one actor and takes these implementations afresh on every render.
  const [snapshot, send] = useMachine(
    registrationMachine.provide({
      actors: registrationActors,
      actions: {
        notifyRegistered: () => toast.success(t('register.success')),
        redirectToLogin: (_, { phone }) => void navigate('/login', { replace: true, state: { registeredPhone: phone } satisfies LoginState }),
        forgetInviteCode: () => removeLocal(STORAGE_KEYS.inviteCode),
      },
    }),
    { input: { country: COUNTRY, inviteCode } },
  );
  const step = registrationStep(snapshot);
  const registered = snapshot.matches('registered') || snapshot.matches('done');

  return (
    <section className="register" aria-labelledby="register-title">
      <div className="register__hero">
        <span className="register__badge" aria-hidden="true">
          <RegisterIcon size={28} />
        </span>
        <div>
          <h1 id="register-title" className="register__title">
            {t('register.title')}
          </h1>
          <p className="register__subtitle">{t('register.subtitle')}</p>
        </div>
      </div>

      <Stepper steps={STEPS.map((key) => t(`register.steps.${key}`))} current={step} done={registered} label={t('register.progress')} />

      <div className="register__card panel" data-step={step}>
        {snapshot.matches('loading') && (
          <p className="dialog-status" role="status">
            <span className="spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        )}
        {snapshot.matches('loadFailed') && (
          <div className="register__failed">
            <p className="form-error" role="alert">
              {t('register.loadFailed')} {snapshot.context.serverError && errorText(t, snapshot.context.serverError)}
            </p>
            <button type="button" className="btn btn--ghost btn--block" onClick={() => send({ type: 'options.retry' })}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {snapshot.matches('phone') && <PhoneStep snapshot={snapshot} send={send} />}
        {snapshot.matches('otp') && <OtpStep snapshot={snapshot} send={send} />}
        {snapshot.matches('profile') && <ProfileStep snapshot={snapshot} send={send} />}
        {snapshot.matches('bank') && <BankStep snapshot={snapshot} send={send} />}
        {snapshot.matches('depositLimit') && <DepositLimitStep snapshot={snapshot} send={send} />}
        {registered && (
          <div className="register__done" role="status">
            <span className="register__done-mark" aria-hidden="true">
              <CheckIcon size={34} />
            </span>
            <h2 className="register__step-title">{t('register.registeredTitle')}</h2>
            <p className="register__lead">{t('register.success')}</p>
            {snapshot.context.limitSet && (
              <p className="register__lead" data-testid="register-limit-done">
                {t('register.limit.done', {
                  amount: formatAmount(snapshot.context.limitSet.value),
                  currency: t(`wallet.currency.${snapshot.context.country === 'LA' ? (snapshot.context.bank.currency ?? 'LAK') : 'BAHT'}`),
                  per: t(`saferPlay.per.${snapshot.context.limitSet.period}`),
                })}
              </p>
            )}
            <p className="register__lead register__lead--faint">
              <span className="spinner" aria-hidden="true" /> {t('register.redirecting')}
            </p>
          </div>
        )}
      </div>

      <p className="login__register">
        <span>{t('register.haveAccount')}</span>{' '}
        <Link to="/login" className="login__register-link">
          {t('register.loginLink')}
        </Link>
      </p>
    </section>
  );
}
