import { useId, useState, type ComponentType, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';
import './field.css';

type Icon = ComponentType<{ size?: number; className?: string }>;

interface FrameProps {
  label: ReactNode;
  /** An icon component, or any element (a bank logo) in its place. */
  icon?: Icon | ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** The ids and aria links shared by every field. */
function useFieldIds(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

const isComponent = (icon: FrameProps['icon']): icon is Icon => typeof icon === 'function';

function Frame({
  ids,
  label,
  icon,
  error,
  hint,
  readOnly,
  children,
}: FrameProps & { ids: ReturnType<typeof useFieldIds>; readOnly?: boolean; children: ReactNode }) {
  const IconComponent = isComponent(icon) ? icon : null;
  const iconElement = isComponent(icon) ? null : (icon as ReactNode);
  return (
    <div className="field">
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      <div className={`field__control${error ? ' is-invalid' : ''}${readOnly ? ' is-readonly' : ''}`}>
        {IconComponent ? <IconComponent size={20} className="field__icon" /> : iconElement}
        {children}
      </div>
      {hint && !error && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** A button at the end of the control (show password). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input in the look of the login form: icon, input, error under it. */
export function TextField({ label, icon, error, hint, trailing, ref, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <Frame ids={ids} label={label} icon={icon} error={error} hint={hint} readOnly={input.readOnly}>
      <input
        ref={ref}
        id={ids.id}
        className={`field__input${className ? ` ${className}` : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={ids.describedBy}
        {...input}
      />
      {trailing}
    </Frame>
  );
}

/** A password input with the show/hide toggle of the login form. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}

export interface SelectFieldProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  placeholder?: string;
  options: { value: string; label: string }[];
}

/** A native select (the phone's own picker) in the same frame. */
export function SelectField({ label, icon, error, hint, placeholder, options, className, ...select }: SelectFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <Frame ids={ids} label={label} icon={icon} error={error} hint={hint}>
      <select
        id={ids.id}
        className={`field__input field__select${className ? ` ${className}` : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={18} className="field__chevron" />
    </Frame>
  );
}
