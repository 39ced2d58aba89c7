import { CheckIcon } from '../../ui/icons';

/**
 * The steps of a wizard (registration, the password reset), the current one marked for screen
 * readers too. `steps` are the translated step names, `label` names the list.
 */
export function Stepper({ steps, current, done, label }: { steps: readonly string[]; current: number; done: boolean; label: string }) {
  return (
    <ol className="stepper" aria-label={label}>
      {steps.map((name, index) => {
        const state = done || index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={name} className={`stepper__item stepper__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper__dot" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={16} /> : index + 1}
            </span>
            <span className="stepper__label">{name}</span>
          </li>
        );
      })}
    </ol>
  );
}
