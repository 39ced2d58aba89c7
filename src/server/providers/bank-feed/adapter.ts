import { verifySignature } from '../signing';

/**
 * A bank's incoming-transfer feed: the bank calls our webhook when money arrives in one of our
 * receiving accounts. The adapter is the bank's side of that call: whether a notification really
 * comes from the bank (its signature), and what it says, in our words. The deposit module's
 * rules (is the account ours and in AUTO mode, which member sent it) are not the adapter's.
 */
export interface BankFeed {
  /** Whether the exact bytes received were signed by this bank (and recently: no replays). */
  authentic(bankCode: string, notice: { timestamp: string | undefined; signature: string | undefined; rawBody: string }): boolean;
}

/** One incoming transfer, as a bank reports it, its signature already checked. */
export interface IncomingTransfer {
  /** Our receiving bank, from the webhook's path. */
  bankCode: string;
  /** Our receiving account number. */
  account: string;
  /** Unique per bank. */
  reference: string;
  /** Minor units. */
  amount: bigint;
  currency: 'BAHT' | 'LAK';
  senderBank: string;
  /** Possibly masked (xxx-x-x1234-x), as slips are. */
  senderAccount: string;
  senderName: string | null;
  transferredAt: Date;
}

/**
 * Banks (and the sandbox bank) sign with HMAC-SHA256 as the gateways do (`providers/signing.ts`).
 * Without a secret nothing is authentic: a live deployment with no bank feed configured refuses
 * every call rather than trusting anyone.
 */
export class HmacBankFeed implements BankFeed {
  constructor(private readonly secretOf: (bankCode: string) => string | undefined) {}

  authentic(bankCode: string, notice: { timestamp: string | undefined; signature: string | undefined; rawBody: string }): boolean {
    const secret = this.secretOf(bankCode);
    return secret !== undefined && verifySignature(secret, notice.timestamp, notice.rawBody, notice.signature);
  }
}
