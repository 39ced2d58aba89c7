import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerSessionRoutes } from './routes';

/**
 * The logout route. The Sessions themselves are made with the app's context (`ctx.sessions`),
 * since every member route's guard authenticates through them.
 */
export function setupSessions(app: FastifyInstance, ctx: AppContext) {
  registerSessionRoutes(app, ctx);
}
