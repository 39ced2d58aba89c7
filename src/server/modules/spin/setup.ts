import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { MoneyContext } from '../wallet/money-context';
import { registerSpinRoutes } from './routes';
import { SpinWheel } from './spinwheel';

/** The spin wheel over the wallet's money context, and its member routes. */
export function setupSpinWheel(app: FastifyInstance, ctx: AppContext, money: MoneyContext): SpinWheel {
  const wheel = new SpinWheel(money, ctx.clock);
  registerSpinRoutes(app, ctx, wheel);
  return wheel;
}
