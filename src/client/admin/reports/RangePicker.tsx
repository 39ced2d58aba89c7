import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, presetOf, presetRange, RANGE_PRESETS, type DayRange } from './dayRange';

/**
 * Today / yesterday / this month, or chosen days: the operator picks the first and the last day
 * (inclusive, as people say it); the range sent is [first, last + 1) in the browser's time zone.
 */
export function RangePicker({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId() };
  const [from, setFrom] = useState(value.from);
  const [last, setLast] = useState(addDays(value.to, -1));
  const [shown, setShown] = useState(value);
  // A preset chosen outside the form (or a refetch with a new range) shows in the fields.
  if (shown !== value) {
    setShown(value);
    setFrom(value.from);
    setLast(addDays(value.to, -1));
  }
  const pressed = presetOf(value, new Date());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (from && last) onChange({ from, to: addDays(last, 1), tz: value.tz });
  };
  return (
    <div className="admin-range">
      <div className="admin-tabs" role="group" aria-label={t('admin.dashboard.presets')}>
        {RANGE_PRESETS.map((p) => (
          <button key={p} type="button" className="admin-tabs__tab" aria-pressed={pressed === p} data-testid={`range-${p}`}
            onClick={() => onChange(presetRange(p, new Date(), value.tz))}>
            {t(`admin.dashboard.preset.${p}`)}
          </button>
        ))}
      </div>
      <form className="admin-range__days" onSubmit={submit}>
        <label htmlFor={ids.from}>{t('admin.dashboard.from')}</label>
        <input id={ids.from} className="field__control" type="date" value={from} max={last} onChange={(e) => setFrom(e.target.value)} required />
        <label htmlFor={ids.to}>{t('admin.dashboard.to')}</label>
        <input id={ids.to} className="field__control" type="date" value={last} min={from} onChange={(e) => setLast(e.target.value)} required />
        <button type="submit" className="btn btn--ghost">{t('admin.dashboard.show')}</button>
      </form>
      <p className="admin-note admin-range__tz">{t('admin.dashboard.timeZone', { tz: value.tz })}</p>
    </div>
  );
}
