import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatRelativeTime } from '../format';
import { gamesBalance, totalBalance } from '../wallet/balance';
import { GameAccountList } from '../wallet/GameAccountList';
import { RefreshIcon, TransferIcon, WithdrawIcon } from '../wallet/moneyIcons';
import { TransferModal } from '../wallet/TransferModal';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useNow } from '../wallet/useNow';
import { useWallet } from '../wallet/walletContext';
import { WithdrawModal } from '../wallet/WithdrawModal';
import './home.css';
import './pages.css';

type Modal = 'transfer' | 'withdraw' | null;

/**
 * /user/home: the member's name, the total balance (wallet plus every game account), the
 * balance check with its last time, the wallet, the withdraw and transfer widgets, and the
 * game accounts. Deposits come with their own issue; until then there is no deposit widget.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { home, loading, lastSyncTime, reload, checkBalances } = useWallet();
  const currency = useCurrencyLabel();
  const now = useNow(15_000);
  const [modal, setModal] = useState<Modal>(null);
  const [checking, setChecking] = useState(false);

  const closeModal = useCallback(() => setModal(null), []);
  const reloadWallet = useCallback(() => void reload(), [reload]);

  const check = async () => {
    setChecking(true);
    await checkBalances();
    setChecking(false);
  };

  const total = home ? totalBalance(home.wallet, home.slots) : null;

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
            <dd data-testid="games-amount">{formatAmount(home ? gamesBalance(home.slots) : null)}</dd>
          </div>
        </dl>

        <div className="balance__sync">
          <button
            type="button"
            className="balance__check"
            onClick={() => void check()}
            disabled={checking || !home}
            aria-busy={checking}
            data-testid="check-balance"
          >
            <RefreshIcon size={18} className={checking ? 'is-spinning' : undefined} />
            <span>{checking ? t('home.checking') : t('home.checkBalance')}</span>
          </button>
          <span className="balance__updated" aria-live="polite" data-testid="last-sync">
            {lastSyncTime ? t('home.lastUpdate', { time: formatRelativeTime(t, lastSyncTime, now) }) : t('home.neverChecked')}
          </span>
        </div>
      </div>

      <ul className="widgets" aria-label={t('home.actions')}>
        <li>
          <button type="button" className="widget" aria-haspopup="dialog" disabled={!home} onClick={() => setModal('withdraw')} data-testid="widget-withdraw">
            <span className="widget__icon">
              <WithdrawIcon size={26} />
            </span>
            <span className="widget__label">{t('home.withdraw')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="widget" aria-haspopup="dialog" disabled={!home} onClick={() => setModal('transfer')} data-testid="widget-transfer">
            <span className="widget__icon">
              <TransferIcon size={26} />
            </span>
            <span className="widget__label">{t('home.transfer')}</span>
          </button>
        </li>
      </ul>

      {home && <GameAccountList slots={home.slots} currency={currency} />}

      {home && (
        <>
          <TransferModal open={modal === 'transfer'} onClose={closeModal} home={home} onSettled={reloadWallet} />
          <WithdrawModal open={modal === 'withdraw'} onClose={closeModal} home={home} onSettled={reloadWallet} />
        </>
      )}
    </section>
  );
}
