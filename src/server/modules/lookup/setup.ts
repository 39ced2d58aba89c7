import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { MemberFacts } from './member-facts';
import { registerLookups } from './routes';

/**
 * The lookups' routes, over the member's own facts for the member's lookups. The Lookups
 * themselves are made with the app's context (`ctx.lookups`), since account, deposits and the
 * wallet read them too.
 */
export function setupLookups(app: FastifyInstance, ctx: AppContext) {
  registerLookups(app, ctx, new MemberFacts(ctx.db));
}
