import type { AxiosProgressEvent } from 'axios';
import type { BodyOf, ParamsOf, QueryOf } from '../../contract/endpoint';

/** A part of the request: required when the contract defines it, absent when it does not. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export interface RequestExtras {
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

/** The options argument: optional when the endpoint needs none. */
export type CallArgs<E> = Partial<CallOptions<E>> extends CallOptions<E>
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

/** CallOptions once the endpoint's own types are no longer needed. */
export interface LooseOptions extends RequestExtras {
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
