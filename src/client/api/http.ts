import axios, { AxiosError, type AxiosResponse } from 'axios';
import i18next from 'i18next';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, TIMEOUTS } from '../../contract';
import { clearToken, getToken } from '../auth/storage';
import { htmlLang, isLocale } from '../i18n/locale';
import { ApiError, CLIENT_ERROR_CODES } from './errors';
import { requestNavigation } from './navigation';

/**
 * Server messages that end the member's session. 'invalid-token' is the token check itself;
 * UNAUTHORIZED and EXPIRED_AUTH_TOKEN are the catalogue's "cannot verify identity" messages,
 * which SPEC section 8 also sends to /login.
 */
const SESSION_ENDED = new Set(['invalid-token', 'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

const messageOf = (data: unknown): string | undefined => {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
};

/** Reacts to the answers that move the member elsewhere, wherever the call came from. */
const followMessage = (message: string | undefined) => {
  if (message === 'gone') {
    requestNavigation('/terminated');
  } else if (message && SESSION_ENDED.has(message)) {
    clearToken();
    requestNavigation('/login');
  }
};

const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(CLIENT_ERROR_CODES.canceled);
  if (error instanceof AxiosError) {
    const { response } = error;
    if (response) {
      const message = messageOf(response.data);
      if (message) return new ApiError(message, response.status);
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
 * The one axios instance of the client (SPEC section 7): the bearer token when one is stored,
 * the client-marker header on every call, a 60 s timeout, and a successful response unwrapped
 * to its body. Failures reject with an ApiError carrying the server's code.
 */
export const http = axios.create({
  baseURL: '',
  timeout: TIMEOUTS.requestMs,
  headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
});

// Synchronous, so the token is read the moment a call starts: logout can fire its call and
// forget the token on the next line.
http.interceptors.request.use(
  (config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    // The server answers operator texts, bank names and the OTP SMS in this language
    // (src/server/content): th, lo (Lao's real tag) or en, from i18next's current language.
    if (isLocale(i18next.language)) config.headers.set('Accept-Language', htmlLang(i18next.language));
    return config;
  },
  undefined,
  { synchronous: true },
);

http.interceptors.response.use(
  // The unwrapped body replaces the response: callers use http.request<T, T>().
  (response: AxiosResponse) => {
    const message = messageOf(response.data);
    if (message === 'gone') {
      followMessage(message);
      throw new ApiError(message, response.status);
    }
    // 202 { message: 'TRANSFER_PENDING' }: accepted, outcome not known yet. It is not the
    // endpoint's answer, so it must not reach the schema check; callers that move money see it
    // as an ApiError with status 202 (isPendingAnswer) and retry with the same key.
    if (response.status === 202 && message) throw new ApiError(message, response.status);
    return response.data;
  },
  (error: unknown) => {
    const apiError = toApiError(error);
    followMessage(apiError.code);
    throw apiError;
  },
);
