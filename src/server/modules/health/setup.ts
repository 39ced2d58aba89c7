import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerHealth } from './routes';

/** The health check: nothing to compose, one route. */
export function setupHealth(app: FastifyInstance, ctx: AppContext) {
  registerHealth(app, ctx);
}
