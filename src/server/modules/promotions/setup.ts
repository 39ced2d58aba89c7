import { forfeitWhenPlayStops } from './play-stopped';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { MoneyContext } from '../wallet/money-context';
import type { WalletView } from '../wallet/wallet-view';
import { Bonuses } from './bonuses';
import { Invites } from './invites';
import { refuseWhileBonusActive } from './deposit-gate';
import { Refunds } from './refunds';
import { registerPromotionRoutes, type PromotionServices } from './routes';
import { TurnoverSync } from './turnover';
import { applyHeldBonusToWithdrawal } from './withdraw-rule';
import { runInBackground } from '../../background';

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionServices;
  }
}

/**
 * Bonuses, promotion codes, invite bonus and refunds: composes them over the wallet's money
 * context, mounts the routes, reads held bonuses' turnover on every bet a provider reports
 * (`adapters.onGameBet`: the demo provider) and on a periodic poll, and runs the refund job.
 */
export function setupPromotions(app: FastifyInstance, ctx: AppContext, money: MoneyContext, view: WalletView) {
  const { config } = ctx;
  const bonuses = new Bonuses(money, ctx.clock);
  const turnover = new TurnoverSync(money, bonuses.held);
  // Promotions' rules in other areas' money steps: no deposit while a bonus is held, and a
  // withdrawal meets the held-bonus rule (whole balance only, giving the bonus up).
  money.hooks.onDepositGate(refuseWhileBonusActive);
  money.hooks.beforeWithdrawal(applyHeldBonusToWithdrawal);
  money.hooks.onPlayStopped(forfeitWhenPlayStops);
  const invites = new Invites(money, ctx.settings, bonuses.held);
  const refunds = new Refunds(money, ctx.settings, bonuses.held, ctx.clock);
  const services: PromotionServices = { bonuses, turnover, invites, refunds };
  view.inviteSummary = (memberId) => invites.summary(memberId);
  // The bonus dialog's notice states the bonus's own percentFail (lookups serve the text).
  ctx.lookups.bonusPercentFail = (code) => bonuses.percentFail(code);
  registerPromotionRoutes(app, ctx, services);
  app.decorate('promotions', services);

  ctx.adapters.onGameBet?.((code, username) => {
    turnover.betReported(code, username).catch((err) => app.log.warn({ err }, 'turnover read failed'));
  });

  runInBackground(app, { name: 'turnover poll', everyMs: config.BONUS_TURNOVER_INTERVAL_MS, atStart: false, work: () => turnover.syncAll() });
  runInBackground(app, { name: 'refund job', everyMs: config.REFUND_INTERVAL_MS, atStart: false, work: () => refunds.computeDue() });
  return services;
}
