import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { limitChangeMachine } from '../../../machines/limitChangeMachine';
import { LIMIT_KINDS } from '../../contract/saferPlay';
import { call, endpoints, errorText } from '../api';
import { ArrowLeftIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { LimitCard } from './LimitCard';
import { LimitEditor } from './LimitEditor';
import { PauseSection } from './PauseSection';
import { RealityInterval } from './RealityInterval';
import { limitActors, type SaferPlayStatus } from './saferPlayApi';
import '../screens/pages.css';
import './saferPlay.css';

type Load = { state: 'loading' } | { state: 'ready'; status: SaferPlayStatus } | { state: 'failed'; code: string };

/**
 * /user/safer-play (issue 31), from the profile: the member's deposit, loss and time limits per
 * day, week and month with their use and any pending change; breaks and self-exclusion; the
 * reality check's interval. Changing a limit is machines/limitChangeMachine (one at a time);
 * a break or an exclusion machines/breakOrExclusionMachine.
 */
export default function SaferPlayScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    call(endpoints.saferPlay)
      .then((status) => live && setLoad({ state: 'ready', status }))
      .catch((error: { code?: string }) => live && setLoad({ state: 'failed', code: error.code ?? 'INTERNAL_SERVER_ERROR' }));
    return () => {
      live = false;
    };
  }, [version]);

  const [limitSnapshot, sendLimit] = useMachine(
    limitChangeMachine.provide({
      actors: limitActors,
      actions: {
        limitsChanged: reload,
        notifyPending: (_, outcome) => {
          if (outcome.did === 'failed') toast.error(errorText(t, outcome.code));
          else toast.success(t(outcome.did === 'confirmed' ? 'saferPlay.pending.confirmed' : 'saferPlay.pending.kept'));
        },
      },
    }),
  );

  return (
    <section className="page safer-play" aria-labelledby="safer-play-title">
      <Link to="/user/profile" className="safer-play__back">
        <ArrowLeftIcon size={18} />
        {t('profile.title')}
      </Link>
      <h1 id="safer-play-title" className="page__title">
        {t('saferPlay.title')}
      </h1>
      {load.state === 'loading' && (
        <p className="dialog-status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <div className="safer-play__failed panel">
          <p role="alert">
            {t('saferPlay.loadFailed')} {errorText(t, load.code)}
          </p>
          <button type="button" className="btn btn--ghost" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          {/* Withdraw-only mode is the member shell's banner (RestrictionNotice), on this page too. */}
          <p className="safer-play__intro">{t('saferPlay.intro', { zone: load.status.timeZone })}</p>
          {LIMIT_KINDS.map((kind) => (
            <LimitCard
              key={kind}
              kind={kind}
              status={load.status}
              busy={!limitSnapshot.matches('idle')}
              onEdit={(target) => sendLimit({ type: 'limit.opened', target, whole: kind === 'session' || load.status.currency === 'LAK' })}
              onConfirmPending={(period) => sendLimit({ type: 'pending.confirmRequested', kind, period })}
              onKeepLimit={(period) => sendLimit({ type: 'pending.cancelRequested', kind, period })}
            />
          ))}
          <LimitEditor snapshot={limitSnapshot} send={sendLimit} status={load.status} />
          <PauseSection status={load.status} />
          <RealityInterval minutes={load.status.realityCheckMinutes} onChanged={reload} />
        </>
      )}
    </section>
  );
}
