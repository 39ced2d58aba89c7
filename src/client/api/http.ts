import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, DEVICE_ID_HEADER, IDEMPOTENCY_HEADER, type Endpoint, type ResponseOf } from '../../contract/endpoint';
import { messageOf, sessionEndOf, type SessionEnd } from './answers';
import { changesSomething } from './changes';
import type { ConnectionReports } from './connectivity';
import { ApiError, CLIENT_ERROR_CODES, refusalDetailsOf } from './errors';
import { fillPath, newIdempotencyKey, type CallArgs, type LooseOptions } from './request';
import { nextTask } from './nextTask';
import { guardUpload, type UploadGuard } from './uploadGuard';

/** What differs between the member app and the console; everything else about a call is the same. */
export interface HttpOptions {
  /** The bearer token to send, read the moment each call starts (the member's, or the operator's). */
  tokenSource: () => string | null;
  /** An answer ended the session: the member goes to /login or /terminated, the operator to the console's login. */
  onSessionEnd: (end: SessionEnd) => void;
  /** The Accept-Language to send: the language the app shows, as an HTML tag (`lo` for Lao). */
  language: () => string | undefined;
  /** The member app's stable device id, sent with every call (the console sends none). */
  deviceId?: () => string | null;
  /**
   * The page's connection (./connectivity.ts): told of every answer and of every call that got
   * none, and asked before a call that changes something whether the browser is offline.
   */
  connection: ConnectionReports;
}

export interface Http {
  /** The axios instance, for the few calls outside the contract's JSON (uploads with progress, file blobs). */
  axios: AxiosInstance;
  /**
   * Calls one contract endpoint: `call(endpoints.login, { body: { username, password } })`.
   * The answer is checked against the contract's response schema, so its type is honest.
   */
  call: <E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) => Promise<ResponseOf<E>>;
}

/**
 * Every answer is the service's state now, never a copy a cache kept: a 410 'gone' kept by the
 * browser once locked members out after the service reopened (issue 27). `no-cache` makes the
 * browser's cache (and any proxy) ask the server again; Pragma says it to HTTP/1.0 caches.
 */
export const NO_CACHE_HEADERS = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;

/** The one error mapping: whatever axios throws becomes an ApiError with the server's code or the client's. */
const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(CLIENT_ERROR_CODES.canceled);
  if (error instanceof AxiosError) {
    const { response } = error;
    if (response) {
      const message = messageOf(response.data);
      if (message) return new ApiError(message, response.status, refusalDetailsOf(response.data));
      if (response.status >= 500) return new ApiError('INTERNAL_SERVER_ERROR', response.status);
      if (response.status === 404) return new ApiError('NOT_FOUND', response.status);
      return new ApiError(CLIENT_ERROR_CODES.invalidResponse, response.status);
    }
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
      return new ApiError(CLIENT_ERROR_CODES.timeout);
    }
    return new ApiError(CLIENT_ERROR_CODES.network);
  }
  return new ApiError(CLIENT_ERROR_CODES.network);
};

/**
 * An HTTP client of the product (SPEC section 7), for the member app and the console alike: the
 * bearer token when one is held, the client-marker header and the caller's language on every
 * call, a 60 s timeout, a successful response unwrapped to its body and checked against the
 * contract. Failures reject with an ApiError carrying the server's code, and the answers that
 * end a session (410 gone, invalid-token) reach `onSessionEnd`.
 */
export function createHttp({ tokenSource, onSessionEnd, language, deviceId, connection }: HttpOptions): Http {
  const instance = axios.create({
    baseURL: '',
    timeout: TIMEOUTS.requestMs,
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...NO_CACHE_HEADERS },
  });

  const follow = (message: string | undefined) => {
    const end = sessionEndOf(message);
    if (end) onSessionEnd(end);
  };

  // Uploads in flight, by the request's config (axios hands the same object to the answer and the error).
  const uploads = new WeakMap<object, UploadGuard>();
  const schedule = (run: () => void, ms: number) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  };
  const endUpload = (config: object | undefined): UploadGuard | undefined => {
    const guard = config ? uploads.get(config) : undefined;
    guard?.end();
    return guard;
  };

  // Synchronous, so the token is read the moment a request starts: logout can fire its call and
  // forget the token on the next line. A contract call brings the token it read as it started.
  instance.interceptors.request.use(
    (config) => {
      const token = tokenSource();
      if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
      const tag = language();
      if (tag) config.headers.set('Accept-Language', tag);
      const device = deviceId?.();
      if (device) config.headers.set(DEVICE_ID_HEADER, device);
      if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
        const guard = guardUpload(config.signal, { onOffline: (listener) => connection.onOffline(listener), schedule });
        config.signal = guard.signal;
        config.onUploadProgress = guard.progress(config.onUploadProgress);
        uploads.set(config, guard);
      }
      return config;
    },
    undefined,
    { synchronous: true },
  );

  instance.interceptors.response.use(
    // The unwrapped body replaces the response: callers use request<T, T>().
    (response: AxiosResponse) => {
      endUpload(response.config);
      connection.answered();
      const message = messageOf(response.data);
      if (message === 'gone') {
        follow(message);
        throw new ApiError(message, response.status);
      }
      // 202 { message: 'TRANSFER_PENDING' }: accepted, outcome not known yet. It is not the
      // endpoint's answer, so it must not reach the schema check; callers that move money see it
      // as an ApiError with status 202 (isPendingAnswer) and retry with the same key.
      if (response.status === 202 && message) throw new ApiError(message, response.status);
      return response.data;
    },
    (error: unknown) => {
      const upload = error instanceof AxiosError ? endUpload(error.config) : undefined;
      // An upload the guard cut (offline, or no byte out for a while) failed for want of a network, not at the caller's wish.
      const apiError = upload?.cut ? new ApiError(CLIENT_ERROR_CODES.network) : toApiError(error);
      if (error instanceof AxiosError && error.response) connection.answered();
      if (apiError.code === CLIENT_ERROR_CODES.network) connection.unanswered();
      follow(apiError.code);
      throw apiError;
    },
  );

  const call = async <E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ResponseOf<E>> => {
    const opts = (options ?? {}) as LooseOptions;
    // Issue 32: nothing that changes money or state goes out while the browser is offline; the
    // member is told at once that nothing was sent, instead of an outcome nobody knows.
    if (changesSomething(endpoint) && connection.isOffline()) throw new ApiError(CLIENT_ERROR_CODES.offline);
    const idempotencyKey = opts.idempotencyKey ?? (endpoint.idempotent ? newIdempotencyKey() : undefined);
    const url = fillPath(endpoint.path, opts.params);
    // The session the call started in, read now: logout forgets the token on the next line.
    const token = tokenSource();
    await nextTask();
    const data = await instance.request<unknown, unknown>({
      method: endpoint.method,
      url,
      params: opts.query,
      data: opts.formData ?? opts.body,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
      },
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
  };

  return { axios: instance, call };
}
