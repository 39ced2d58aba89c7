import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLimitValue } from '../../../../machines/limitChangeMachine';
import { adminMemberSaferPlay, adminMemberSaferPlayLimit, LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '../../../contract';
import { formatDateTime } from '../../format';
import { currencyWord, limitValueText } from '../../saferPlay/limitText';
import { useAction } from '../../ui/useAction';
import { adminCall } from '../api';
import { LoadState, When } from '../parts';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';

/**
 * A member's safer play in the console (issue 31): limits with use and pending changes, the
 * withdraw-only mode and every break and exclusion. An operator with saferplay.manage may set a
 * limit the member has not, or lower one: a value at or above the limit in force is not offered
 * (the server would answer LIMIT_RAISE_REFUSED), and there is no way to end a break or an exclusion.
 */
export function MemberSaferPlay({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { can } = useOperator();
  const { data, error, reload } = useLoad(() => adminCall(adminMemberSaferPlay, { params: { id: memberId } }), [memberId]);
  if (!data) return <div className="admin-card panel"><h2>{t('admin.saferPlay.title')}</h2><LoadState error={error} loading empty={false} /></div>;
  const text = (kind: LimitKind, value: number) => limitValueText(t, kind, value, data.currency);

  return (
    <div className="admin-card panel" data-testid="member-safer-play">
      <h2>{t('admin.saferPlay.title')}</h2>
      {data.restriction && (
        <p className="admin-note admin-note--error" data-testid="member-restriction">
          {t('admin.saferPlay.restricted', { reason: t(`admin.saferPlay.reason.${data.restriction.reason}`) })}
          {' · '}
          {data.restriction.until ? t('admin.saferPlay.until', { date: formatDateTime(data.restriction.until) }) : t('admin.saferPlay.forever')}
        </p>
      )}
      {data.limits.length === 0 && <p className="admin-note">{t('admin.saferPlay.noLimits')}</p>}
      <ul className="admin-rows" data-testid="member-limits">
        {data.limits.map((limit) => (
          <li key={`${limit.kind}-${limit.period}`} className="admin-limit">
            <span>
              {t(`saferPlay.kind.${limit.kind}.name`)} {t(`saferPlay.per.${limit.period}`)}
              <span className="admin-limit__meta">{t(`admin.saferPlay.setBy.${limit.setBy}`)}</span>
            </span>
            <span className="admin-limit__figures">
              <strong>{text(limit.kind, limit.value)}</strong>
              <span className="admin-limit__meta">{t('saferPlay.used')} {text(limit.kind, limit.used)} · {t('saferPlay.remaining')} {text(limit.kind, limit.remaining)}</span>
              {limit.pending && (
                <span className="admin-limit__meta">
                  {t('admin.saferPlay.pending', {
                    value: limit.pending.value === null ? t('admin.saferPlay.removal') : text(limit.kind, limit.pending.value),
                    date: formatDateTime(limit.pending.confirmableAt),
                  })}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="admin-note">{t('admin.saferPlay.reality', { minutes: data.realityCheckMinutes })}</p>
      <h3 className="admin-subhead">{t('admin.saferPlay.pauses')}</h3>
      {data.pauses.length === 0 && <p className="admin-note">{t('admin.saferPlay.noPauses')}</p>}
      <ul className="admin-rows" data-testid="member-pauses">
        {data.pauses.map((pause) => (
          <li key={pause.startedAt} className="admin-limit">
            <span>
              {t(`admin.saferPlay.pauseKind.${pause.kind}`)} · {t(`saferPlay.length.${pause.length}`)}
              {data.pause?.startedAt === pause.startedAt && <span className="admin-badge admin-badge--locked admin-limit__now">{t('admin.saferPlay.inForce')}</span>}
            </span>
            <span className="admin-limit__figures">
              <When value={pause.startedAt} />
              <span>→ {pause.endsAt ? <When value={pause.endsAt} /> : t('admin.saferPlay.forever')}</span>
            </span>
          </li>
        ))}
      </ul>
      {can('saferplay.manage') && <LowerLimitForm memberId={memberId} limits={data.limits} currency={data.currency} onDone={reload} />}
    </div>
  );
}

type LimitRow = { kind: LimitKind; period: LimitPeriod; value: number };

/** Set a new limit or lower one; the form never sends a raise (the current value is its bound). */
function LowerLimitForm({ memberId, limits, currency, onDone }: { memberId: number; limits: readonly LimitRow[]; currency: string; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { kind: useId(), period: useId(), value: useId(), note: useId(), hint: useId() };
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const { busy, run } = useAction();
  const current = limits.find((l) => l.kind === kind && l.period === period)?.value ?? null;
  const parsed = parseLimitValue(value, kind === 'session' || currency === 'LAK');
  const typed = 'value' in parsed ? parsed.value : null;
  const tooHigh = typed !== null && current !== null && typed >= current;
  const ready = typed !== null && !tooHigh && note.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || typed === null) return;
    void run(
      () => adminCall(adminMemberSaferPlayLimit, { params: { id: memberId, kind, period }, body: { value: typed, note: note.trim() } }),
      t('admin.saferPlay.saved'),
      () => {
        setValue('');
        setNote('');
        onDone();
      },
    );
  };

  return (
    <form className="admin-form admin-limit-form" onSubmit={submit} noValidate data-testid="member-limit-form">
      <h3 className="admin-subhead">{t('admin.saferPlay.setLimit')}</h3>
      <p className="admin-note">{t('admin.saferPlay.lowerOnly')}</p>
      <div className="admin-form__grid">
        <div className="field">
          <label htmlFor={ids.kind} className="field__label">{t('admin.saferPlay.kind')}</label>
          <select id={ids.kind} className="admin-select" value={kind} onChange={(e) => setKind(e.target.value as LimitKind)}>
            {LIMIT_KINDS.map((k) => <option key={k} value={k}>{t(`saferPlay.kind.${k}.name`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.period} className="field__label">{t('admin.saferPlay.period')}</label>
          <select id={ids.period} className="admin-select" value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((p) => <option key={p} value={p}>{t(`saferPlay.period.${p}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.value} className="field__label">{t('admin.saferPlay.value')} ({kind === 'session' ? t('saferPlay.minutesUnit') : currencyWord(t, currency)})</label>
          <div className={`field__control${tooHigh ? ' is-invalid' : ''}`}>
            <input id={ids.value} className="field__input" inputMode="decimal" autoComplete="off" value={value} aria-describedby={ids.hint} aria-invalid={tooHigh} onChange={(e) => setValue(e.target.value)} />
          </div>
          <p id={ids.hint} className={tooHigh ? 'field__error' : 'field__hint'}>
            {current === null
              ? t('saferPlay.none')
              : tooHigh
                ? t('admin.saferPlay.tooHigh', { value: limitValueText(t, kind, current, currency) })
                : t('admin.saferPlay.atMost', { value: limitValueText(t, kind, current, currency) })}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.note} className="field__label">{t('admin.reason')}</label>
          <div className="field__control">
            <input id={ids.note} className="field__input" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
        </div>
      </div>
      <button type="submit" className="btn btn--gold" disabled={busy || !ready} aria-busy={busy}>{t('admin.saferPlay.save')}</button>
    </form>
  );
}
