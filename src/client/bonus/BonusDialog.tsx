import { useTranslation } from 'react-i18next';
import type { BonusCard, HeldBonus } from '../../../machines/bonusMachine';
import { formatAmount } from '../format';
import { Dialog } from '../ui/Dialog';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { BannerCarousel } from './BannerCarousel';
import { depositPauseRule, endBelowRule, gamesFirstRule, withdrawWithBonusRule } from './bonusRules';

/**
 * A bonus card's dialog (SPEC section 2): its banners as an image carousel with html, the
 * bonus's own rules with its own figures (issue 27: every dialog once promised the global
 * notice's 50% while each bonus's rule was 10% or 20%), and Receive (or Confirm when it is the
 * one held, which also shows its turnover and its lower bound).
 */
export function BonusDialog({ card, held, busy, onReceive, onClose }: {
  card: BonusCard | null;
  /** The held bonus, when it is this card's. */
  held: HeldBonus | null;
  busy: boolean;
  onReceive: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const money = (amount: number) => `${formatAmount(amount)} ${currency}`;

  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      title={card ? t('bonusPage.dialog.title', { code: card.code }) : ''}
      footer={
        <button type="button" className="btn btn--gold btn--block" onClick={onReceive} disabled={busy} aria-busy={busy} data-testid="bonus-receive" data-autofocus>
          {held ? t('bonusPage.dialog.confirm') : t('bonusPage.dialog.receive')}
        </button>
      }
    >
      {card && (
        <div className="bonus-dialog">
          {card.banners.length > 0 ? <BannerCarousel banners={card.banners} /> : card.description && <p>{card.description}</p>}
          {held && (
            <p className="bonus-dialog__notice" data-testid="bonus-held-figures">
              {t('bonusPage.held.progress', { done: money(held.turnover.done), required: money(held.turnover.required) })}
            </p>
          )}
          <h3 className="bonus-dialog__rules-title">{t('bonusPage.held.rulesTitle')}</h3>
          <ul className="bonus-dialog__rules" data-testid="bonus-rules">
            <li data-testid="bonus-percent-fail">{endBelowRule(t, { percent: card.percentFail, minimum: held ? money(held.minimum) : null })}</li>
            <li>{depositPauseRule(t)}</li>
            <li>{withdrawWithBonusRule(t, held ? money(held.amount) : null)}</li>
            <li>{gamesFirstRule(t)}</li>
          </ul>
        </div>
      )}
    </Dialog>
  );
}
