import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', database: ctx.database.engine, sandbox: ctx.config.sandbox };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
