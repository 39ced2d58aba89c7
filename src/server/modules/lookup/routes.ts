import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';

export function registerLookups(app: FastifyInstance, ctx: AppContext) {
  contractRoute(app, ctx.guards, endpoints.lookupActive, async () => {
    if (!(await ctx.settings.isServiceActive())) refuse('gone');
    return { message: 'OK' as const };
  });
}
