import { useMachine } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { gameAccountMachine, type LaunchPlatform } from '../../../machines/gameAccountMachine';
import { call, endpoints, errorText } from '../api';
import { formatAmount } from '../format';
import { cardAmounts } from '../scene/lobby/lobbyLayout';
import { copyText } from '../ui/clipboard';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { CopyIcon, ExternalLinkIcon, InfoIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import type { GameAccount } from './balance';
import { balanceAge, balanceAgeText } from './balanceAge';
import { canLaunch, createLauncher, launchTarget, resolveGameLaunch } from './gameLaunch';
import { MoneyResultAlert } from './MoneyResultAlert';
import { TransferIcon } from './moneyIcons';
import type { TransferAllRequest } from './moneyRequests';
import { useMoneyAction } from './useMoneyAction';
import { useNow } from './useNow';
import { useWallet } from './walletContext';
import { RealityPanel } from '../saferPlay/RealityPanel';
import './gameAccount.css';

const LAUNCH_TARGET = launchTarget(import.meta.env.VITE_GAME_LAUNCH_TARGET);
const PGSLOT_BANNER = import.meta.env.VITE_PGSLOT_BANNER_MESSAGE;
const PLATFORMS: readonly LaunchPlatform[] = ['web', 'android', 'ios'];

interface GameAccountModalProps {
  /** The account to show, live from the wallet; null when closed. */
  account: GameAccount | null;
  walletAmount: number;
  currency: string;
  onClose: () => void;
  /** Transfer-only: the transfer modal, preset to this game. */
  onTransfer: (code: string) => void;
  /** A closed game's money back to the wallet: the transfer modal, preset from this game. */
  onMoveOut: (code: string) => void;
  /** The account changed: the home reloads the wallet. */
  onChanged: () => void;
  /** Money moved into the game: the home reloads the wallet and the games' figures are read again. */
  onTransferred: () => void;
}

/**
 * The game account modal (SPEC section 2): credentials for the owner with copy buttons,
 * activation, password reset, transfer-only, transfer all to the game, and launch on the web,
 * Android and iOS. The flow is `machines/gameAccountMachine.ts`, one per opened account; the
 * "all to the game" money action lives as long as the home, like the transfer modal's.
 */
export function GameAccountModal({ account, walletAmount, currency, onClose, onTransfer, onMoveOut, onChanged, onTransferred }: GameAccountModalProps) {
  const { t } = useTranslation();
  const action = useMoneyAction();
  const { done, failure, reviewing } = action;
  useEffect(() => {
    if (done || failure) onTransferred();
  }, [done, failure, onTransferred]);

  // The dialog shows the game's balance: it is read from the game as the dialog opens.
  const { wantGameBalances } = useWallet();
  const openedCode = account?.code ?? null;
  useEffect(() => {
    if (openedCode) wantGameBalances('opened');
  }, [openedCode, wantGameBalances]);

  const request = action.request?.operation === 'transferAll' ? (action.request as TransferAllRequest) : null;
  const review = reviewing?.operation === 'transferAll' ? (reviewing as TransferAllRequest) : null;
  const nameOf = (code: string) => (account?.code === code ? account.name : code);
  const seenAmount = review ? `${formatAmount(review.seen)} ${currency}` : '';

  return (
    <>
      <Dialog open={account !== null} onClose={onClose} title={account?.name ?? ''}>
        {account?.closed && <ClosedGamePanel key={account.code} account={account} currency={currency} onMoveOut={onMoveOut} />}
        {account && !account.closed && (
          <GameAccountPanel
            key={account.code}
            account={account}
            walletAmount={walletAmount}
            currency={currency}
            onTransfer={onTransfer}
            onChanged={onChanged}
            transferAll={{
              can: action.canConfirm && walletAmount > 0,
              busy: action.busy && request?.to === account.code,
              // The whole wallet moves only after the member saw the amount and accepted it.
              run: () => action.review({ operation: 'transferAll', to: account.code, seen: walletAmount }),
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={review !== null}
        title={review ? t('gameAccount.transferAllConfirmTitle', { name: nameOf(review.to) }) : ''}
        confirmLabel={t('gameAccount.transferAllConfirm', { amount: seenAmount })}
        onConfirm={action.accept}
        onCancel={action.decline}
        confirmTestId="game-transfer-all-confirm"
      >
        <p>{review && t('gameAccount.transferAllConfirmBody', { amount: seenAmount, name: nameOf(review.to) })}</p>
      </ConfirmDialog>
      <MoneyResultAlert
        done={done && request !== null}
        doneTitle={t('gameAccount.transferAllDoneTitle')}
        // The answer's game figure is what the product booked, not what the game holds: the
        // dialog shows the game's own, read after the move (issue 27).
        doneBody={request ? t('gameAccount.transferAllDoneBody', { name: nameOf(request.to) }) : ''}
        failedTitle={t('transfer.failedTitle')}
        failure={request ? failure : null}
        stillPendingTitle={t('transfer.stillPendingTitle')}
        awaitingConnection={action.awaitingConnection}
        recovered={action.recovered}
        canRetry={action.canRetry}
        onRetry={action.retry}
        onAcknowledge={action.acknowledge}
      />
    </>
  );
}

interface PanelProps {
  account: GameAccount;
  walletAmount: number;
  currency: string;
  onTransfer: (code: string) => void;
  onChanged: () => void;
  transferAll: { can: boolean; busy: boolean; run: () => void };
}

function GameAccountPanel({ account, walletAmount, currency, onTransfer, onChanged, transferAll }: PanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { credentials: useId(), money: useId(), play: useId(), age: useId() };
  const [launcher] = useState(() => createLauncher(LAUNCH_TARGET));
  const { gameBalances, gameLaunched } = useWallet();

  const [snapshot, send] = useMachine(
    gameAccountMachine.provide({
      actors: {
        activateAccount: fromPromise(({ input }) => call(endpoints.walletActivate, { params: { slotCode: input.code } })),
        fetchCredentials: fromPromise(({ input }) => call(endpoints.walletAccount, { params: { slotCode: input.code } })),
        resetPassword: fromPromise(({ input }) => call(endpoints.walletResetPassword, { params: { slotCode: input.code } })),
        resolveLaunch: fromPromise(({ input }) => resolveGameLaunch(account, input.platform, input.credentials)),
      },
      actions: {
        accountActivated: () => onChanged(),
        passwordChanged: () => {
          toast.success(t('gameAccount.passwordChanged'));
          // The reset ended the provider's earlier links: the home loads the new ones.
          onChanged();
        },
        openGame: (_, launch) => {
          // The member's next return to this page (focus, or the tab in view) is back from the
          // game: its balance is read then, however soon. (The game's tab cannot be watched for
          // closing: the game page's opener policy swaps it out, so it reads as closed at once.)
          gameLaunched();
          launcher.open(launch);
        },
        launchFailed: () => launcher.abandon(),
      },
    }),
    { input: { code: account.code, isActive: account.isActive } },
  );

  const { credentials, error, launching } = snapshot.context;
  const amounts = cardAmounts(account);
  const now = useNow(15_000);
  const age = balanceAge(gameBalances);
  const launch = (platform: LaunchPlatform) => {
    launcher.prepare();
    send({ type: 'game.launch', platform });
  };

  return (
    <div className="game-account" data-testid="game-account">
      <div className="game-account__hero">
        <img className="game-account__art" src={account.background} alt="" width={300} height={211} />
        <img className="game-account__logo" src={account.logo} alt="" width={240} height={96} />
      </div>

      <dl className="money-facts">
        <div className="money-facts__row">
          <dt>{t('gameAccount.balance')}</dt>
          <dd data-testid="game-account-balance" aria-describedby={ids.age} aria-busy={age.kind === 'reading'}>
            {amounts.balance} {currency}
          </dd>
        </div>
        <div className="money-facts__row">
          <dt>{t('gameAccount.credit')}</dt>
          <dd data-testid="game-account-credit">{amounts.credit}</dd>
        </div>
      </dl>
      <p id={ids.age} className="game-account__age" data-testid="game-account-age" data-age={age.kind}>
        {age.kind === 'reading' && <span className="spinner" aria-hidden="true" />}
        {balanceAgeText(t, age, now)}
      </p>
      {/* Issue 31: the session's time and result where the game is entered. */}
      <RealityPanel compact />

      {(snapshot.matches('inactive') || snapshot.matches('activating')) && (
        <div className="game-account__open">
          <p>{t('gameAccount.inactiveText', { name: account.name })}</p>
          <button
            type="button"
            className="btn btn--gold btn--block"
            disabled={!snapshot.can({ type: 'account.activate' })}
            aria-busy={snapshot.matches('activating')}
            onClick={() => send({ type: 'account.activate' })}
            data-autofocus
            data-testid="game-activate"
          >
            {snapshot.matches('activating') && <span className="spinner" aria-hidden="true" />}
            {snapshot.matches('activating') ? t('gameAccount.activating') : t('gameAccount.activate')}
          </button>
        </div>
      )}

      {snapshot.matches('loadingCredentials') && (
        <p className="money-form__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('gameAccount.loadingCredentials')}
        </p>
      )}

      {snapshot.matches('credentialsFailed') && (
        <div className="game-account__failed" role="alert">
          <p>{t('gameAccount.credentialsFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'credentials.retry' })}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {snapshot.matches('active') && credentials && (
        <>
          <section aria-labelledby={ids.credentials} className="game-account__section">
            <h3 id={ids.credentials} className="game-account__heading">
              {t('gameAccount.credentials')}
            </h3>
            <Credential label={t('gameAccount.username')} value={credentials.username} testId="game-username" />
            <Credential label={t('gameAccount.password')} value={credentials.password} testId="game-password" />
            <button
              type="button"
              className="btn btn--ghost game-account__reset"
              disabled={!snapshot.can({ type: 'password.reset' })}
              aria-busy={snapshot.matches({ active: 'resetting' })}
              onClick={() => send({ type: 'password.reset' })}
              data-testid="game-reset-password"
            >
              {snapshot.matches({ active: 'resetting' }) && <span className="spinner" aria-hidden="true" />}
              {snapshot.matches({ active: 'resetting' }) ? t('gameAccount.resetting') : t('gameAccount.resetPassword')}
            </button>
          </section>

          <section aria-labelledby={ids.money} className="game-account__section">
            <h3 id={ids.money} className="game-account__heading">
              {t('gameAccount.money')}
            </h3>
            <p className="game-account__wallet">{t('gameAccount.walletBalance', { amount: formatAmount(walletAmount), currency })}</p>
            <div className="game-account__actions">
              {/* SPEC section 5: transfer-only is off while there is nothing in the wallet to move. */}
              <button type="button" className="btn btn--ghost" disabled={walletAmount <= 0} onClick={() => onTransfer(account.code)} data-testid="game-transfer-only">
                <TransferIcon size={18} />
                {t('gameAccount.transferOnly')}
              </button>
              {/* Ghost: the dialog's one primary action is playing; moving everything asks its own confirmation. */}
              <button
                type="button"
                className="btn btn--ghost"
                disabled={!transferAll.can}
                aria-busy={transferAll.busy}
                onClick={transferAll.run}
                data-testid="game-transfer-all"
              >
                {transferAll.busy && <span className="spinner" aria-hidden="true" />}
                {t('gameAccount.transferAll')}
              </button>
            </div>
          </section>

          <section aria-labelledby={ids.play} className="game-account__section">
            <h3 id={ids.play} className="game-account__heading">
              {t('gameAccount.play')}
            </h3>
            <div className="game-account__actions game-account__actions--three">
              {PLATFORMS.map((platform) => (
                <button
                  key={platform}
                  type="button"
                  className={`btn ${platform === 'web' ? 'btn--gold' : 'btn--ghost'}`}
                  disabled={!canLaunch(account, platform) || !snapshot.can({ type: 'game.launch', platform })}
                  aria-busy={launching === platform}
                  onClick={() => launch(platform)}
                  data-testid={`game-launch-${platform}`}
                >
                  {launching === platform ? <span className="spinner" aria-hidden="true" /> : <ExternalLinkIcon size={16} />}
                  {t(`gameAccount.${platform}`)}
                </button>
              ))}
            </div>
            {launching && (
              <p className="visually-hidden" role="status">
                {t('gameAccount.launching')}
              </p>
            )}
            {account.code === 'PGSLOT' && <Notice>{PGSLOT_BANNER || t('gameAccount.pgslotBanner')}</Notice>}
          </section>
        </>
      )}

      {error && snapshot.matches('active') && (
        <p className="field__error" role="alert" data-testid="game-account-error">
          {errorText(t, error)}
        </p>
      )}
    </div>
  );
}

/**
 * A game whose provider the operators closed, where the member still holds money: no login, no
 * play, no money in; the balance, why, and the one way out, back to the wallet.
 */
function ClosedGamePanel({ account, currency, onMoveOut }: { account: GameAccount; currency: string; onMoveOut: (code: string) => void }) {
  const { t } = useTranslation();
  const ageId = useId();
  const { gameBalances } = useWallet();
  const now = useNow(15_000);
  const age = balanceAge(gameBalances);
  const amounts = cardAmounts(account);
  return (
    <div className="game-account game-account--closed" data-testid="game-account" data-closed="true">
      <div className="game-account__hero">
        <img className="game-account__art" src={account.background} alt="" width={300} height={211} />
        <img className="game-account__logo" src={account.logo} alt="" width={240} height={96} />
        <span className="game-account__closed-badge">{t('gameAccount.closedBadge')}</span>
      </div>
      <dl className="money-facts">
        <div className="money-facts__row">
          <dt>{t('gameAccount.balance')}</dt>
          <dd data-testid="game-account-balance" aria-describedby={ageId} aria-busy={age.kind === 'reading'}>
            {amounts.balance} {currency}
          </dd>
        </div>
      </dl>
      <p id={ageId} className="game-account__age" data-testid="game-account-age" data-age={age.kind}>
        {age.kind === 'reading' && <span className="spinner" aria-hidden="true" />}
        {balanceAgeText(t, age, now)}
      </p>
      <Notice testId="game-closed-notice">{t('gameAccount.closedText', { name: account.name })}</Notice>
      <button
        type="button"
        className="btn btn--gold btn--block"
        disabled={account.amount <= 0}
        onClick={() => onMoveOut(account.code)}
        data-autofocus
        data-testid="game-move-out"
      >
        <TransferIcon size={18} />
        {t('gameAccount.moveToWallet')}
      </button>
    </div>
  );
}

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = () =>
    copyText(value).then(
      () => toast.success(t('gameAccount.copied', { text: value })),
      () => toast.error(t('gameAccount.copyFailed')),
    );
  return (
    <div className="credential">
      <span className="credential__label">{label}</span>
      <span className="credential__value" data-testid={testId}>
        {value}
      </span>
      <button type="button" className="credential__copy" aria-label={t('gameAccount.copy', { label })} onClick={() => void copy()}>
        <CopyIcon size={18} />
      </button>
    </div>
  );
}

function Notice({ children, testId = 'game-banner' }: { children: ReactNode; testId?: string }) {
  return (
    <p className="money-form__note game-account__notice" data-testid={testId}>
      <InfoIcon size={16} />
      <span>{children}</span>
    </p>
  );
}

