/**
 * Checks a slip's transfer with the bank (sandbox: the sandbox bank; live: a slip verification
 * service). The slip's QR names the transfer (sending bank and its reference); the verifier
 * answers what the bank knows of it. Rules of our own (is the receiving account ours, is the
 * transfer recent enough, was it used before) are the deposit module's, not the verifier's.
 */
export interface SlipVerifier {
  verify(slip: { payload: string; sendingBank: string; reference: string }): Promise<SlipCheck>;
}

export interface SlipTransfer {
  /** Minor units. */
  amount: bigint;
  currency: string;
  /** The receiving account as the bank shows it; may be masked (xxx-x-x1234-x). */
  receivingAccount: string;
  transferredAt: Date;
}

/** Reasons a verifier gives for a slip it cannot confirm (SPEC section 8, slip reason codes). */
export const VERIFIER_REASONS = ['INVALID_SLIP', 'UNSTABLE_REFNO_ON_SLIP', 'TRIPPLE_WRONG_CAPTCHA', 'NOT_MATCH', 'SLIP_REFNO_DUPLICATED', 'UNKNOW_ERROR'] as const;
export type VerifierReason = (typeof VERIFIER_REASONS)[number];

export type SlipCheck =
  | { kind: 'verified'; transfer: SlipTransfer }
  | { kind: 'refused'; reason: VerifierReason }
  /** No answer yet (the service is slow or down): the slip stays in progress and is asked again later. */
  | { kind: 'pending' };
