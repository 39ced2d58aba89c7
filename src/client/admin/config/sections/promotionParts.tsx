import { useTranslation } from 'react-i18next';
import type { PerCurrencyAmountOrNoneValue } from '../../../../contract';
import { NumberField } from '../fields';

/**
 * An amount in each currency where a currency may have none (left empty): the invite rule's cap
 * per friend, the refund rule's minimum. Members holding a currency without one get nothing of
 * the rule, never another currency's figure.
 */
export function OptionalAmountField({ label, value, onChange, hint }: {
  label: string; value: PerCurrencyAmountOrNoneValue; onChange: (v: PerCurrencyAmountOrNoneValue) => void; hint: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="config-group">
      <legend className="field__label">{label}</legend>
      <div className="config-row">
        {(['BAHT', 'LAK'] as const).map((currency) => (
          <NumberField key={currency} label={t(`admin.config.currency.${currency}`)} value={value[currency]} min={0}
            step={currency === 'LAK' ? 1 : 0.01} suffix={t(`admin.config.currency.${currency}`)} onChange={(v) => onChange({ ...value, [currency]: v })} />
        ))}
      </div>
      <p className="field__hint">{hint}</p>
    </fieldset>
  );
}

/** A whole percent. */
export function PercentField({ label, value, onChange, hint, max = 100 }: { label: string; value: number; onChange: (v: number) => void; hint?: string; max?: number }) {
  return <NumberField label={label} hint={hint} value={value} min={0} max={max} step={1} suffix="%" onChange={(v) => onChange(v ?? 0)} />;
}
