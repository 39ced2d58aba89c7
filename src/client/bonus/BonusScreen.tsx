import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { bonusMachine, cardState, type BonusCard, type EndCheck, type HeldBonus } from '../../../machines/bonusMachine';
import { call, endpoints, errorText } from '../api';
import { formatAmount } from '../format';
import { joinLaoWords } from '../format/laoWords';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { useMemberEvent } from '../realtime/useMemberEvent';
import { AlertDialog } from '../ui/AlertDialog';
import { Dialog } from '../ui/Dialog';
import { causeOfRefusal } from '../wallet/moneyFailures';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useWallet } from '../wallet/walletContext';
import { BonusDialog } from './BonusDialog';
import { endBelowRule } from './bonusRules';
import { FinishedBonusNotice, HeldBonusPanel } from './HeldBonusPanel';
import './bonus.css';
import '../screens/pages.css';

/** The socket event the server sends when bets move the held bonus (or it ends), with the bonus as it now is. */
const BONUS_CHANGED = 'bonus.changed';
const heldOnSocket = endpoints.bonusCurrent.response.shape.bonus;

/**
 * SPEC section 7: the bonus page asks GET /api/bonus/check/active whether a bonus is held; only
 * when one is does it read the bonus itself with its live turnover (the product's
 * /api/bonus/current), which the held-bonus panel shows.
 */
const loadHeld = async (): Promise<HeldBonus | null> => {
  const active = await call(endpoints.bonusCheckActive);
  if (!active.status) return null;
  return (await call(endpoints.bonusCurrent)).bonus as HeldBonus | null;
};

const loadBonusPage = async () => {
  const [bonuses, held] = await Promise.all([call(endpoints.bonusList), loadHeld()]);
  return { bonuses: bonuses as BonusCard[], held };
};

/**
 * /user/bonus, driven by bonusMachine: the held bonus with its live turnover and a Cancel
 * button behind a confirmation, or the promotion-code search; the bonus cards and their dialog.
 */
export default function BonusScreen() {
  const { t } = useTranslation();
  const { reload, changes, home } = useWallet();
  const currency = useCurrencyLabel();
  const [typed, setTyped] = useState('');
  const [snapshot, send] = useMachine(
    bonusMachine.provide({
      actors: {
        loadBonuses: fromPromise(loadBonusPage),
        loadHeld: fromPromise(loadHeld),
        activateBonus: fromPromise<unknown, { code: string }>(({ input }) => call(endpoints.bonusActivate, { params: { code: input.code } })),
        findPromotion: fromPromise(({ input }) => call(endpoints.promotionFind, { params: { code: input.code } })),
        activatePromotion: fromPromise<unknown, { code: string }>(({ input }) => call(endpoints.promotionActivate, { params: { code: input.code } })),
        clearBonus: fromPromise<unknown>(() => call(endpoints.bonusClear)),
        checkEnd: fromPromise<EndCheck>(() => call(endpoints.bonusCheckMinimum)),
      },
    }),
  );
  // The cards' descriptions are the operator's, answered in the member's language: a new language loads them again.
  const { i18n } = useTranslation();
  const shownLanguage = useRef(i18n.language);
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return;
    shownLanguage.current = i18n.language;
    send({ type: 'language.changed' });
  }, [i18n.language, send]);
  const onBonusChanged = useCallback((payload?: unknown) => {
    const parsed = heldOnSocket.safeParse(payload);
    send({ type: 'turnover.updated', held: parsed.success && parsed.data ? (parsed.data as HeldBonus) : undefined });
  }, [send]);
  useMemberEvent(BONUS_CHANGED, onBonusChanged);
  // The member's balance moved (a game, a withdrawal): whether the bonus may end is asked again.
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (seenChanges.current === changes) return;
    seenChanges.current = changes;
    send({ type: 'balance.changed' });
  }, [changes, send]);

  const { bonuses, held, selected, promotion, searchedCode, error, done, finished, endCheck } = snapshot.context;
  // BONUS_CONDITION on ending the bonus may mean money still in a game: say so, and what to do.
  const cause = error ? causeOfRefusal('endBonus', error, home?.slots ?? []) : null;
  const at = (state: string) => snapshot.matches({ ready: state } as never);
  const now = new Date();
  const selectedCard = at('bonusDialog') || at('activating') ? bonuses.find((b) => b.code === selected) ?? null : null;
  const closeSuccess = () => {
    send({ type: 'success.dismissed' });
    void reload();
  };

  return (
    <section className="page bonus-page" aria-labelledby="page-bonus" aria-busy={snapshot.matches('loading')}>
      <h1 id="page-bonus" className="page__title">
        {t('pages.bonus')}
      </h1>

      {held && (
        <HeldBonusPanel
          held={held}
          cancelling={at('clearing')}
          mayEnd={endCheck?.status === true}
          endCheck={endCheck}
          onCancel={() => send({ type: 'bonus.cancel' })}
        />
      )}
      {!held && finished && <FinishedBonusNotice finished={finished} />}
      {!held && (
        <form
          className="promo panel"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'promotion.searched', code: typed });
          }}
        >
          <label htmlFor="promotion-code" className="promo__label">
            {t('bonusPage.promotion.label')}
          </label>
          <div className="promo__row">
            <input
              id="promotion-code"
              className="promo__input"
              value={typed}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={50}
              placeholder={t('bonusPage.promotion.placeholder')}
              onChange={(event) => setTyped(event.target.value.toUpperCase())}
              data-testid="promotion-code"
            />
            <button type="submit" className="btn btn--gold" disabled={!snapshot.can({ type: 'promotion.searched', code: typed })} data-testid="promotion-search">
              {t('bonusPage.promotion.search')}
            </button>
          </div>
        </form>
      )}

      {snapshot.matches('loading') && bonuses.length === 0 && (
        <p className="dialog-status" role="status">
          <span className="spinner" /> {t('common.loading')}
        </p>
      )}

      <ul className="bonus-cards" aria-label={t('bonusPage.cards')}>
        {bonuses.map((card) => {
          const state = cardState(card, now);
          const banner = card.banners[0]?.image;
          return (
            <li key={card.code}>
              <button
                type="button"
                className={`bonus-card bonus-card--${state}`}
                style={banner ? { backgroundImage: `linear-gradient(rgba(10,8,30,0.35), rgba(10,8,30,0.85)), url("${banner}")` } : undefined}
                disabled={!snapshot.can({ type: 'bonus.selected', code: card.code })}
                aria-haspopup="dialog"
                onClick={() => send({ type: 'bonus.selected', code: card.code })}
                data-testid={`bonus-card-${card.code}`}
              >
                <span className="bonus-card__code">{card.code}</span>
                {card.description && <span className="bonus-card__text">{joinLaoWords(card.description)}</span>}
                <span className="bonus-card__meta">{t('bonusPage.card.limit', { count: card.maxReceived, period: t(`bonusPage.types.${card.type}`) })}</span>
                {state === 'active' && <span className="bonus-card__badge">{t('bonusPage.card.current')}</span>}
                {state === 'exhausted' && <span className="bonus-card__badge bonus-card__badge--done">{t('bonusPage.card.received')}</span>}
              </button>
            </li>
          );
        })}
      </ul>

      <BonusDialog
        card={selectedCard}
        held={held && held.code === selected ? held : null}
        busy={at('activating')}
        onReceive={() => send({ type: 'bonus.received' })}
        onClose={() => send({ type: 'dialog.closed' })}
      />

      <Dialog
        open={at('searching') || at('promotionFound') || at('promotionMissing') || at('receivingPromotion')}
        onClose={() => send({ type: 'dialog.closed' })}
        title={t('bonusPage.promotion.title', { code: searchedCode })}
        footer={
          promotion && (
            <button type="button" className="btn btn--gold btn--block" onClick={() => send({ type: 'promotion.received' })} disabled={at('receivingPromotion')} data-testid="promotion-receive">
              {t('bonusPage.dialog.receive')}
            </button>
          )
        }
      >
        {at('searching') && (
          <p className="dialog-status" role="status">
            <span className="spinner" /> {t('bonusPage.promotion.searching')}
          </p>
        )}
        {at('promotionMissing') && <p role="status">{t('bonusPage.promotion.notFound')}</p>}
        {promotion && (
          <div className="bonus-dialog" data-testid="promotion-found">
            <div dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(promotion.description) }} />
            <p className="bonus-dialog__notice" data-testid="promotion-percent-fail">{endBelowRule(t, { percent: promotion.percentFail, minimum: null })}</p>
          </div>
        )}
      </Dialog>

      <Dialog
        open={at('confirmingCancel')}
        onClose={() => send({ type: 'dialog.closed' })}
        title={t('bonusPage.cancel.title')}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'dialog.closed' })}>
              {t('bonusPage.cancel.keep')}
            </button>
            <button type="button" className="btn btn--gold" onClick={() => send({ type: 'cancel.confirmed' })} data-testid="bonus-cancel-confirm">
              {t('bonusPage.cancel.confirm')}
            </button>
          </>
        }
      >
        {held && (
          <p>{held.turnover.done > 0 ? t('bonusPage.cancel.played') : t('bonusPage.held.ruleUnplayed', { amount: `${formatAmount(held.amount)} ${currency}` })}</p>
        )}
      </Dialog>

      <AlertDialog
        open={at('failed')}
        kind="error"
        title={cause ? t('moneyFailure.moneyInGamesTitle') : t('bonusPage.failed')}
        onClose={() => send({ type: 'error.dismissed' })}
      >
        {cause ? t('moneyFailure.moneyInGamesEnd', { games: cause.games.join(', ') }) : error && errorText(t, error)}
      </AlertDialog>
      <AlertDialog open={done !== null && (at('browsing') || at('refreshingHeld') || at('checkingEnd'))} kind="success" title={done === 'cleared' ? t('bonusPage.cleared') : t('bonusPage.activated')} onClose={closeSuccess}>
        {t('bonusPage.saved')}
      </AlertDialog>
    </section>
  );
}
