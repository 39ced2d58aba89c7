import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { promotionClaimMachine, type PromotionClaim } from '../../../machines/promotionClaimMachine';
import { PAGE_SIZES } from '../../contract';
import { call, endpoints, errorText } from '../api';
import { formatAmount } from '../format';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { GiftIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { useAction } from '../ui/useAction';
import { useLatest } from '../ui/useLatest';
import { SpinWidget } from '../spin/SpinWidget';
import { RefreshIcon } from '../wallet/moneyIcons';
import { useCurrencyLabel } from '../wallet/useCurrency';
import type { Banner } from './BannerCarousel';
import { BannerModal } from './BannerModal';
import { InviteShare } from './InviteShare';
import { PagedClaimModal } from './PagedClaimModal';
import './bonus.css';

type Promotion = 'invite' | 'refund';
/**
 * SPEC section 2: the invite and refund widgets open the operator's banner carousel, and the
 * plain dialog (table and receive actions) when there are no banners; the carousel leads on to
 * the plain dialog.
 */
type Open = { promotion: Promotion; stage: 'banners' | 'list'; banners: Banner[] } | null;
interface RefundCheck {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
}

const readInvites = async (page: number) => {
  const answer = await call(endpoints.inviteList, { body: { page, limit: PAGE_SIZES.invite } });
  return { total: answer.total, rows: answer.invites.map((i) => ({ name: i.from.name, amount: i.amount, createdAt: i.createdAt })) };
};
const loadRefunds = async (page: number) => {
  const answer = await call(endpoints.refundList, { body: { page, limit: PAGE_SIZES.refund } });
  return { total: answer.total, rows: answer.refunds.map((r) => ({ amount: r.refundAmount, createdAt: r.createdAt })) };
};
const BANNERS = { invite: () => call(endpoints.inviteBanners), refund: () => call(endpoints.refundBanners) } as const;
/** The invite bonus, or the waiting refund, into the wallet (or as a held bonus, by the invite rule). */
const claimPromotion = (claim: PromotionClaim) => (claim === 'invite' ? call(endpoints.inviteBonus) : call(endpoints.refundAddWallet));
const RECEIVED = { invite: 'promotionsHome.invite.received', refund: 'promotionsHome.refund.received' } as const;

/**
 * The home's promotion widgets (SPEC section 2): bonus conditions (to /user/bonus), the invite
 * and refund modals with their banners, tables of 10 and receive actions behind the confirm
 * dialogs that state the conditions, and the referral amount with its receive button. The spin
 * widget's slot shows the spin widget while a wheel is active; while it is not, the refresh-all
 * widget stands there.
 */
export function PromotionWidgets({ memberId, spinActive, invite, coins, onRefreshAll, refreshing, onMoneyChanged }: {
  memberId: string;
  spinActive: boolean;
  coins: number;
  invite: { amount: number; success: number; fail: number };
  onRefreshAll: () => void;
  refreshing: boolean;
  onMoneyChanged: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [openingBanners, setOpeningBanners] = useState<Promotion | null>(null);
  const [refund, setRefund] = useState<RefundCheck | null>(null);
  const currency = useCurrencyLabel();

  const checkRefund = useCallback(() => {
    call(endpoints.refundCheck).then(setRefund).catch(() => setRefund(null));
  }, []);
  // The banners are asked for on the tap: with none (or none answered), the plain dialog opens.
  const openPromotion = (promotion: Promotion) => {
    if (promotion === 'refund') checkRefund();
    setOpeningBanners(promotion);
    BANNERS[promotion]()
      .catch((): Banner[] => [])
      .then((banners) => {
        setOpeningBanners(null);
        setOpen({ promotion, stage: banners.length > 0 ? 'banners' : 'list', banners });
      });
  };
  const showList = () => setOpen((current) => current && { ...current, stage: 'list' });
  const listOpen = (promotion: Promotion) => open?.promotion === promotion && open.stage === 'list';
  const close = () => setOpen(null);

  const latest = useLatest({ t, toast, onMoneyChanged, checkRefund });
  // Reading the invite list counts what friends' play has earned since (the server accrues it),
  // so the home's waiting amount is read again with it: both show the same figure (issue 27).
  const loadInvites = useCallback(
    async (page: number) => {
      const rows = await readInvites(page);
      onMoneyChanged();
      return rows;
    },
    [onMoneyChanged],
  );
  // SPEC section 8: a refund claim, received or not, is followed by the check again.
  const afterClaim = (claim: PromotionClaim) => {
    if (claim === 'refund') latest.current.checkRefund();
  };
  const [claim, send] = useMachine(
    promotionClaimMachine.provide({
      actors: { claimPromotion: fromPromise<{ amount: number }, { claim: PromotionClaim }>(({ input }) => claimPromotion(input.claim)) },
      actions: {
        announceClaimed: (_, { claim, amount }) => {
          const { t, toast, onMoneyChanged } = latest.current;
          toast.success(t(RECEIVED[claim], { amount: formatAmount(amount) }));
          onMoneyChanged();
          afterClaim(claim);
        },
        // Answered with 0: nothing moved, and saying "0.00 received" would read as a success.
        announceNothingClaimed: (_, { claim }) => {
          const { t, toast, onMoneyChanged } = latest.current;
          toast.info(t('promotionsHome.nothingReceived'));
          // The amount the home showed as waiting was stale: read it again.
          onMoneyChanged();
          afterClaim(claim);
        },
        announceRefused: (_, { claim, code }) => {
          const { t, toast } = latest.current;
          toast.error(errorText(t, code));
          afterClaim(claim);
        },
      },
    }),
  );
  const claiming = claim.matches('claiming');
  // The amount the confirmation names: the one the member saw waiting.
  const claimAmount = claim.context.claim === 'refund' ? (refund?.refundAmount ?? 0) : invite.amount;
  const openInviteClaim = () => send({ type: 'claim.opened', claim: 'invite', conditions: { success: invite.success, fail: invite.fail } });

  const asBonus = useAction();
  const refundAsBonus = () =>
    asBonus.run(
      async () => {
        await call(endpoints.refundReceive);
        onMoneyChanged();
      },
      t('promotionsHome.refund.asBonus'),
      // SPEC section 8: a refund receive failure is a toast, then the check runs again.
      checkRefund,
    );
  const busy = claiming || asBonus.busy;

  return (
    <>
      <ul className="widgets" aria-label={t('promotionsHome.widgets')}>
        <SpinWidget
          active={spinActive}
          coins={coins}
          fallback={
            <li>
              <button type="button" className="widget" onClick={onRefreshAll} disabled={refreshing} aria-busy={refreshing} data-testid="widget-refresh-all">
                <span className="widget__icon"><RefreshIcon size={26} className={refreshing ? 'is-spinning' : undefined} /></span>
                <span className="widget__label">{t('promotionsHome.refreshAll')}</span>
              </button>
            </li>
          }
        />
        <li>
          <button type="button" className="widget" onClick={() => void navigate('/user/bonus')} data-testid="widget-bonus">
            <span className="widget__icon"><GiftIcon size={26} /></span>
            <span className="widget__label">{t('promotionsHome.conditions')}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="widget"
            aria-haspopup="dialog"
            onClick={() => openPromotion('invite')}
            disabled={openingBanners !== null}
            aria-busy={openingBanners === 'invite'}
            data-testid="widget-invite"
          >
            <span className="widget__icon"><GiftIcon size={26} /></span>
            <span className="widget__label">{t('promotionsHome.invite.widget')}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="widget"
            aria-haspopup="dialog"
            onClick={() => openPromotion('refund')}
            disabled={openingBanners !== null}
            aria-busy={openingBanners === 'refund'}
            data-testid="widget-refund"
          >
            <span className="widget__icon"><RefreshIcon size={26} /></span>
            <span className="widget__label">{t('promotionsHome.refund.widget')}</span>
          </button>
        </li>
      </ul>

      <section className="referral panel" aria-labelledby="referral-title">
        <h2 id="referral-title" className="invite__title">{t('promotionsHome.invite.amountTitle')}</h2>
        <p className="referral__amount" data-testid="referral-amount">{formatAmount(invite.amount)}</p>
        <button
          type="button"
          className="btn btn--gold"
          disabled={invite.amount <= 0 || busy}
          onClick={openInviteClaim}
          data-testid="referral-receive"
        >
          {t('promotionsHome.invite.receive')}
        </button>
      </section>

      <BannerModal
        open={open?.stage === 'banners'}
        onClose={close}
        title={open?.promotion === 'refund' ? t('promotionsHome.refund.title') : t('promotionsHome.invite.title')}
        banners={open?.banners ?? []}
        next={open?.promotion === 'refund' ? t('promotionsHome.refund.openList') : t('promotionsHome.invite.openList')}
        onNext={showList}
      />
      <PagedClaimModal
        open={listOpen('invite')}
        onClose={close}
        title={t('promotionsHome.invite.title')}
        loadPage={loadInvites}
        withName
        notFound={t('promotionsHome.invite.none')}
        testId="invite-modal"
        lead={
          <>
            <InviteShare memberId={memberId} testId="invite-modal-link" />
            <p className="claim__waiting" data-testid="invite-waiting">{t('promotionsHome.invite.waiting', { amount: `${formatAmount(invite.amount)} ${currency}` })}</p>
          </>
        }
        actions={
          <button type="button" className="btn btn--gold btn--block" disabled={invite.amount <= 0 || busy} onClick={openInviteClaim}>
            {t('promotionsHome.invite.receive')}
          </button>
        }
      />
      <PagedClaimModal
        open={listOpen('refund')}
        onClose={close}
        title={t('promotionsHome.refund.title')}
        loadPage={loadRefunds}
        withName={false}
        notFound={t('promotionsHome.refund.none')}
        testId="refund-modal"
        lead={
          <>
            {refund?.info && <div className="refund-info" data-testid="refund-info" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(refund.info) }} />}
            {refund && !refund.result && <p role="status">{t('promotionsHome.refund.notFound')}</p>}
            {refund?.bonus && (
              <p className="refund-held" data-testid="refund-held">
                {t('promotionsHome.refund.heldLine1')}
                <br />
                {t('promotionsHome.refund.heldLine2')}
              </p>
            )}
          </>
        }
        actions={
          <div className="refund-actions">
            <button type="button" className="btn btn--gold btn--block" disabled={!refund?.result || refund.bonus || busy} onClick={() => void refundAsBonus()} data-testid="refund-receive">
              {t('promotionsHome.refund.receive', { amount: formatAmount(refund?.refundAmount ?? 0) })}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              disabled={!refund?.result || busy}
              onClick={() => refund && send({ type: 'claim.opened', claim: 'refund', conditions: { success: refund.refundSuccess, fail: refund.refundFail } })}
              data-testid="refund-wallet"
            >
              {t('promotionsHome.refund.toWallet')}
            </button>
          </div>
        }
      />

      <ConfirmDialog
        open={claim.matches('confirming') || claiming}
        title={claim.context.claim === 'refund' ? t('promotionsHome.refund.confirmTitle') : t('promotionsHome.invite.confirmTitle')}
        confirmLabel={t('promotionsHome.confirmAmount', { amount: `${formatAmount(claimAmount)} ${currency}` })}
        onConfirm={() => send({ type: 'claim.confirmed' })}
        onCancel={() => send({ type: 'claim.cancelled' })}
        busy={claiming}
        disabled={!claim.can({ type: 'claim.confirmed' })}
        confirmTestId="claim-confirm"
      >
        <p>{t('promotionsHome.conditionsText')}</p>
        {claim.context.conditions && claim.context.conditions.success > 0 && <p>{t('promotionsHome.percentages', { success: claim.context.conditions.success, fail: claim.context.conditions.fail })}</p>}
      </ConfirmDialog>
    </>
  );
}
