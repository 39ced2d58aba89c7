import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteShare } from '../bonus/InviteShare';
import { PromotionWidgets } from '../bonus/PromotionWidgets';
import { DepositWidget } from '../deposit/DepositWidget';
import { formatAmount } from '../format';
import { useSpinActive } from '../spin/useSpinActive';
import { RealityPanel } from '../saferPlay/RealityPanel';
import { InstallCard } from '../pwa/InstallCard';
import { FallbackBoundary } from '../ui/FallbackBoundary';
import { useIdleAfter } from '../ui/useIdleAfter';
import { useLightData } from '../ui/lightData';
import { useNearViewport } from '../ui/useNearViewport';
import { useLobbyFocusHandoff } from './useLobbyFocusHandoff';
import { gamesBalance, totalBalance } from '../wallet/balance';
import { balanceAge, balanceAgeText } from '../wallet/balanceAge';
import { GameAccountList } from '../wallet/GameAccountList';
import { GameAccountModal } from '../wallet/GameAccountModal';
import { RefreshIcon, TransferIcon, WithdrawIcon } from '../wallet/moneyIcons';
import { TransferModal } from '../wallet/TransferModal';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useNow } from '../wallet/useNow';
import { useWallet } from '../wallet/walletContext';
import { WithdrawModal } from '../wallet/WithdrawModal';
import './home.css';
import './pages.css';

// The Pixi lobby loads on demand: Pixi stays out of the login page and the first paint.
const Lobby = lazy(() => import('../scene/lobby/Lobby'));

type Modal = 'transfer' | 'withdraw' | null;

/**
 * /user/home: the member's name, the total balance (wallet plus every game account), the
 * balance check with its last time, the wallet, the deposit, withdraw and transfer widgets, the
 * invite link, the promotion widgets (the spin widget with the coins while a wheel is active,
 * refresh-all in its slot otherwise; bonus conditions, invite and refund modals, the referral amount), and the game lobby
 * with its game account modal.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { home, loading, gameBalances, reload, checkBalances, wantGameBalances } = useWallet();
  const currency = useCurrencyLabel();
  const now = useNow(15_000);
  const [modal, setModal] = useState<Modal>(null);
  const [transferTo, setTransferTo] = useState<string | undefined>(undefined);
  const [transferFrom, setTransferFrom] = useState<string | undefined>(undefined);
  const [gameCode, setGameCode] = useState<string | null>(null);
  const checking = gameBalances.reading;
  const spinActive = useSpinActive();
  // The lobby's canvas starts once the page's own content is final and painted, and only as the
  // games near the screen: the balance is what most visits are for, and Pixi's start is the
  // heaviest work on the page. A phone saving data shows the list until the member asks.
  const lobbyRef = useRef<HTMLDivElement>(null);
  const lobbyNear = useNearViewport(lobbyRef, Boolean(home));
  const lightData = useLightData();
  const [lobbyAsked, setLobbyAsked] = useState(false);
  const lobbyDue = useIdleAfter(Boolean(home) && spinActive !== undefined && lobbyNear && (!lightData || lobbyAsked));
  const onGamesFocus = useLobbyFocusHandoff(lobbyRef, lobbyDue);
  // The money dialogs (closed until a tap) start their machines once the balance has painted,
  // not in the first render: a slow phone shows the figures sooner (issue 32). A tap before that
  // opens the dialog as it mounts.
  const dialogsDue = useIdleAfter(Boolean(home));

  const closeModal = useCallback(() => setModal(null), []);
  const closeGame = useCallback(() => setGameCode(null), []);
  const reloadWallet = useCallback(() => void reload(), [reload]);
  // A transfer moved money into or out of a game: the games' own figures are read again.
  const afterTransfer = useCallback(() => {
    void reload();
    wantGameBalances('transferred');
  }, [reload, wantGameBalances]);
  const openTransfer = (to?: string) => {
    setTransferTo(to);
    setTransferFrom(undefined);
    setModal('transfer');
  };
  // A closed game's money back to the wallet, over the game's dialog (which closes once the game is emptied).
  const moveOut = (from: string) => {
    setTransferTo(undefined);
    setTransferFrom(from);
    setModal('transfer');
  };

  const check = checkBalances;

  const total = home ? totalBalance(home.wallet, home.slots) : null;
  // The plain list of game accounts: the lobby's stand-in until its canvas is ready, or if it cannot run.
  const accountList = home && <GameAccountList slots={home.slots} currency={currency} onOpen={setGameCode} />;

  return (
    <section className="page home" aria-labelledby="home-title" aria-busy={loading && !home}>
      <h1 id="home-title" className="page__title">
        {t('pages.home')}
      </h1>

      <div className="balance panel">
        <p className="balance__greeting" data-testid="profile-name">
          {home ? t('home.greeting', { name: home.profile.name }) : '\u00a0'}
        </p>
        <p className="balance__label">
          {t('home.total')}
        </p>
        <p className="balance__total" data-testid="total-balance">
          {loading && !home ? <span className="spinner" aria-hidden="true" /> : formatAmount(total)}
          <span className="balance__currency">{currency}</span>
        </p>
        <p className="balance__hint">{t('home.totalHint')}</p>

        <dl className="balance__parts">
          <div>
            <dt>{t('home.wallet')}</dt>
            <dd data-testid="wallet-amount">{formatAmount(home?.wallet.amount)}</dd>
          </div>
          <div>
            <dt>{t('home.games')}</dt>
            <dd data-testid="games-amount" aria-describedby="games-age">
              {formatAmount(home ? gamesBalance(home.slots) : null)}
            </dd>
          </div>
        </dl>

        <div className="balance__sync">
          <button
            type="button"
            className="balance__check"
            onClick={check}
            disabled={checking || !home}
            aria-busy={checking}
            data-testid="check-balance"
          >
            <RefreshIcon size={18} className={checking ? 'is-spinning' : undefined} />
            <span>{checking ? t('home.checking') : t('home.checkBalance')}</span>
          </button>
          <span id="games-age" className="balance__updated" aria-live="polite" data-testid="last-sync" data-age={balanceAge(gameBalances).kind}>
            {balanceAgeText(t, balanceAge(gameBalances), now)}
          </span>
        </div>
      </div>

      <RealityPanel />

      <ul className="widgets" aria-label={t('home.actions')}>
        <DepositWidget disabled={!home} />
        <li>
          <button type="button" className="widget" aria-haspopup="dialog" disabled={!home} onClick={() => setModal('withdraw')} data-testid="widget-withdraw">
            <span className="widget__icon">
              <WithdrawIcon size={26} />
            </span>
            <span className="widget__label">{t('home.withdraw')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="widget" aria-haspopup="dialog" disabled={!home} onClick={() => openTransfer()} data-testid="widget-transfer">
            <span className="widget__icon">
              <TransferIcon size={26} />
            </span>
            <span className="widget__label">{t('home.transfer')}</span>
          </button>
        </li>
      </ul>

      {/* Issue 32: the app installs from the browser (no app store takes it); put away, it stays away. */}
      <InstallCard dismissible />

      {home && <PromotionWidgets memberId={home.profile._id} spinActive={spinActive === true} invite={home.invite} coins={home.profile.coin} onRefreshAll={check} refreshing={checking} onMoneyChanged={reloadWallet} />}

      {home && (
        <section className="invite panel" aria-labelledby="home-invite">
          <h2 id="home-invite" className="invite__title">
            {t('home.invite')}
          </h2>
          <p className="invite__text">{t('home.inviteText')}</p>
          <InviteShare memberId={home.profile._id} />
        </section>
      )}

      <div ref={lobbyRef} className="home__games" onFocus={onGamesFocus} data-testid="home-games">
        {home && !lobbyDue && accountList}
        {home && !lobbyDue && lightData && !lobbyAsked && (
          <button type="button" className="btn btn--ghost btn--block home__show-lobby" onClick={() => setLobbyAsked(true)} data-testid="show-lobby">
            {t('home.showLobby')}
          </button>
        )}
        {home && lobbyDue && (
          <FallbackBoundary fallback={accountList}>
            <Suspense fallback={accountList}>
              <Lobby
                slots={home.slots}
                currency={currency}
                onOpen={setGameCode}
                fallback={accountList}
              />
            </Suspense>
          </FallbackBoundary>
        )}
      </div>

      {home && dialogsDue && (
        <>
          <GameAccountModal
            account={home.slots.find((slot) => slot.code === gameCode) ?? null}
            walletAmount={home.wallet.amount}
            currency={currency}
            onClose={closeGame}
            onTransfer={openTransfer}
            onMoveOut={moveOut}
            onChanged={reloadWallet}
            onTransferred={afterTransfer}
          />
          <TransferModal open={modal === 'transfer'} onClose={closeModal} home={home} to={transferTo} from={transferFrom} onSettled={afterTransfer} />
          <WithdrawModal open={modal === 'withdraw'} onClose={closeModal} home={home} onSettled={reloadWallet} />
        </>
      )}
    </section>
  );
}
