import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGE_SIZES } from '../../contract';
import { call, endpoints, errorText, errorCodeOf } from '../api';
import { formatAmount } from '../format';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { AlertDialog } from '../ui/AlertDialog';
import { GiftIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { SpinWidget } from '../spin/SpinWidget';
import { RefreshIcon } from '../wallet/moneyIcons';
import { PagedClaimModal } from './PagedClaimModal';
import './bonus.css';

type Open = 'invite' | 'refund' | null;
type Confirm = { kind: 'invite'; success: number; fail: number } | { kind: 'refund'; amount: number; success: number; fail: number } | null;
interface RefundCheck {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
}

const loadInvites = async (page: number) => {
  const answer = await call(endpoints.inviteList, { body: { page, limit: PAGE_SIZES.invite } });
  return { total: answer.total, rows: answer.invites.map((i) => ({ name: i.from.name, amount: i.amount, createdAt: i.createdAt })) };
};
const loadRefunds = async (page: number) => {
  const answer = await call(endpoints.refundList, { body: { page, limit: PAGE_SIZES.refund } });
  return { total: answer.total, rows: answer.refunds.map((r) => ({ amount: r.refundAmount, createdAt: r.createdAt })) };
};
const inviteBanners = () => call(endpoints.inviteBanners);
const refundBanners = () => call(endpoints.refundBanners);

/**
 * The home's promotion widgets (SPEC section 2): bonus conditions (to /user/bonus), the invite
 * and refund modals with their banners, tables of 10 and receive actions behind the confirm
 * dialogs that state the conditions, and the referral amount with its receive button. The spin
 * widget's slot shows the spin widget while a wheel is active; while it is not, the refresh-all
 * widget stands there.
 */
export function PromotionWidgets({ spinActive, invite, coins, onRefreshAll, refreshing, onMoneyChanged }: {
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
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [refund, setRefund] = useState<RefundCheck | null>(null);
  const [busy, setBusy] = useState(false);

  const checkRefund = useCallback(() => {
    call(endpoints.refundCheck).then(setRefund).catch(() => setRefund(null));
  }, []);
  const openRefund = () => {
    setOpen('refund');
    checkRefund();
  };

  const claimInvite = async () => {
    setBusy(true);
    try {
      const answer = await call(endpoints.inviteBonus);
      toast.success(t('promotionsHome.invite.received', { amount: formatAmount(answer.amount) }));
      onMoneyChanged();
    } catch (error) {
      toast.error(errorText(t, errorCodeOf(error)));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const refundToWallet = async () => {
    setBusy(true);
    try {
      const answer = await call(endpoints.refundAddWallet);
      toast.success(t('promotionsHome.refund.received', { amount: formatAmount(answer.amount) }));
      onMoneyChanged();
    } catch (error) {
      toast.error(errorText(t, errorCodeOf(error)));
    } finally {
      setBusy(false);
      setConfirm(null);
      checkRefund();
    }
  };
  const refundAsBonus = async () => {
    setBusy(true);
    try {
      await call(endpoints.refundReceive);
      toast.success(t('promotionsHome.refund.asBonus'));
      onMoneyChanged();
    } catch (error) {
      // SPEC section 8: a refund receive failure is a toast, then the check runs again.
      toast.error(errorText(t, errorCodeOf(error)));
    } finally {
      setBusy(false);
      checkRefund();
    }
  };

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
          <button type="button" className="widget" aria-haspopup="dialog" onClick={() => setOpen('invite')} data-testid="widget-invite">
            <span className="widget__icon"><GiftIcon size={26} /></span>
            <span className="widget__label">{t('promotionsHome.invite.widget')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="widget" aria-haspopup="dialog" onClick={openRefund} data-testid="widget-refund">
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
          onClick={() => setConfirm({ kind: 'invite', success: invite.success, fail: invite.fail })}
          data-testid="referral-receive"
        >
          {t('promotionsHome.invite.receive')}
        </button>
      </section>

      <PagedClaimModal
        open={open === 'invite'}
        onClose={() => setOpen(null)}
        title={t('promotionsHome.invite.title')}
        banners={inviteBanners}
        loadPage={loadInvites}
        withName
        notFound={t('promotionsHome.invite.none')}
        testId="invite-modal"
        actions={
          <button type="button" className="btn btn--gold btn--block" disabled={invite.amount <= 0 || busy} onClick={() => setConfirm({ kind: 'invite', success: invite.success, fail: invite.fail })}>
            {t('promotionsHome.invite.receive')}
          </button>
        }
      />
      <PagedClaimModal
        open={open === 'refund'}
        onClose={() => setOpen(null)}
        title={t('promotionsHome.refund.title')}
        banners={refundBanners}
        loadPage={loadRefunds}
        withName={false}
        notFound={t('promotionsHome.refund.none')}
        testId="refund-modal"
        actions={
          <div className="refund-actions">
            {refund?.info && <div className="refund-actions__info" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(refund.info) }} />}
            {refund && !refund.result && <p role="status">{t('promotionsHome.refund.notFound')}</p>}
            {refund?.bonus && (
              <p className="refund-actions__held" data-testid="refund-held">
                {t('promotionsHome.refund.heldLine1')}
                <br />
                {t('promotionsHome.refund.heldLine2')}
              </p>
            )}
            <button type="button" className="btn btn--gold btn--block" disabled={!refund?.result || refund.bonus || busy} onClick={() => void refundAsBonus()} data-testid="refund-receive">
              {t('promotionsHome.refund.receive', { amount: formatAmount(refund?.refundAmount ?? 0) })}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              disabled={!refund?.result || busy}
              onClick={() => refund && setConfirm({ kind: 'refund', amount: refund.refundAmount, success: refund.refundSuccess, fail: refund.refundFail })}
              data-testid="refund-wallet"
            >
              {t('promotionsHome.refund.toWallet')}
            </button>
          </div>
        }
      />

      <AlertDialog
        open={confirm !== null}
        kind="info"
        title={confirm?.kind === 'refund' ? t('promotionsHome.refund.confirmTitle') : t('promotionsHome.invite.confirmTitle')}
        onClose={() => setConfirm(null)}
        actions={
          <button type="button" className="btn btn--gold" disabled={busy} onClick={() => void (confirm?.kind === 'refund' ? refundToWallet() : claimInvite())} data-testid="claim-confirm">
            {t('promotionsHome.confirm')}
          </button>
        }
      >
        <p>{t('promotionsHome.conditionsText')}</p>
        {confirm && confirm.success > 0 && <p>{t('promotionsHome.percentages', { success: confirm.success, fail: confirm.fail })}</p>}
      </AlertDialog>
    </>
  );
}
