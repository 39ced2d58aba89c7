import type { TFunction } from 'i18next';
import { errorText } from '../api';
import { statementStatus, type StatementStatus } from '../statement/statementRow';

/** SPEC section 4: a slip is SUCCESS, FAILED, or anything else: in progress. */
export const slipOutcome = (status: string): StatementStatus => statementStatus(status);

/**
 * SPEC section 8: each slip reason code shows its own message in brackets, "[Duplicate slip …]";
 * an unknown code is shown as it came, a missing one not at all.
 */
export const slipReasonText = (t: TFunction, note: string | null | undefined): string => (note ? `[${errorText(t, note)}]` : '');

/** How long after the transfer a slip may be uploaded: whole hours read as hours ("1 hour"), else minutes. */
export const slipDuration = (t: TFunction, minutes: number): string =>
  minutes > 0 && minutes % 60 === 0 ? t('deposit.hours', { count: minutes / 60 }) : t('deposit.minutes', { count: minutes });
