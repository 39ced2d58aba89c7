import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
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
