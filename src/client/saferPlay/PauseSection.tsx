import { useMachine } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { breakOrExclusionMachine, type PauseKind } from '../../../machines/breakOrExclusionMachine';
import { BREAK_LENGTHS, EXCLUSION_LENGTHS } from '../../contract/saferPlay';
import { errorText } from '../api';
import { clearToken, rememberSaferPlayNotice } from '../auth/storage';
import { formatDateTime } from '../format';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { pauseActors, type SaferPlayStatus } from './saferPlayApi';

/** What a break or an exclusion does, said in the first confirmation (issue 31). */
const EFFECTS = ['signOut', 'bonus', 'promotions', 'withdraw', 'final'] as const;

/**
 * Breaks (24 h to 6 weeks) and self-exclusion (6 to 60 months, or for good), each confirmed twice
 * over machines/breakOrExclusionMachine. Once one starts the server has ended every session: the
 * token is forgotten and /login says when it ends and that withdrawing still works.
 */
export function PauseSection({ status }: { status: SaferPlayStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { word: useId() };
  const word = t('saferPlay.pause.word');

  const [snapshot, send] = useMachine(
    breakOrExclusionMachine.provide({
      actors: pauseActors,
      actions: {
        signedOut: (_, { choice, started }) => {
          rememberSaferPlayNotice({ what: 'pauseStarted', kind: choice.kind, until: started.endsAt });
          clearToken();
          void navigate('/login', { replace: true });
        },
      },
    }),
  );
  const { choice, typed, ticket, serverError } = snapshot.context;
  const lengthName = choice ? t(`saferPlay.length.${choice.length}` as 'saferPlay.length.24h') : '';
  const choose = (kind: PauseKind, length: string) => send({ type: 'pause.chosen', choice: { kind, length }, confirmWord: word });
  const inForce = status.pause;

  const firstTitle =
    choice?.kind === 'break'
      ? t('saferPlay.pause.breakTitle', { length: lengthName })
      : choice?.length === 'forever'
        ? t('saferPlay.pause.exclusionTitleForever')
        : t('saferPlay.pause.exclusionTitle', { length: lengthName });

  return (
    <>
      {inForce && (
        <p className="safer-play__paused panel" role="status" data-testid="pause-in-force">
          {inForce.kind === 'break'
            ? t('saferPlay.active.break', { date: formatDateTime(inForce.endsAt) })
            : inForce.endsAt
              ? t('saferPlay.active.exclusion', { date: formatDateTime(inForce.endsAt) })
              : t('saferPlay.active.exclusionForever')}{' '}
          {t('saferPlay.pause.later')}
        </p>
      )}
      <PauseChoices kind="break" lengths={BREAK_LENGTHS} title={t('saferPlay.breaks.title')} lead={t('saferPlay.breaks.lead')} onChoose={choose} />
      <PauseChoices kind="exclusion" lengths={EXCLUSION_LENGTHS} title={t('saferPlay.exclusion.title')} lead={t('saferPlay.exclusion.lead')} onChoose={choose} />

      {/* The first confirmation: what it does. */}
      <ConfirmDialog
        open={snapshot.matches('explaining') || snapshot.matches('asking')}
        title={firstTitle}
        confirmLabel={t('saferPlay.pause.understood')}
        busy={snapshot.matches('asking')}
        onConfirm={() => send({ type: 'pause.understood' })}
        onCancel={() => send({ type: 'pause.cancelled' })}
        confirmTestId="pause-understood"
      >
        <ul className="pause-effects">
          {EFFECTS.map((effect) => (
            <li key={effect}>{t(`saferPlay.pause.effects.${effect}`)}</li>
          ))}
        </ul>
        {serverError && (
          <p className="form-error" role="alert">
            {errorText(t, serverError)}
          </p>
        )}
      </ConfirmDialog>

      {/* The second: a break names itself on its button; an exclusion waits for the typed word. */}
      <ConfirmDialog
        open={snapshot.matches('confirming') || snapshot.matches('starting')}
        title={t('saferPlay.pause.lastStep')}
        confirmLabel={choice?.kind === 'break' ? t('saferPlay.pause.breakConfirm', { length: lengthName }) : t('saferPlay.pause.exclusionConfirm')}
        busy={snapshot.matches('starting')}
        disabled={!snapshot.can({ type: 'pause.confirmed' })}
        onConfirm={() => send({ type: 'pause.confirmed' })}
        onCancel={() => send({ type: 'pause.cancelled' })}
        confirmTestId="pause-confirm"
      >
        {choice?.kind === 'break' ? (
          <p>{t('saferPlay.pause.breakConfirmBody', { length: lengthName })}</p>
        ) : (
          <>
            <p>{firstTitle}</p>
            <p data-testid="exclusion-ends">
              {ticket?.endsAt ? t('saferPlay.pause.exclusionEnds', { date: formatDateTime(ticket.endsAt) }) : t('saferPlay.pause.exclusionNeverEnds')}
            </p>
            <div className="field">
              <label htmlFor={ids.word} className="field__label">
                {t('saferPlay.pause.typeWord', { word })}
              </label>
              <div className="field__control">
                <input
                  id={ids.word}
                  className="field__input"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={typed}
                  onChange={(event) => send({ type: 'pause.typed', text: event.target.value })}
                  data-testid="exclusion-word"
                />
              </div>
            </div>
          </>
        )}
        {serverError && (
          <p className="form-error" role="alert">
            {errorText(t, serverError)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The lengths of a break or of a self-exclusion, one button each. */
function PauseChoices({ kind, lengths, title, lead, onChoose }: { kind: PauseKind; lengths: readonly string[]; title: string; lead: string; onChoose: (kind: PauseKind, length: string) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="pause-card panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="limit-card__title">
        {title}
      </h2>
      <p className="limit-card__hint">{lead}</p>
      <div className="pause-card__choices">
        {lengths.map((length) => (
          <button key={length} type="button" className="btn btn--ghost" onClick={() => onChoose(kind, length)} data-testid={`${kind}-${length}`}>
            {t(`saferPlay.length.${length}` as 'saferPlay.length.24h')}
          </button>
        ))}
      </div>
    </section>
  );
}
