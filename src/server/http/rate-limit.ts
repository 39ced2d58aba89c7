import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { CHAT_GUEST_HEADER, type RateLimit, type RateLimitPer } from '../../contract';
import { refuse } from '../errors';
import { bearerToken } from './member-guard';

type KeyOf = (request: FastifyRequest) => string;

/** A support-chat customer: a digest of the bearer token, else the guest id, else the address. */
const customerKey: KeyOf = (request) => {
  const token = bearerToken(request);
  if (token) return `chat-m:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  const body = request.body as { guestId?: unknown } | undefined;
  const header = request.headers[CHAT_GUEST_HEADER];
  const guest = typeof body?.guestId === 'string' ? body.guestId : typeof header === 'string' ? header : undefined;
  return guest ? `chat-g:${guest.slice(0, 64)}` : `chat-a:${request.ip}`;
};

/**
 * How each kind of limit finds its caller. 'address' is the plugin's own key (the address) in
 * its own hook; the limits that read the member (or a body field) count in preHandler, after
 * the guard has named the member and the body is parsed.
 */
const COUNTING: Record<RateLimitPer, { hook?: 'preHandler'; key?: KeyOf }> = {
  address: {},
  session: { key: (request) => bearerToken(request) ?? request.ip },
  member: { hook: 'preHandler', key: (request) => (request.member ? `member:${request.member.memberId}` : `ip:${request.ip}`) },
  customer: { hook: 'preHandler', key: customerKey },
};

/** A contract entry's request limit as @fastify/rate-limit's route config (registered in app.ts, its store in Redis with REDIS_URL). */
export function routeRateLimit(limit: RateLimit) {
  const { hook, key } = COUNTING[limit.per];
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    ...(hook ? { hook } : {}),
    ...(key ? { keyGenerator: key } : {}),
  };
}

/**
 * A further limit of the same route (an endpoint limited per member and per address): the
 * plugin runs one limit per request, so the others count here, in preHandler after the first,
 * each under its route's own name (a Redis store would otherwise share one count across routes).
 */
export function furtherRateLimit(app: FastifyInstance, route: string, limit: RateLimit): preHandlerAsyncHookHandler {
  const key = COUNTING[limit.per].key ?? ((request: FastifyRequest) => request.ip);
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${route}|${key(request)}` });
  return async (request) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) refuse('REQUEST_LIMIT');
  };
}
