import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { unappliedMigrations } from '../../db/migrate';

/** How long one readiness check may take: a database or Redis that does not answer in time is not ready. */
const CHECK_MS = 2_000;

type CheckOutcome = 'ok' | 'failed' | 'off';

async function check(work: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_MS); });
  try {
    await Promise.race([work(), late]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The health checks a load balancer or monitor polls, outside the contract and the OpenAPI document:
 * - `GET /api/health`: 200 when the database answers, 503 when it does not (as before issue 33);
 * - `GET /api/health/live`: the process answers (200), until it is shutting down (503);
 * - `GET /api/health/ready`: 200 only when the database answers, Redis answers (when REDIS_URL is
 *   set) and every migration file of this build is applied; 503 naming the checks that failed
 *   otherwise, and 503 from the moment a shutdown starts (the balancer stops sending first).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', database: ctx.database.engine, sandbox: ctx.config.sandbox };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/api/health/live', { schema: { hide: true } }, async (_request, reply) => {
    if (ctx.lifecycle.stopping) return reply.status(503).send({ status: 'stopping' });
    return { status: 'ok' };
  });

  app.get('/api/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (ctx.lifecycle.stopping) return reply.status(503).send({ status: 'stopping' });
    const redis = ctx.redis;
    const [database, redisCheck, migrations] = await Promise.all([
      check(() => ctx.database.ping()),
      redis ? check(() => redis.ping()) : Promise.resolve<CheckOutcome>('off'),
      check(async () => {
        const missing = await unappliedMigrations(ctx.db);
        if (missing.length) throw new Error(`not applied: ${missing.join(', ')}`);
      }),
    ]);
    const checks: Record<string, CheckOutcome> = { database, redis: redisCheck, migrations };
    const failed = Object.keys(checks).filter((name) => checks[name] === 'failed');
    if (failed.length) return reply.status(503).send({ status: 'unavailable', failed, checks });
    return { status: 'ready', checks };
  });
}
