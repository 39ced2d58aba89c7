import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Money } from '../../ledger/envelope';
import { grantDepositCoins } from './coins';
import { registerSpinRoutes } from './routes';
import { SPIN_CHANGED, SpinWheel } from './spinwheel';

/**
 * The spin wheel over the money envelope, and its member routes. A qualifying deposit earns the
 * active wheel's coins once, in the deposit's own step (the envelope's deposit hook).
 */
export function setupSpinWheel(app: FastifyInstance, ctx: AppContext, money: Money): SpinWheel {
  const wheel = new SpinWheel(money, ctx.clock);
  money.hooks.onDeposit(async (step, deposit) => {
    if ((await grantDepositCoins(step.trx, deposit)) > 0) step.announce(deposit.memberId, SPIN_CHANGED);
  });
  registerSpinRoutes(app, ctx, wheel);
  return wheel;
}
