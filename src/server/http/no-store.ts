import type { FastifyInstance } from 'fastify';

/** Paths whose answers are the API's: the contract's routes, the webhooks, health, docs and the sandbox's calls. */
const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every API answer is `Cache-Control: no-store`: successes, refusals, 404s, 429s and the 410
 * `gone` of a switched-off service (issue 27: a browser that kept a cached 410 sent players to
 * /terminated long after the service reopened, without asking the server). Set as the answer
 * leaves, so answers made by plugins (the rate limit), the error handler and the not-found
 * handler carry it too. A route that chose its own caching keeps it: only the chat's stored
 * files do, whose bytes never change under their id. The client's built files and /assets keep
 * their own headers (spa.ts, assets.ts).
 */
export function noStoreApiAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
