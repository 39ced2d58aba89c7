import { useTranslation } from 'react-i18next';
import type { EndCheck, HeldBonus } from '../../../machines/bonusMachine';
import type { GameCategory } from '../../contract';
import { formatAmount } from '../format';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { depositPauseRule, endBelowRule, gamesFirstRule, withdrawWithBonusRule } from './bonusRules';

/**
 * The held bonus (SPEC section 2: its type and a Cancel button), with its live turnover and the
 * rules that apply while it is held, so a refused withdrawal or deposit explains itself.
 */
export function HeldBonusPanel({ held, onCancel, cancelling, mayEnd, endCheck }: {
  held: HeldBonus;
  onCancel: () => void;
  cancelling: boolean;
  /** The server said the bonus may end now (GET /api/bonus/check/minimum): only then is cancel offered. */
  mayEnd: boolean;
  endCheck: EndCheck | null;
}) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const money = (amount: number) => `${formatAmount(amount)} ${currency}`;
  const kind = held.type ? t(`bonusPage.types.${held.type}`) : t(`bonusPage.sources.${held.source}`);
  const games = held.categories.map((c) => t(`bonusPage.categories.${c as GameCategory}`)).join(', ');
  return (
    <section className="held panel" aria-labelledby="held-title" data-testid="held-bonus">
      <header className="held__header">
        <h2 id="held-title" className="held__title">
          {t('bonusPage.held.title')}
        </h2>
        <span className="held__type" data-testid="held-type">
          {kind}
        </span>
      </header>
      <p className="held__code">
        <strong>{held.code}</strong> · {t('bonusPage.held.amount', { amount: money(held.amount) })}
      </p>

      <div className="held__progress">
        <div className="held__progress-label">
          <span id="turnover-label">{t('bonusPage.held.turnover')}</span>
          <span data-testid="turnover-percent">{t('bonusPage.held.percent', { percent: held.turnover.percent })}</span>
        </div>
        <div
          className="held__bar"
          role="progressbar"
          aria-labelledby="turnover-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={held.turnover.percent}
          aria-valuetext={t('bonusPage.held.progress', { done: money(held.turnover.done), required: money(held.turnover.required) })}
        >
          <span className="held__fill" style={{ width: `${held.turnover.percent}%` }} />
        </div>
        <p className="held__figures" data-testid="turnover-figures">
          {t('bonusPage.held.progress', { done: money(held.turnover.done), required: money(held.turnover.required) })}
        </p>
      </div>

      <h3 className="held__rules-title">{t('bonusPage.held.rulesTitle')}</h3>
      <ul className="held__rules">
        <li>{t('bonusPage.held.ruleGames', { games })}</li>
        <li>{depositPauseRule(t)}</li>
        <li data-testid="held-withdraw-rule">{withdrawWithBonusRule(t, money(held.amount))}</li>
        <li>{gamesFirstRule(t)}</li>
        <li>{endBelowRule(t, { percent: held.percentFail, minimum: money(held.minimum) })}</li>
        <li>{t('bonusPage.held.ruleUnplayed', { amount: money(held.amount) })}</li>
      </ul>

      {mayEnd || cancelling ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={onCancel} disabled={cancelling} aria-busy={cancelling} data-testid="bonus-cancel">
          {t('bonusPage.held.cancel')}
        </button>
      ) : (
        <p className="held__end-note" role="status" data-testid="bonus-cancel-unavailable">
          {endCheck === null ? t('bonusPage.held.endChecking') : t('bonusPage.held.endNotYet', { minimum: money(endCheck.minimum || held.minimum) })}
        </p>
      )}
    </section>
  );
}

/**
 * In the held bonus's place once its turnover is met (the socket said so): the member sees why it
 * left the page, and that the balance is theirs from now on. A status, so it is read out.
 */
export function FinishedBonusNotice({ finished }: { finished: HeldBonus }) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  return (
    <section className="held held--finished panel" role="status" aria-labelledby="finished-title" data-testid="finished-bonus">
      <h2 id="finished-title" className="held__title">
        {t('bonusPage.finished.title')}
      </h2>
      <p className="held__finished-text">
        {t('bonusPage.finished.text', { code: finished.code, required: `${formatAmount(finished.turnover.required)} ${currency}` })}
      </p>
    </section>
  );
}
