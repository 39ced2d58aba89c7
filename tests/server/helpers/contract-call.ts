import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '../../../src/contract';
import { clientHeaders } from './app';

type Input<E> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** The Idempotency-Key of an idempotent endpoint; a fresh one when not given. */
  key?: string;
  headers?: Record<string, string>;
};

/**
 * An inject() answer; `json()` stays loose (a test reads refusals and success alike), `answer()`
 * is the body as the contract's response type of the endpoint called.
 */
export type ContractAnswer<E> = LightMyRequestResponse & { answer(): ResponseOf<E> };

/** The endpoint's path with its `:name` parameters filled in, and its query. */
export function urlOf(endpoint: Endpoint, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]);
  return entries.length ? `${path}?${new URLSearchParams(entries)}` : path;
}

/**
 * Calls endpoints by their contract entry instead of hand-written URLs: the method, the path
 * and its parameters, the query, the body's type and the Idempotency-Key of money endpoints all
 * come from the entry, so a test breaks at compile time when the contract changes.
 */
export function contractCaller(app: FastifyInstance, token?: string) {
  return function call<E extends Endpoint>(endpoint: E, input: Input<E> = {}): Promise<ContractAnswer<E>> {
    const extra: Record<string, string> = { ...input.headers };
    if (endpoint.idempotent) extra['idempotency-key'] = input.key ?? randomUUID();
    return app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, input.params as Record<string, unknown> | undefined, input.query as Record<string, unknown> | undefined),
      ...(input.body !== undefined ? { payload: input.body as object } : {}),
      headers: token ? clientHeaders(token, extra) : extra,
    }).then((res) => Object.assign(res, { answer: () => res.json() as ResponseOf<E> }));
  };
}
