import { randomInt } from 'node:crypto';
import type { Country } from '../../../contract';
import type { Clock } from '../../clock';
import { sign } from '../../providers/signing';

/** A signed incoming-transfer notification, as a bank's feed sends it: the exact body and its headers. */
export interface BankNotification {
  bankCode: string;
  body: string;
  headers: Record<string, string>;
}

export type DeliverBankNotification = (notification: BankNotification) => Promise<{ statusCode: number; body: string }>;

export interface SandboxArrival {
  /** Our receiving bank and account. */
  bankCode: string;
  account: string;
  /** Minor units. */
  amount: bigint;
  currency: 'BAHT' | 'LAK';
  senderBank: string;
  senderAccount: string;
  senderName?: string;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/**
 * The sandbox bank's incoming-transfer feed: someone transfers money into one of our receiving
 * accounts, and the bank notifies our webhook with a signed request, exactly as a real bank's
 * feed would (through the whole HTTP pipeline: parsing, signature check, matching).
 */
export class SandboxBankFeed {
  constructor(
    private readonly clock: Clock,
    private readonly country: Country,
    private readonly secret: string,
    private readonly deliver: DeliverBankNotification,
  ) {}

  /** Makes the transfer and delivers its notification; answers the reference and our webhook's answer. */
  async arrive(t: SandboxArrival): Promise<{ reference: string; statusCode: number; body: string }> {
    const prefix = this.country === 'LA' ? 'FT' : 'SBX';
    const reference = `${prefix}${Array.from({ length: 14 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('')}`;
    const body = JSON.stringify({
      reference, account: t.account, amount: Number(t.amount), currency: t.currency, senderBank: t.senderBank,
      senderAccount: t.senderAccount, ...(t.senderName ? { senderName: t.senderName } : {}), transferredAt: this.clock.now().toISOString(),
    });
    const timestamp = String(Date.now());
    const answer = await this.deliver({
      bankCode: t.bankCode, body,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(this.secret, timestamp, body) },
    });
    return { reference, ...answer };
  }
}
