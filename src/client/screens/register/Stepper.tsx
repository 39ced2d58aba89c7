import { useTranslation } from 'react-i18next';
import type { RegistrationStep } from '../../../../machines/registrationMachine';
import { CheckIcon } from '../../ui/icons';

const STEPS = ['phone', 'otp', 'profile', 'bank'] as const;

/** The four steps of the wizard, the current one marked for screen readers too. */
export function Stepper({ current, done }: { current: RegistrationStep; done: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="stepper" aria-label={t('register.progress')}>
      {STEPS.map((key, index) => {
        const state = done || index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={key} className={`stepper__item stepper__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper__dot" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={16} /> : index + 1}
            </span>
            <span className="stepper__label">{t(`register.steps.${key}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
