import axios, { AxiosError } from 'axios';
import {
  CLIENT_HEADER, CLIENT_HEADER_VALUE, IDEMPOTENCY_HEADER, TIMEOUTS,
  type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf,
} from '../../contract';
import { ApiError, CLIENT_ERROR_CODES } from '../api/errors';
import { fillPath, newIdempotencyKey } from '../api/call';

/**
 * The console's own axios instance: the operator's token (never the member's), kept for this
 * browser tab only, and its own reaction to an ended session (back to /admin/login).
 */
const TOKEN_KEY = 'operatorToken';

export const operatorToken = {
  get: (): string | null => { try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; } },
  set: (token: string) => { try { sessionStorage.setItem(TOKEN_KEY, token); } catch { /* storage off: the session lasts this page */ } },
  clear: () => { try { sessionStorage.removeItem(TOKEN_KEY); } catch { /* nothing stored */ } },
};

let onSessionEnded: () => void = () => undefined;
export const whenSessionEnds = (listener: () => void) => { onSessionEnded = listener; };

const http = axios.create({ timeout: TIMEOUTS.requestMs, headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
http.interceptors.request.use((config) => {
  const token = operatorToken.get();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}, undefined, { synchronous: true });

const toError = (error: unknown): ApiError => {
  if (error instanceof AxiosError && error.response) {
    const data = error.response.data as { message?: unknown } | undefined;
    const message = typeof data?.message === 'string' ? data.message : error.response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : CLIENT_ERROR_CODES.invalidResponse;
    return new ApiError(message, error.response.status);
  }
  return new ApiError(CLIENT_ERROR_CODES.network);
};

type Options<E> = { params?: ParamsOf<E>; query?: QueryOf<E>; body?: BodyOf<E>; idempotencyKey?: string };

/** Calls one back-office endpoint of the contract; the answer is checked against its schema. */
export async function adminCall<E extends Endpoint>(endpoint: E, options: Options<E> = {}): Promise<ResponseOf<E>> {
  const key = options.idempotencyKey ?? (endpoint.idempotent ? newIdempotencyKey() : undefined);
  try {
    const { data } = await http.request({
      method: endpoint.method,
      url: fillPath(endpoint.path, options.params as Record<string, unknown> | undefined),
      params: options.query,
      data: options.body,
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined,
    });
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse);
    return parsed.data as ResponseOf<E>;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : toError(error);
    if (apiError.code === 'invalid-token') {
      operatorToken.clear();
      onSessionEnded();
    }
    throw apiError;
  }
}
