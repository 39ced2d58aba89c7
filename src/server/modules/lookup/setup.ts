import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerLookups } from './routes';

/**
 * The lookups' routes. The Lookups themselves are made with the app's context (`ctx.lookups`),
 * since account, deposits and the wallet read them too.
 */
export function setupLookups(app: FastifyInstance, ctx: AppContext) {
  registerLookups(app, ctx);
}
