import { z } from 'zod';
import type { Redemption, TrueWalletVouchers, VoucherInfo } from './adapter';
import { decimalTextToMinor } from '../../../contract';

const baht = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
const answer = z.object({
  status: z.object({ code: z.string() }),
  data: z.object({
    voucher: z.object({ amount_baht: baht, member: z.coerce.number().int(), available: z.coerce.number().int().optional() }).partial().optional(),
    my_ticket: z.object({ amount_baht: baht }).partial().optional(),
  }).nullable().optional(),
});

const REFUSALS: Record<string, Extract<Redemption, { kind: 'refused' }>['reason']> = {
  VOUCHER_NOT_FOUND: 'not_found',
  VOUCHER_OUT_OF_STOCK: 'used',
  VOUCHER_EXPIRED: 'expired',
  CANNOT_GET_OWN_VOUCHER: 'own_voucher',
};

/**
 * The True Wallet gift voucher service: `GET <url>/campaign/vouchers/<voucher>/verify?mobile=`
 * and `POST <url>/campaign/vouchers/<voucher>/redeem` with `{ mobile, voucher_hash }`, the
 * mobile being the operator's wallet. The answer shape follows the public gift pages; check it
 * against the service before going live.
 */
export class HttpTrueWalletVouchers implements TrueWalletVouchers {
  constructor(private readonly options: { url: string; mobile: string; timeoutMs: number; fetch?: typeof fetch }) {}

  private async call(path: string, init: RequestInit = {}) {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(`${this.options.url.replace(/\/$/, '')}/campaign/vouchers/${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const parsed = answer.safeParse(await response.json().catch(() => undefined));
    return parsed.success ? parsed.data : undefined;
  }

  async inspect(voucher: string): Promise<VoucherInfo> {
    const a = await this.call(`${encodeURIComponent(voucher)}/verify?mobile=${encodeURIComponent(this.options.mobile)}`);
    const v = a?.data?.voucher;
    if (!a || a.status.code !== 'SUCCESS' || !v?.amount_baht || !v.member) return { kind: 'not_found' };
    return { kind: 'found', amount: decimalTextToMinor(v.amount_baht), tickets: v.member, redeemable: (v.available ?? 1) > 0 };
  }

  async redeem(voucher: string): Promise<Redemption> {
    const a = await this.call(`${encodeURIComponent(voucher)}/redeem`, {
      method: 'POST',
      body: JSON.stringify({ mobile: this.options.mobile, voucher_hash: voucher }),
    });
    if (!a) return { kind: 'refused', reason: 'unknown' };
    if (a.status.code !== 'SUCCESS') return { kind: 'refused', reason: REFUSALS[a.status.code] ?? 'unknown' };
    const amount = a.data?.my_ticket?.amount_baht ?? a.data?.voucher?.amount_baht;
    return amount ? { kind: 'redeemed', amount: decimalTextToMinor(amount) } : { kind: 'refused', reason: 'unknown' };
  }
}
