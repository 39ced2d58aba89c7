import { verifySignature } from '../signing';

/**
 * True Wallet's incoming-transfer notifications: when someone sends money from their wallet to
 * the operator's wallet number, True Wallet calls our webhook. The adapter tells an authentic
 * notification from a forged one; what it means (is the number ours and in AUTO mode, which
 * member sent it) is the deposit module's.
 */
export interface TrueWalletTransferFeed {
  /** Whether the exact bytes received were signed by True Wallet (and recently: no replays). */
  authentic(notice: { timestamp: string | undefined; signature: string | undefined; rawBody: string }): boolean;
}

/** One incoming transfer, as True Wallet reports it, its signature already checked. */
export interface IncomingWalletTransfer {
  /** Our receiving wallet number. */
  account: string;
  /** True Wallet's transaction reference, unique. */
  reference: string;
  /** Satang: a True Wallet holds baht only. */
  amount: bigint;
  /** The sender's wallet number, which is their phone; possibly masked or international. */
  senderPhone: string;
  senderName: string | null;
  transferredAt: Date;
}

/**
 * Signed with HMAC-SHA256 as the banks' feeds and the gateways sign (`providers/signing.ts`).
 * Without a secret nothing is authentic: a live deployment with no True Wallet feed configured
 * refuses every call rather than trusting anyone.
 */
export class HmacTrueWalletFeed implements TrueWalletTransferFeed {
  constructor(private readonly secret: string | undefined) {}

  authentic(notice: { timestamp: string | undefined; signature: string | undefined; rawBody: string }): boolean {
    return this.secret !== undefined && verifySignature(this.secret, notice.timestamp, notice.rawBody, notice.signature);
  }
}
