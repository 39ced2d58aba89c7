import { refuse } from '../../errors';

/** How far ahead of our clock a bank's booking time may be: the bank's clock and ours differ a little. */
export const BANK_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A bank feed arrival is paired with its slip by the transfer's time, so the time must be one the
 * transfer can have: not in the future beyond clock skew, and no older than a slip of the same
 * transfer may be (`uploadWithinMinutes`, EXPIRED_SLIP). A notification dated 1970 or 2099,
 * even signed, is refused before anything is stored or booked; a transfer that old is settled
 * by an operator from the bank statement, as an expired slip is.
 */
export function refuseImplausibleTransferTime(transferredAt: Date, now: Date, uploadWithinMinutes: number) {
  const at = transferredAt.getTime();
  if (Number.isNaN(at)) refuse('INVALID_INPUT', 'transferredAt is not a date');
  if (at > now.getTime() + BANK_CLOCK_SKEW_MS) refuse('INVALID_INPUT', `transferredAt ${transferredAt.toISOString()} is in the future`);
  if (at < now.getTime() - uploadWithinMinutes * 60_000) {
    refuse('INVALID_INPUT', `transferredAt ${transferredAt.toISOString()} is older than ${uploadWithinMinutes} minutes`);
  }
}
