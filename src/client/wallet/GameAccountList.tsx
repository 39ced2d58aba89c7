import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../format';
import { gamesByCategory, type GameAccount } from './balance';
import { GameIcon } from './moneyIcons';
import './wallet.css';

/**
 * The member's game accounts as a plain list per category (name, balance, active or not): what
 * the home shows while the Pixi lobby loads, or instead of it where WebGL is missing. With
 * `onOpen`, each account is a button that opens its game account modal.
 */
export function GameAccountList({ slots, currency, onOpen }: { slots: readonly GameAccount[]; currency: string; onOpen?: (code: string) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const groups = gamesByCategory(slots);

  return (
    <section className="games" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('wallet.gamesTitle')}
      </h2>
      {groups.length === 0 && <p className="games__empty">{t('wallet.noGames')}</p>}
      {groups.map(({ category, slots: accounts }) => (
        <section key={category} className="games__group" aria-labelledby={`${titleId}-${category}`}>
          <h3 id={`${titleId}-${category}`} className="games__category">
            {t(`wallet.category.${category}`)}
          </h3>
          <ul className="games__list panel">
            {accounts.map((account) => (
              <li
                key={account.code}
                className={`game${account.isActive && !account.closed ? '' : ' game--inactive'}`}
                data-testid={`game-list-${account.code}`}
                data-closed={account.closed}
              >
                {onOpen ? (
                  <button type="button" className="game__open" aria-haspopup="dialog" onClick={() => onOpen(account.code)}>
                    <GameRow account={account} currency={currency} />
                  </button>
                ) : (
                  <GameRow account={account} currency={currency} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function GameRow({ account, currency }: { account: GameAccount; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="game__badge" aria-hidden="true">
        <GameIcon size={20} />
      </span>
      <span className="game__name">
        <span className="game__title">{account.name}</span>
        <span className={`game__state${account.closed ? ' is-closed' : account.isActive ? ' is-active' : ''}`}>
          {account.closed ? t('wallet.closed') : account.isActive ? t('wallet.active') : t('wallet.inactive')}
        </span>
      </span>
      <span className="game__amount">
        <span className="visually-hidden">{t('wallet.balance')}: </span>
        {formatAmount(account.amount)}
        <span className="game__currency"> {currency}</span>
      </span>
    </>
  );
}
