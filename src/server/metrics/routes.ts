import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/**
 * Counts every answered request by its route pattern (`/api/admin/members/:id`, never the URL
 * with its ids; `unmatched` for the not-found handler, the SPA's pages included). Installed first,
 * so that every route mounted after it is counted.
 */
export function countRequests(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.answered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. Anyone else, and everyone when the token is unset, gets the API's 404: the
 * figures (queues, traffic) are the operator's business, and the answer does not say that the
 * route exists. Outside the contract and the OpenAPI document, like the health checks.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | undefined) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined || !bearerMatches(request.headers.authorization, token)) {
      return reply.status(404).header('cache-control', 'no-store').send({ message: 'NOT_FOUND' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
