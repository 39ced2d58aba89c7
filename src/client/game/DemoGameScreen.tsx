import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { demoSlotMachine, INVALID_TOKEN } from '../../../machines/demoSlotMachine';
import { DEMO_SLOT, type SlotSymbol } from '../../contract';
import { ApiError, errorText } from '../api/errors';
import { formatAmount } from '../format';
import { changeLocale } from '../i18n';
import { isLocale } from '../i18n/locale';
import { StatusScreen } from '../screens/StatusScreen';
import { AlertIcon, ArrowLeftIcon, CompassIcon } from '../ui/icons';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { loadGameSession, spinReels } from './gameApi';
import { SoundIcon } from './icons';
import type { Grid } from './reels';
import SlotScene, { type Landing } from './SlotScene';
import { GameSounds } from './sound';
import './game.css';

const LOBBY = '/user/home';

/**
 * "Back to lobby": the wallet opens games in a tab of their own, and its lobby is still open in
 * the tab the member came from; closing this one returns there, instead of loading a second
 * wallet in the game's tab. Browsers close only tabs a script opened: a tab the member opened
 * (or the wallet's own tab, when games open in the same tab) follows the link to the lobby.
 */
const backToLobby = (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  window.close();
  if (window.closed) event.preventDefault();
};

const gameMachine = demoSlotMachine.provide({
  actors: {
    loadSession: fromPromise(({ input }: { input: { token: string } }) =>
      input.token ? loadGameSession(input.token) : Promise.reject(new ApiError(INVALID_TOKEN)),
    ),
    spin: fromPromise(({ input }: { input: { token: string; stake: number } }) => spinReels(input.token, input.stake)),
  },
});

/** What the reels show before the first spin. */
const OPENING_REELS: Grid = [
  ['lemon', 'seven', 'bell'],
  ['cherry', 'seven', 'star'],
  ['melon', 'seven', 'lemon'],
];

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/**
 * The sandbox demo provider's slot, opened from a launch link `/sandbox/game/:code?t=…`. The
 * server decides each spin (demoSlotMachine); the Pixi scene lands the reels on it and reports
 * back. Every control is a real DOM control, and each result is announced.
 */
export default function DemoGameScreen() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  // The link names the player's language: the game may open on another origin than the wallet,
  // where the wallet's stored choice is not seen. The game's own menu can change it after.
  const linkLanguage = search.get('lang');
  useEffect(() => {
    if (isLocale(linkLanguage) && linkLanguage !== i18n.language) void changeLocale(linkLanguage);
    // Once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkLanguage]);
  const [snapshot, send] = useMachine(gameMachine, { input: { token: search.get('t') ?? '' } });
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const sounds = useRef<GameSounds | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const stakeLegendId = useId();

  const { session, balance, stake, outcome, reels, settledSpins, error } = snapshot.context;
  const landingNow = snapshot.matches('landing');
  const busy = snapshot.matches('spinning') || landingNow;
  const landing = useMemo<Landing | null>(
    () => (landingNow && outcome ? { key: settledSpins + 1, target: outcome.reels } : null),
    [landingNow, outcome, settledSpins],
  );
  const settledOutcome = !busy && settledSpins > 0 ? outcome : null;
  const shown = reels ?? OPENING_REELS;

  const board = () => (sounds.current ??= new GameSounds());
  const toggleSound = () => {
    board().setMuted(soundOn);
    setSoundOn(!soundOn);
  };
  useEffect(() => {
    if (landing && !reducedMotion) sounds.current?.play('spin');
  }, [landing, reducedMotion]);
  useEffect(() => {
    if (settledSpins > 0 && (outcome?.win ?? 0) > 0) sounds.current?.play('win');
    // Once per settled spin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSpins]);

  const onReelStop = useCallback(() => sounds.current?.play('stop'), []);
  const onSettled = useCallback(() => send({ type: 'reels.settled' }), [send]);

  const symbolName = (symbol: SlotSymbol) => t(`game.symbols.${symbol}`);
  const row = (index: number) => shown.map((column) => symbolName(column[index])).join(', ');
  const reelsLabel = t('game.reels', { top: row(0), middle: row(1), bottom: row(2) });

  if (snapshot.matches('expired')) {
    return (
      <StatusScreen
        badge={<CompassIcon size={44} />}
        title={t('game.expiredTitle')}
        body={t('game.expiredBody')}
        action={<Link to={LOBBY} onClick={backToLobby} className="btn btn--gold status__action">{t('game.backToLobby')}</Link>}
      />
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <StatusScreen
        badge={<AlertIcon size={44} />}
        title={t('game.failed')}
        body={errorText(t, error ?? 'INTERNAL_SERVER_ERROR')}
        action={
          <button type="button" className="btn btn--gold status__action" onClick={() => send({ type: 'session.retry' })}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }

  const result = settledOutcome
    ? [
        settledOutcome.win > 0
          ? t('game.resultWin', { win: formatAmount(settledOutcome.win), balance: formatAmount(balance) })
          : t('game.resultLose', { balance: formatAmount(balance) }),
        ...settledOutcome.lines.map((l) =>
          t('game.lineWin', { line: l.line + 1, count: l.count, symbol: symbolName(l.symbol), win: formatAmount(l.win) }),
        ),
      ]
    : [];

  return (
    <div className="app-column game">
      <header className="game__header">
        <Link to={LOBBY} onClick={backToLobby} className="game__back">
          <ArrowLeftIcon size={20} />
          <span>{t('game.backToLobby')}</span>
        </Link>
        <div className="game__tools">
          <button
            type="button"
            className="game__sound"
            aria-pressed={soundOn}
            aria-label={t('game.sound')}
            title={soundOn ? t('game.soundOn') : t('game.soundOff')}
            onClick={toggleSound}
          >
            <SoundIcon on={soundOn} />
          </button>
          <LanguageDropdown />
        </div>
      </header>

      <main className="game__main">
        <h1 className="game__title">{t('game.title', { name: session?.name ?? code })}</h1>
        <p className="game__sandbox">{t('game.sandbox')}</p>

        {snapshot.matches('loading') ? (
          <p className="game__loading" role="status">
            <span className="spinner" aria-hidden="true" /> {t('game.loading')}
          </p>
        ) : (
          <>
            <SlotScene
              shown={shown}
              landing={landing}
              reducedMotion={reducedMotion}
              winLines={settledOutcome?.lines ?? []}
              winText={settledOutcome && settledOutcome.win > 0 ? `+${formatAmount(settledOutcome.win)}` : null}
              label={reelsLabel}
              onReelStop={onReelStop}
              onSettled={onSettled}
            />

            <div className="game__result" role="status" data-testid="game-result">
              {result.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>

            <div className="game__meters">
              <p className="game__meter">
                <span>{t('game.balance')}</span>
                <strong data-testid="game-balance">{formatAmount(balance)}</strong>
              </p>
              <p className={`game__meter game__meter--win${settledOutcome && settledOutcome.win > 0 ? ' is-won' : ''}`}>
                <span>{t('game.lastWin')}</span>
                <strong data-testid="game-win">{settledOutcome ? formatAmount(settledOutcome.win) : '-'}</strong>
              </p>
            </div>

            <fieldset className="game__stakes" aria-describedby={`${stakeLegendId}-hint`}>
              <legend>{t('game.stake')}</legend>
              <div className="game__stake-list">
                {(session?.stakes ?? []).map((amount) => (
                  <label key={amount} className={`game__stake${amount === stake ? ' is-chosen' : ''}`}>
                    <input
                      type="radio"
                      name="stake"
                      value={amount}
                      checked={amount === stake}
                      onChange={() => send({ type: 'stake.chosen', stake: amount })}
                    />
                    <span>{amount}</span>
                  </label>
                ))}
              </div>
              <p id={`${stakeLegendId}-hint`} className="game__hint">
                {t('game.stakeHint', { lines: DEMO_SLOT.paylines.length, lineStake: formatAmount(stake / DEMO_SLOT.paylines.length) })}
              </p>
            </fieldset>

            {error && (
              <p className="game__error" role="alert">
                {errorText(t, error)}
              </p>
            )}

            {/* Never disabled: a disabled button would drop the keyboard focus mid-spin. */}
            <button
              type="button"
              className="btn btn--gold btn--block game__spin"
              aria-disabled={busy}
              data-testid="spin"
              onClick={() => {
                if (snapshot.can({ type: 'spin.requested' })) send({ type: 'spin.requested' });
              }}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? t('game.spinning') : t('game.spin')}
            </button>

            <details className="game__paytable panel">
              <summary>{t('game.paytable')}</summary>
              <ul>
                {[...(session?.paytable ?? [])].reverse().map(({ symbol, pays }) => (
                  <li key={symbol}>
                    <span>{t('game.paysThree', { symbol: symbolName(symbol) })}</span>
                    <span>{t('game.paysTimes', { pays })}</span>
                  </li>
                ))}
                <li>
                  <span>{t('game.paysCherries', { symbol: symbolName('cherry') })}</span>
                  <span>{t('game.paysStakeBack')}</span>
                </li>
              </ul>
              <p>{t('game.paylines')}</p>
            </details>
          </>
        )}
      </main>
    </div>
  );
}
