import type { AxiosProgressEvent } from 'axios';
import {
  IDEMPOTENCY_HEADER,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../../contract/endpoint';
import { ApiError, CLIENT_ERROR_CODES } from './errors';
import { http } from './http';

/** A part of the request: required when the contract defines it, absent when it does not. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

interface RequestExtras {
  /** Money-moving calls: reuse the same key when retrying the same intent. */
  idempotencyKey?: string;
  /** Multipart endpoints send this instead of `body`. */
  formData?: FormData;
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

export type CallOptions<E> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  RequestExtras;

type CallArgs<E> = Partial<CallOptions<E>> extends CallOptions<E>
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

interface LooseOptions extends RequestExtras {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Fills the `:name` segments of a contract path. */
export const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter '${name}' for ${path}`);
    }
    return encodeURIComponent(String(value));
  });

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A fresh idempotency key. randomUUID exists only in secure contexts, so fall back to random bytes. */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex(16);

/**
 * Calls one contract endpoint: `call(endpoints.login, { body: { username, password } })`.
 * The answer is checked against the contract's response schema, so its type is honest.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const opts = (options ?? {}) as LooseOptions;
  const idempotencyKey = opts.idempotencyKey ?? (endpoint.idempotent ? newIdempotencyKey() : undefined);
  const data = await http.request<unknown, unknown>({
    method: endpoint.method,
    url: fillPath(endpoint.path, opts.params),
    params: opts.query,
    data: opts.formData ?? opts.body,
    headers: idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined,
    timeout: opts.timeout,
    signal: opts.signal,
    onUploadProgress: opts.onUploadProgress,
  });
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    console.error(`${endpoint.method} ${endpoint.path}: answer does not match the contract`, parsed.error.issues);
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse);
  }
  return parsed.data as ResponseOf<E>;
}
