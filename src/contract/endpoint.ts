import type { z } from 'zod';
import type { Permission } from './admin/roles';

/**
 * One API endpoint of SPEC section 7: the server registers its route from this entry,
 * the client's typed call is derived from it, and the OpenAPI document is generated from it.
 *
 * - `access`: 'public' needs nothing; 'member' needs the bearer token and the client marker
 *   header; 'sandbox' exists only in sandbox mode; 'operator' (the back office, /api/admin/*) needs an
 *   operator's bearer token, the client marker header and the endpoint's `permission`.
 * - `idempotent`: the request moves money and must carry an `Idempotency-Key` header.
 * - `multipart`: the body is multipart/form-data (files), described by `body` for docs only.
 * - `closedWithService`: a public endpoint that answers 'gone' while the service is switched off.
 * - `download`: the answer is a file's bytes in its own type, not JSON.
 * - `rateLimit`: how many requests one caller may make in a window; the server applies it to the
 *   route from here (src/server/http/rate-limit.ts), so no route chooses its own. Several limits
 *   (per member and per address) all apply; the first one past its count refuses.
 */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  A extends Access = Access,
  Idempotent extends boolean | undefined = boolean | undefined,
> {
  method: Method;
  path: Path;
  access: A;
  tag: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  idempotent?: Idempotent;
  multipart?: boolean;
  /** Operator endpoints: what the operator's role must allow (src/contract/admin/roles.ts). */
  permission?: Permission;
  /**
   * A public way in (login, registration, OTP): while the service switch is off it answers
   * 410 { message: 'gone' } as every member endpoint does, so no session starts and no SMS goes.
   */
  closedWithService?: boolean;
  /**
   * The answer is a stored file's bytes in the file's own type (a chat image or video), not JSON:
   * `response` only documents it, and no schema serialises it.
   */
  download?: boolean;
  rateLimit?: RateLimit | readonly [RateLimit, ...RateLimit[]];
}

/**
 * Whom a request limit counts, each within its own route:
 * - 'address': the caller's address (X-Forwarded-For only from TRUST_PROXY);
 * - 'session': the bearer token, else the address;
 * - 'member': the signed-in member, counted after the member guard so a second login does not
 *   double the allowance (else the address);
 * - 'customer': a support-chat customer: the member's bearer token, else the guest id (in the
 *   body or the CHAT_GUEST_HEADER), else the address.
 */
export type RateLimitPer = 'address' | 'session' | 'member' | 'customer';

/** Past `max` requests within `windowMs` the route answers 429 REQUEST_LIMIT until the window ends. */
export interface RateLimit {
  per: RateLimitPer;
  max: number;
  windowMs: number;
}

/** An endpoint's request limits as a list (none, one or several). */
export const rateLimitsOf = (e: Pick<Endpoint, 'rateLimit'>): readonly RateLimit[] =>
  e.rateLimit === undefined ? [] : 'per' in e.rateLimit ? [e.rateLimit] : e.rateLimit;

/** The window every limit of the API uses today. */
export const MINUTE_MS = 60_000;

/** The header a chat guest's file and upload requests carry the guest id in (an <img> cannot send a body). */
export const CHAT_GUEST_HEADER = 'x-chat-guest';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Access = 'public' | 'member' | 'sandbox' | 'operator';

export const endpoint = <
  Method extends HttpMethod,
  Path extends string,
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  A extends Access = Access,
  Idempotent extends boolean | undefined = undefined,
>(
  e: Endpoint<Method, Path, Params, Query, Body, Response, A, Idempotent>,
) => e;

/** The header the wallet client sends on every call; member endpoints refuse calls without it. */
export const CLIENT_HEADER = 'x-client';
export const CLIENT_HEADER_VALUE = 'member-wallet';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotency-replayed';
/**
 * The member client's stable device id (a UUID made once and kept on the device, through logouts),
 * sent with every call. The server records it at login, registration and money calls for the
 * operators' risk signals; a missing or malformed one is ignored, never refused.
 */
export const DEVICE_ID_HEADER = 'x-device-id';

export type ParamsOf<E> = E extends Endpoint<any, any, infer P, any, any, any, any, any> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<any, any, any, infer Q, any, any, any, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<any, any, any, any, infer B, any, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, any, any, any, infer R, any, any> ? z.output<R> : never;
