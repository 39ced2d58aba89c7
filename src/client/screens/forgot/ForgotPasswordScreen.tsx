import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { forgotPasswordMachine, forgotPasswordStep } from '../../../../machines/forgotPasswordMachine';
import { COUNTRY } from '../../country';
import { LockIcon } from '../../ui/icons';
import { useToast } from '../../ui/toastContext';
import { typedPhoneOf, type LoginState } from '../loginForm';
import { Stepper } from '../register/Stepper';
import { forgotPasswordActors } from './forgotPasswordActors';
import { CodeStep, NewPasswordStep, PhoneStep } from './ForgotSteps';
import '../login.css';
import '../register/register.css';

const STEPS = ['phone', 'code', 'password'] as const;

/**
 * /forgot-password, reached from /login (issue 28): the phone, the code sent to it by SMS, the
 * new password (machines/forgotPasswordMachine). Done, /login with the phone filled in.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  // The phone typed on /login comes along.
  const { state } = useLocation();
  const [phone] = useState(() => typedPhoneOf(state));
  const [snapshot, send] = useMachine(
    forgotPasswordMachine.provide({
      actors: forgotPasswordActors,
      actions: {
        notifyReset: () => toast.success(t('forgot.done')),
        redirectToLogin: (_, { phone: done }) => void navigate('/login', { replace: true, state: { registeredPhone: done } satisfies LoginState }),
      },
    }),
    { input: { country: COUNTRY, phone } },
  );
  const step = forgotPasswordStep(snapshot);

  return (
    <section className="register forgot" aria-labelledby="forgot-title">
      <div className="register__hero">
        <span className="register__badge" aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <div>
          <h1 id="forgot-title" className="register__title">
            {t('forgot.title')}
          </h1>
          <p className="register__subtitle">{t('forgot.subtitle')}</p>
        </div>
      </div>

      <Stepper steps={STEPS.map((key) => t(`forgot.steps.${key}`))} current={step} done={snapshot.matches('done')} label={t('forgot.progress')} />

      <div className="register__card panel" data-step={step}>
        {snapshot.matches('phone') && <PhoneStep snapshot={snapshot} send={send} />}
        {snapshot.matches('otp') && <CodeStep snapshot={snapshot} send={send} />}
        {(snapshot.matches('newPassword') || snapshot.matches('done')) && <NewPasswordStep snapshot={snapshot} send={send} />}
      </div>

      <p className="login__register">
        <span>{t('forgot.remembered')}</span>{' '}
        <Link to="/login" className="login__register-link">
          {t('forgot.loginLink')}
        </Link>
      </p>
    </section>
  );
}
