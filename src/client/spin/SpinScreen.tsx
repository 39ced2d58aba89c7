import { useMachine } from '@xstate/react';
import { isWebGLSupported } from 'pixi.js';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { spinMachine, wonSliceIndex } from '../../../machines/spinMachine';
import { call, endpoints, errorText } from '../api';
import { useReducedMotion } from '../scene/lobby/cardArt';
import type { WheelTarget } from '../scene/wheel/WheelCanvas';
import { WheelSounds } from '../scene/wheel/wheelSounds';
import { formatAmount } from '../format';
import { AlertDialog } from '../ui/AlertDialog';
import { Dialog } from '../ui/Dialog';
import { FallbackBoundary } from '../ui/FallbackBoundary';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useWallet } from '../wallet/walletContext';
import { CouponTable } from './CouponTable';
import { PrizeDialog } from './PrizeDialog';
import { SpinButton } from './SpinButton';
import { StaticWheel } from './StaticWheel';
import '../screens/pages.css';
import './spin.css';

// Pixi loads with the wheel, on this page only.
/** The placeholder wheel never spins, so it never settles. */
const noop = () => undefined;
const WheelCanvas = lazy(() => import('../scene/wheel/WheelCanvas'));

/**
 * /user/spin (SPEC sections 2 and 4): the wheel with the coins in its centre button, the
 * prize-won dialog, and the coupon table with its claim confirmation. `spinMachine` holds the
 * flow; the server picks the slice and the wheel only travels to it.
 */
export default function SpinScreen() {
  const { t, i18n } = useTranslation();
  const currency = useCurrencyLabel();
  const { reload } = useWallet();
  const reducedMotion = useReducedMotion();
  const [webgl] = useState(() => isWebGLSupported());
  const sounds = useMemo(() => new WheelSounds(), []);
  const [muted, setMuted] = useState(() => sounds.isMuted());

  const [snapshot, send] = useMachine(
    spinMachine.provide({
      actors: {
        loadSpin: fromPromise(async () => {
          const [setup, { coupons }] = await Promise.all([call(endpoints.spinSetup), call(endpoints.spinCoupons)]);
          return { setup, coupons };
        }),
        spinWheel: fromPromise(() => call(endpoints.spin)),
        claimCoupon: fromPromise(async ({ input }) => {
          const answer = await call(endpoints.spinClaimCoupon, { body: { coupon: input.coupon._id } });
          void reload();
          return answer;
        }),
      },
    }),
  );
  const { context } = snapshot;
  // The wheel's texts are the operator's, answered in the member's language: a new language reloads them.
  useEffect(() => {
    send({ type: 'setup.reload' });
  }, [i18n.language, send]);
  const wheel = context.setup?.activeSpinwheel ?? null;
  const slices = useMemo(() => wheel?.slices ?? [], [wheel]);
  const coins = context.setup?.userCoin ?? 0;
  const spinning = snapshot.matches('requesting') || snapshot.matches('spinning');
  const won = snapshot.matches('won');
  const wonIndex = wonSliceIndex(context);

  // A new target for each spin that came back from the server (a new answer, a new object).
  const target = useMemo<WheelTarget | null>(() => (context.result && wonIndex >= 0 ? { index: wonIndex } : null), [context.result, wonIndex]);

  const onSettled = useCallback(() => {
    sounds.win();
    send({ type: 'wheel.settled' });
  }, [send, sounds]);

  const toggleMute = () => {
    sounds.setMuted(!muted);
    setMuted(!muted);
  };

  const sceneSlices = useMemo(() => slices.map((s) => ({ label: s.label, bgColor: s.bgColor, textColor: s.textColor })), [slices]);
  const button = (
    <SpinButton coins={coins} spinning={spinning} disabled={!snapshot.can({ type: 'spin.requested' })} onSpin={() => send({ type: 'spin.requested' })} />
  );
  const still = <StaticWheel slices={slices} target={target} onSettled={onSettled}>{button}</StaticWheel>;

  return (
    <section className="page spin-page" aria-labelledby="spin-title" aria-busy={snapshot.matches('loading')}>
      <h1 id="spin-title" className="page__title">
        {wheel?.name ?? t('pages.spin')}
      </h1>

      {snapshot.matches('loadFailed') && (
        <div className="panel spin-page__empty" role="alert">
          <p>{errorText(t, context.error ?? 'NETWORK_ERROR')}</p>
          <button type="button" className="btn btn--gold" onClick={() => send({ type: 'setup.reload' })}>
            {t('spin.retry')}
          </button>
        </div>
      )}

      {context.setup && !wheel && (
        <p className="panel spin-page__empty" data-testid="spin-inactive">
          {t('spin.inactive')}
        </p>
      )}

      {wheel && (
        <div className="spin-page__stage">
          <p className="spin-page__coins" data-testid="spin-coins">
            {t('spin.coins', { count: coins })}
          </p>
          {webgl ? (
            <FallbackBoundary fallback={still}>
              <Suspense fallback={<StaticWheel slices={slices} target={null} onSettled={noop} placeholder>{null}</StaticWheel>}>
                <WheelCanvas slices={sceneSlices} target={target} reducedMotion={reducedMotion} sounds={sounds} onSettled={onSettled}>
                  {button}
                </WheelCanvas>
              </Suspense>
            </FallbackBoundary>
          ) : (
            still
          )}
          <button type="button" className="spin-page__sound" aria-pressed={!muted} onClick={toggleMute} data-testid="spin-sound">
            {muted ? t('spin.soundOff') : t('spin.soundOn')}
          </button>
          <p className="visually-hidden" aria-live="polite" data-testid="spin-announce">
            {won && context.result
              ? context.result.prize
                ? t('spin.wonAnnounce', { prize: context.result.label })
                : t('spin.noPrizeAnnounce', { slice: context.result.label })
              : spinning
                ? t('spin.spinning')
                : ''}
          </p>
        </div>
      )}

      {context.setup && (
        <CouponTable coupons={context.coupons} currency={currency} canClaim={snapshot.matches('ready')} onClaim={(coupon) => send({ type: 'coupon.selected', coupon })} />
      )}

      <PrizeDialog open={won} slice={wonIndex >= 0 ? slices[wonIndex] : null} prize={context.result?.prize ?? false} onClose={() => send({ type: 'prize.closed' })} />

      <Dialog
        open={snapshot.matches('confirmingClaim') || snapshot.matches('claimDelay') || snapshot.matches('claiming')}
        onClose={() => send({ type: 'claim.cancelled' })}
        title={t('spin.claimTitle')}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'claim.cancelled' })} disabled={snapshot.matches('claiming')}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--gold"
              disabled={!snapshot.matches('confirmingClaim')}
              onClick={() => send({ type: 'claim.confirmed' })}
              data-autofocus
              data-testid="claim-confirm"
            >
              {snapshot.matches('confirmingClaim') ? t('spin.claimConfirm') : t('spin.claiming')}
            </button>
          </>
        }
      >
        <p>{context.coupon && t('spin.claimText', { prize: context.coupon.prize.slice, amount: formatAmount(context.coupon.amount), currency })}</p>
      </Dialog>

      <AlertDialog open={snapshot.matches('failed')} kind="error" title={t('spin.failedTitle')} onClose={() => send({ type: 'error.dismissed' })}>
        {errorText(t, context.error ?? 'NETWORK_ERROR')}
      </AlertDialog>

      <AlertDialog open={context.claimed !== null && snapshot.matches('ready')} kind="success" title={t('spin.claimedTitle')} onClose={() => send({ type: 'claimed.acknowledged' })}>
        {context.claimed && t('spin.claimedText', { prize: context.claimed.prize.slice })}
      </AlertDialog>
    </section>
  );
}
