import './segmented.css';

interface SegmentedProps<V extends string | number> {
  /** Names the group for everyone; `legendHidden` keeps it for screen readers only (a heading already says it). */
  legend: string;
  legendHidden?: boolean;
  name: string;
  options: readonly { value: V; label: string; testId?: string }[];
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** Three or more choices wrap to as many columns as fit. */
  wrap?: boolean;
}

/** Radio buttons as a segmented control (the Laos currency, a limit's period, a reminder interval). */
export function Segmented<V extends string | number>({ legend, legendHidden = false, name, options, value, onChange, disabled, wrap = false }: SegmentedProps<V>) {
  return (
    <fieldset className="segmented">
      <legend className={legendHidden ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      <div className={wrap ? 'segmented__options segmented__options--wrap' : 'segmented__options'}>
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              data-testid={option.testId}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
