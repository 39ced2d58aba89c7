import type { ErrorCode } from '../contract';

/**
 * A refusal the product means to give: answered as `{ message: code }` with the code's HTTP
 * status (src/contract/errors.ts). Anything else thrown is an internal fault, answered 500
 * without details.
 */
export class DomainError extends Error {
  /**
   * `facts`: what the answer may tell beside the code (ErrorBody: safer play's `until` and
   * `remaining`); stored answers of money requests keep the code only.
   */
  constructor(readonly code: ErrorCode, readonly detail?: string, readonly facts?: { until?: string | null; remaining?: number }) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DomainError';
  }
}

export const refuse = (code: ErrorCode, detail?: string): never => {
  throw new DomainError(code, detail);
};
