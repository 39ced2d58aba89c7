import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, rateLimitsOf, type Endpoint, type Permission } from '../../contract';
import { refuse } from '../errors';
import type { MemberIdentity } from './member-guard';
import { furtherRateLimit, routeRateLimit } from './rate-limit';

// Optional endpoint fields read as `T | undefined`; what matters is whether a schema was given.
type Out<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The calling member; present on every 'member' endpoint. */
  member: E['access'] extends 'member' ? MemberIdentity : MemberIdentity | undefined;
  /** The Idempotency-Key header; present on every idempotent endpoint. */
  idempotencyKey: NonNullable<E['idempotent']> extends true ? string : string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<z.input<E['response']>>;

export interface RouteGuards {
  member: onRequestHookHandler;
  /** Public endpoints marked `closedWithService`: 410 gone while the service switch is off. */
  service: onRequestHookHandler;
  /** Back-office routes (access 'operator'); checks the route's `config.permission` (modules/admin/guard.ts). */
  operator?: onRequestHookHandler;
  /** The operator check for routes outside the contract (the support chat): `requireOperator('chat')`. */
  requireOperator?: (permission?: Permission) => onRequestHookHandler;
}

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The security headers of a JSON answer: helmet's defaults, fixed, with a policy that lets
 * nothing load or frame it. Helmet itself serves pages (it builds its headers per request,
 * a measurable cost on the money path).
 */
const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const secureApiReply: onRequestHookHandler = (_request, reply, done) => {
  reply.headers(API_SECURITY_HEADERS);
  done();
};

/**
 * Registers one contract endpoint: its schemas validate the request and the response, its
 * access level chooses the guard, its `rateLimit` limits its callers, and an idempotent endpoint
 * refuses a request without a well-formed Idempotency-Key header. Only the contract's method is mounted (no HEAD for a
 * GET). The handler stays thin: one domain call, mapped.
 */
export function contractRoute<E extends Endpoint>(
  app: FastifyInstance,
  guards: RouteGuards,
  endpoint: E,
  handler: RouteHandler<E>,
  options: Pick<RouteShorthandOptions, 'bodyLimit'> = {},
) {
  if (endpoint.access === 'operator' && !guards.operator) throw new Error(`${endpoint.path}: operator route without the operator guard`);
  const [firstLimit, ...furtherLimits] = rateLimitsOf(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Fastify answers HEAD by running the GET handler and dropping the body, and SPEC has GETs
    // that move money (promotion and bonus activation, refunds, invite bonus): HEAD ran them.
    // The API offers no HEAD at all (404 NOT_FOUND); pages and files keep theirs.
    exposeHeadRoute: false,
    ...options,
    config: {
      ...(endpoint.permission ? { permission: endpoint.permission } : {}),
      ...(firstLimit ? { rateLimit: routeRateLimit(firstLimit) } : {}),
    },
    ...(furtherLimits.length ? { preHandler: furtherLimits.map((limit) => furtherRateLimit(app, `${endpoint.method} ${endpoint.path}`, limit)) } : {}),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      // A download answers the stored file's bytes, which no JSON schema describes.
      ...(endpoint.download ? {} : { response: { 200: endpoint.response } }),
    },
    // The headers first, so that refusals by the guard or the schemas carry them too.
    onRequest: endpoint.access === 'member' ? [secureApiReply, guards.member]
      : endpoint.access === 'operator' ? [secureApiReply, guards.operator!]
        : endpoint.closedWithService ? [secureApiReply, guards.service] : secureApiReply,
    helmet: false,
    handler: async (request, reply) => {
      let idempotencyKey: string | undefined;
      if (endpoint.idempotent) {
        const header = request.headers[IDEMPOTENCY_HEADER];
        if (typeof header !== 'string') refuse('IDEMPOTENCY_KEY_REQUIRED');
        if (!KEY_PATTERN.test(header as string)) refuse('INVALID_INPUT', 'malformed idempotency key');
        idempotencyKey = header as string;
      }
      return handler({
        params: request.params,
        query: request.query,
        body: request.body,
        member: request.member,
        idempotencyKey,
        request,
        reply,
      } as RouteContext<E>);
    },
  });
}
