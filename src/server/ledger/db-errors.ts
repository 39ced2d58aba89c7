import { ERROR_CODES, type ErrorCode } from '../../contract';
import { DomainError } from '../errors';

/**
 * Refusals decided inside the database: a SQL function raises SQLSTATE P0001 with an error
 * code as its message, and a member balance that would go below zero fails its CHECK.
 * Anything else is left as it is (an internal fault).
 */
export function asDomainError(error: unknown): unknown {
  const e = error as { code?: string; message?: string; constraint?: string };
  if (e?.code === 'P0001' && ERROR_CODES.includes(e.message as ErrorCode)) return new DomainError(e.message as ErrorCode);
  if (e?.code === '23514' && e.constraint === 'ledger_account_member_not_negative') return new DomainError('MONEY_NOT_ENOUGH');
  return error;
}

export async function refusalsAsDomainErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw asDomainError(error);
  }
}
