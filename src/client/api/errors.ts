import type { TFunction } from 'i18next';
import type en from '../../../locales/en.json';
import { ERROR_CODES } from '../../contract/errors';

/**
 * Codes the client produces itself when no server message exists. They are translated like
 * server codes (locales/*.json `errors.CODE`).
 */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  invalidResponse: 'INVALID_RESPONSE',
  canceled: 'CANCELED',
  /** The browser is offline: a call that would change something was not sent (./http.ts). */
  offline: 'OFFLINE',
} as const;

/**
 * What a refusal may say beside its code (issue 31, the contract's ErrorBody): when a safer-play
 * restriction ends (`until`, null: for good) and what a limit still allows (`remaining`).
 */
export interface RefusalDetails {
  until?: string | null;
  remaining?: number;
}

/** The safer-play details of a refusal's body, when it has any. */
export const refusalDetailsOf = (data: unknown): RefusalDetails => {
  if (!data || typeof data !== 'object') return {};
  const { until, remaining } = data as Record<string, unknown>;
  return {
    ...(typeof until === 'string' || until === null ? { until } : {}),
    ...(typeof remaining === 'number' && Number.isFinite(remaining) ? { remaining } : {}),
  };
};

/** A failed call: `code` is the server's `{ message }` (SPEC section 8) or a client code above. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly details: RefusalDetails;

  constructor(code: string, status?: number, details: RefusalDetails = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** HTTP 202 with a message (TRANSFER_PENDING): neither success nor failure; ask again with the same key. */
export const isPendingAnswer = (error: unknown): error is ApiError => isApiError(error) && error.status === 202;

/** The code to show for anything a call may throw. */
export const errorCodeOf = (error: unknown): string =>
  isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR';

type ErrorKey = keyof typeof en.errors;
const knownCodes = new Set<string>([...ERROR_CODES, ...Object.values(CLIENT_ERROR_CODES)]);
const isKnownCode = (code: string): code is ErrorKey => knownCodes.has(code);

/**
 * SPEC section 8: a known code is shown translated; an unknown message is shown as it came.
 * A code the contract knows but the locales do not yet is shown raw too, never as a key path.
 */
export const errorText = (t: TFunction, code: string): string =>
  isKnownCode(code) ? t(`errors.${code}`, { defaultValue: code }) : code;
