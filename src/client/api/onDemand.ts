import { ApiError, CLIENT_ERROR_CODES } from './errors';

type Api = typeof import('./index');

let api: Promise<Api> | undefined;

/**
 * The api layer (axios, and the contract whose schemas check every answer) for the logged-out
 * pages' first paint, which must not wait for it (issue 18: the login page's JavaScript budget).
 * The login form asks for it when the member starts typing; the pages behind a lazy route import
 * `./index` directly. A chunk that cannot be fetched fails like a call without a network.
 */
export const loadApi = (): Promise<Api> => {
  api ??= import('./index').catch(() => {
    api = undefined;
    throw new ApiError(CLIENT_ERROR_CODES.network);
  });
  return api;
};
