import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { sign } from '../../providers/signing';
import type { Redemption, TrueWalletVouchers, VoucherInfo } from '../../providers/truewallet/adapter';

/** The sandbox True Wallet: makes gift vouchers and lets each be redeemed once. */
export class SandboxTrueWallet implements TrueWalletVouchers {
  constructor(private readonly db: Kysely<DB>, private readonly clock: Clock) {}

  async create(amount: bigint, tickets: number): Promise<{ link: string; voucherId: string }> {
    const voucher = randomBytes(18).toString('hex');
    await this.db.insertInto('sandbox_truewallet_voucher').values({ voucher, amount, tickets, redeemed_by: null, redeemed_at: null }).execute();
    return { link: `https://gift.truemoney.com/campaign/?v=${voucher}`, voucherId: voucher };
  }

  async inspect(voucher: string): Promise<VoucherInfo> {
    const row = await this.db.selectFrom('sandbox_truewallet_voucher').selectAll().where('voucher', '=', voucher).executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    return { kind: 'found', amount: BigInt(row.amount), tickets: row.tickets, redeemable: row.redeemed_at === null };
  }

  async redeem(voucher: string): Promise<Redemption> {
    const row = await this.db.updateTable('sandbox_truewallet_voucher')
      .set({ redeemed_by: 'operator', redeemed_at: this.clock.now() })
      .where('voucher', '=', voucher).where('redeemed_at', 'is', null)
      .returning(['amount', 'tickets'])
      .executeTakeFirst();
    if (row) return { kind: 'redeemed', amount: BigInt(row.amount) / BigInt(row.tickets) };
    const exists = await this.db.selectFrom('sandbox_truewallet_voucher').select('voucher').where('voucher', '=', voucher).executeTakeFirst();
    return { kind: 'refused', reason: exists ? 'used' : 'not_found' };
  }
}

export type DeliverWalletNotification = (notification: { body: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string }>;

const DIGITS = '0123456789';

/**
 * The sandbox True Wallet's transfers: someone sends money from their wallet (their phone) to
 * one of ours, and True Wallet notifies our webhook with a signed request, as the real service's
 * notification would (through the whole HTTP pipeline: parsing, signature check, matching).
 */
export class SandboxTrueWalletTransfers {
  constructor(private readonly clock: Clock, private readonly secret: string, private readonly deliver: DeliverWalletNotification) {}

  /** Makes the transfer and delivers its notification; answers the reference and our webhook's answer. */
  async send(t: { account: string; amount: bigint; senderPhone: string; senderName?: string }): Promise<{ reference: string; statusCode: number; body: string }> {
    const reference = `TW${Array.from({ length: 16 }, () => DIGITS[randomInt(DIGITS.length)]).join('')}`;
    const body = JSON.stringify({
      reference, account: t.account, amount: Number(t.amount), senderPhone: t.senderPhone,
      ...(t.senderName ? { senderName: t.senderName } : {}), transferredAt: this.clock.now().toISOString(),
    });
    const timestamp = String(Date.now());
    const answer = await this.deliver({
      body, headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(this.secret, timestamp, body) },
    });
    return { reference, ...answer };
  }
}
