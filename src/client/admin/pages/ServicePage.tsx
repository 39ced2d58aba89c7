import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCancelServiceSchedule, adminCloseService, adminReopenService, adminService, LOCALES, type BodyOf, type Locale, type ResponseOf } from '../../../contract';
import { adminCall } from '../api';
import { Fact, LoadState, PageHead, When } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

type State = ResponseOf<typeof adminService>;
type CloseBody = NonNullable<BodyOf<typeof adminCloseService>>;

/** A datetime-local input's value (local wall time) as an instant; undefined when empty or not a time. */
const instantOf = (local: string) => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/** An instant as a datetime-local input's value (local wall time, to the second). */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/**
 * The member service switch. Closing asks for a reason and the typed word the page shows (the
 * server checks both), now or at a time with a maintenance message in each language that members
 * read ahead of it and on /terminated, and an optional time it reopens by itself. A scheduled
 * closing can be cancelled; reopening asks once more.
 */
export function ServicePage() {
  const { t } = useTranslation();
  const { can } = useOperator();
  const { data, error, reload } = useLoad(() => adminCall(adminService), []);
  const allowed = can('service.switch');
  const [changing, setChanging] = useState(false);
  const scheduled = data?.phase === 'scheduled';
  return (
    <section className="admin-page" aria-labelledby="service-title">
      <PageHead id="service-title" title={t('admin.nav.service')} />
      <LoadState error={error} loading={!data} empty={false} />
      {data && <ServiceStateCard state={data} allowed={allowed} onChanged={reload} />}
      {/* A closing ahead is changed on demand, from its own values; an open service shows the form at once. */}
      {data && allowed && scheduled && !changing && (
        <div className="admin-actions">
          <button type="button" className="btn btn--ghost" data-testid="service-change" onClick={() => setChanging(true)}>{t('admin.service.replaceTitle')}</button>
        </div>
      )}
      {data && allowed && (data.phase === 'open' || (scheduled && changing)) && (
        <CloseForm key={`${data.phase}-${data.closeAt ?? ''}`} state={data} onClosed={() => { setChanging(false); reload(); }} />
      )}
    </section>
  );
}

function ServiceStateCard({ state, allowed, onChanged }: { state: State; allowed: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState<'reopen' | 'cancel' | null>(null);
  const badge = state.phase === 'closed' ? 'locked' : state.phase === 'scheduled' ? 'scheduled' : 'active';
  const messages = state.message ? LOCALES.filter((l) => state.message![l]) : [];
  const act = (kind: 'reopen' | 'cancel') =>
    run(
      () => (kind === 'reopen' ? adminCall(adminReopenService) : adminCall(adminCancelServiceSchedule)),
      kind === 'reopen' ? t('admin.service.turnedOn') : t('admin.service.cancelled'),
      () => { setConfirming(null); onChanged(); },
    );
  return (
    <div className="admin-card panel">
      <p className="admin-service" data-testid="service-state" data-active={state.active} data-phase={state.phase}>
        <span className={`admin-badge admin-badge--${badge}`}>{t(`admin.service.phase.${state.phase}`)}</span>
        {t('admin.service.help')}
      </p>
      {state.phase !== 'open' && (
        <dl className="admin-facts" data-testid="service-closure">
          <Fact label={state.phase === 'scheduled' ? t('admin.service.closesAt') : t('admin.service.closedSince')}><When value={state.closeAt} /></Fact>
          <Fact label={t('admin.service.reopensAt')}>{state.reopenAt ? <When value={state.reopenAt} /> : t('admin.service.untilReopened')}</Fact>
          {state.reason && <Fact label={t('admin.reason')}>{state.reason}</Fact>}
          {state.by && <Fact label={t('admin.service.by')}>{state.by}</Fact>}
          {messages.map((l) => (
            <Fact key={l} label={t('admin.service.messageIn', { language: t(`languages.${l}`) })}><p className="admin-closure__message">{state.message![l]}</p></Fact>
          ))}
        </dl>
      )}
      {allowed && state.phase !== 'open' && (
        confirming ? (
          <div className="admin-actions" role="group" aria-label={t(confirming === 'reopen' ? 'admin.service.reopenAsk' : 'admin.service.cancelAsk')}>
            <p className="admin-note">{t(confirming === 'reopen' ? 'admin.service.reopenAsk' : 'admin.service.cancelAsk')}</p>
            <button type="button" className="btn btn--gold" disabled={busy} data-testid="service-confirm" onClick={() => act(confirming)}>
              {confirming === 'reopen' ? t('admin.service.turnOn') : t('admin.service.cancelSchedule')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(null)}>{t('admin.cancel')}</button>
          </div>
        ) : (
          <div className="admin-actions">
            {state.phase === 'closed'
              ? <button type="button" className="btn btn--gold" onClick={() => setConfirming('reopen')}>{t('admin.service.turnOn')}</button>
              : <button type="button" className="btn btn--ghost" onClick={() => setConfirming('cancel')}>{t('admin.service.cancelSchedule')}</button>}
          </div>
        )
      )}
    </div>
  );
}

function CloseForm({ state, onClosed }: { state: State; onClosed: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, run } = useAction();
  // A scheduled closing is changed from its own values; the word is typed again.
  const [reason, setReason] = useState(state.reason ?? '');
  const [when, setWhen] = useState<'now' | 'later'>(state.phase === 'scheduled' ? 'later' : 'now');
  const [closeAt, setCloseAt] = useState(localInput(state.closeAt));
  const [reopen, setReopen] = useState(state.reopenAt !== null);
  const [reopenAt, setReopenAt] = useState(localInput(state.reopenAt));
  const [message, setMessage] = useState<Record<Locale, string>>(state.message ?? { th: '', la: '', en: '' });
  const [word, setWord] = useState('');
  const closeInstant = when === 'later' ? instantOf(closeAt) : undefined;
  const reopenInstant = reopen ? instantOf(reopenAt) : undefined;
  const ready = reason.trim() !== '' && word.trim() === state.confirmWord && (when === 'now' || !!closeInstant) && (!reopen || !!reopenInstant);

  const submit = () => {
    const body: CloseBody = { reason: reason.trim(), confirmation: word, message };
    if (closeInstant) body.closeAt = closeInstant;
    if (reopenInstant) body.reopenAt = reopenInstant;
    void run(() => adminCall(adminCloseService, { body }), (answer) => (answer.phase === 'scheduled' ? t('admin.service.scheduled') : t('admin.service.turnedOff')), onClosed);
  };

  return (
    <form className="admin-card panel admin-closure" aria-labelledby={`${id}-title`} data-testid="service-close-form" onSubmit={(e) => { e.preventDefault(); if (ready) submit(); }}>
      <h2 id={`${id}-title`} className="admin-closure__title">{state.phase === 'scheduled' ? t('admin.service.replaceTitle') : t('admin.service.closeTitle')}</h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>{t('admin.reason')}</label>
        <div className="field__control"><input id={`${id}-reason`} className="field__input" value={reason} maxLength={500} data-testid="service-reason" onChange={(e) => setReason(e.target.value)} /></div>
      </div>
      <fieldset className="admin-closure__when">
        <legend className="field__label">{t('admin.service.when')}</legend>
        <label className="admin-closure__choice"><input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} data-testid="service-when-now" />{t('admin.service.now')}</label>
        <label className="admin-closure__choice"><input type="radio" name={`${id}-when`} checked={when === 'later'} onChange={() => setWhen('later')} data-testid="service-when-later" />{t('admin.service.later')}</label>
      </fieldset>
      <div className="admin-form__grid">
        {when === 'later' && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-at`}>{t('admin.service.closesAt')}</label>
            <input id={`${id}-at`} type="datetime-local" step={1} className="admin-select" value={closeAt} data-testid="service-close-at" onChange={(e) => setCloseAt(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label className="admin-closure__choice"><input type="checkbox" checked={reopen} onChange={(e) => setReopen(e.target.checked)} data-testid="service-reopen-toggle" />{t('admin.service.reopenBySelf')}</label>
          {reopen && (
            <input type="datetime-local" step={1} className="admin-select" aria-label={t('admin.service.reopensAt')} value={reopenAt} data-testid="service-reopen-at" onChange={(e) => setReopenAt(e.target.value)} />
          )}
        </div>
      </div>
      <div className="field">
        <span className="field__label">{t('admin.service.message')}</span>
        <p className="admin-note">{t('admin.service.messageHelp')}</p>
        <div className="admin-closure__messages">
          {LOCALES.map((l) => (
            <div className="field" key={l}>
              <label className="field__label" htmlFor={`${id}-m-${l}`}>{t(`languages.${l}`)}</label>
              <textarea id={`${id}-m-${l}`} className="admin-textarea" lang={l === 'la' ? 'lo' : l} maxLength={500} value={message[l]} data-testid={`service-message-${l}`}
                onChange={(e) => setMessage({ ...message, [l]: e.target.value })} />
            </div>
          ))}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-word`}>
          {t('admin.service.typeWord')} <span className="admin-closure__word" data-testid="service-word">{state.confirmWord}</span>
        </label>
        <div className="field__control"><input id={`${id}-word`} className="field__input" value={word} autoComplete="off" spellCheck={false} data-testid="service-confirmation" onChange={(e) => setWord(e.target.value)} /></div>
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--danger" disabled={busy || !ready} data-testid="service-close">
          {when === 'later' ? t('admin.service.schedule') : t('admin.service.turnOff')}
        </button>
      </div>
    </form>
  );
}
