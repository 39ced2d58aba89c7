import { isErrorCode, statusOf, type ErrorCode } from '../../contract';

/**
 * What a money step answered, kept for replays of its key: a body (it happened), or an error
 * code from the contract (it was refused, or it is still on its way: TRANSFER_PENDING). The
 * domain speaks in codes; the route maps a code to its HTTP status (`http/stored-answer.ts`).
 */
export type MoneyAnswer =
  | { body: unknown; code?: undefined; replayed?: boolean }
  | { code: ErrorCode; body?: undefined; replayed?: boolean };

export const answerBody = (body: unknown): MoneyAnswer => ({ body });
export const answerCode = (code: ErrorCode): MoneyAnswer => ({ code });

/** The answer while another copy of the request still works on the key. */
export const PENDING_ANSWER: MoneyAnswer = answerCode('TRANSFER_PENDING');

/**
 * The stored form (`idempotency_key.status_code` and `response`). The transfer saga's SQL
 * functions (migration 0007) write and read this form themselves, so a code is stored as its
 * status and `{ message: code }`, which is what the member receives; only this file reads it.
 */
export interface StoredForm {
  statusCode: number;
  response: unknown;
}

export const toStored = (answer: MoneyAnswer): StoredForm =>
  answer.code !== undefined ? { statusCode: statusOf(answer.code), response: { message: answer.code } } : { statusCode: 200, response: answer.body };

export function fromStored(statusCode: number | null, response: unknown, replayed: boolean): MoneyAnswer {
  const message = (response as { message?: unknown } | null)?.message;
  if (statusCode !== null && statusCode !== 200 && typeof message === 'string' && isErrorCode(message)) return { code: message, replayed };
  return { body: response, replayed };
}
