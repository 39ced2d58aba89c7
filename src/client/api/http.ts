import axios, { AxiosError, type AxiosResponse } from 'axios';
import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { getToken } from '../auth/storage';
import { callLanguage, followMessage, messageOf } from './answers';
import { ApiError, CLIENT_ERROR_CODES } from './errors';

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
    const language = callLanguage();
    if (language) config.headers.set('Accept-Language', language);
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
