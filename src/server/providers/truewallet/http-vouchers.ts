/**
 * TrueMoney gift vouchers ("angpao" links, https://gift.truemoney.com/campaign/?v=<voucher>).
 *
 * TrueMoney publishes no document for these endpoints; they are the ones the gift page itself
 * calls, as the public libraries restate them (read 26 November 2026: M4h45amu7x's Voucher.php as
 * copied in dadaKitt/example-game-store, the npm package voucher-ts, 0x90Vold/api-truemoney's
 * README for the answer's fields), and they agree:
 * - verify: `GET <TRUEWALLET_API_URL>/campaign/vouchers/<voucher>/verify?mobile=<wallet>`;
 * - redeem: `POST <TRUEWALLET_API_URL>/campaign/vouchers/<voucher>/redeem` with the JSON body
 *   `{ "mobile": "<wallet>", "voucher_hash": "<voucher>" }`; both with `Content-Type` and
 *   `Accept: application/json`.
 * - The answer: `{ status: { code, message }, data: { voucher: { amount_baht: "100.00", member,
 *   available, redeemed, expire_date, ... }, owner_profile, my_ticket: { amount_baht, mobile, ... },
 *   tickets } }`. `member` is the number of tickets the amount is shared by, `available` those left;
 *   redeeming takes one ticket, and `my_ticket.amount_baht` is what it paid.
 * - Codes: SUCCESS; VOUCHER_NOT_FOUND, VOUCHER_EXPIRED, VOUCHER_OUT_OF_STOCK (every ticket taken),
 *   TARGET_USER_REDEEMED (this wallet took a ticket already), CANNOT_GET_OWN_VOUCHER (the maker's
 *   own wallet), INTERNAL_ERROR (the libraries read it as a bad or unknown voucher).
 *
 * A redeem that does not come back readable (a timeout, a 5xx page, INTERNAL_ERROR) throws: the
 * ticket may be ours now, so the deposit stays held for an operator and is never credited twice
 * nor refused while the money might have moved. A verify that is not readable throws as well.
 */
import { z } from 'zod';
import type { Redemption, TrueWalletVouchers, VoucherInfo } from './adapter';
import { decimalTextToMinor } from '../../../contract';

const baht = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
const answer = z.object({
  status: z.object({ code: z.string() }),
  data: z.object({
    voucher: z.object({ amount_baht: baht, member: z.coerce.number().int(), available: z.coerce.number().int() }).partial().nullable().optional(),
    my_ticket: z.object({ amount_baht: baht }).partial().nullable().optional(),
  }).nullable().optional(),
});

const REFUSALS: Record<string, Extract<Redemption, { kind: 'refused' }>['reason']> = {
  VOUCHER_NOT_FOUND: 'not_found',
  VOUCHER_OUT_OF_STOCK: 'used',
  TARGET_USER_REDEEMED: 'used',
  VOUCHER_EXPIRED: 'expired',
  CANNOT_GET_OWN_VOUCHER: 'own_voucher',
};

/** A gift voucher answer that could not be read: the outcome is unknown. */
export class VoucherAnswerUnreadable extends Error {}

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
    if (!parsed.success) throw new VoucherAnswerUnreadable(`gift voucher service answered ${response.status} with no answer we can read`);
    return parsed.data;
  }

  async inspect(voucher: string): Promise<VoucherInfo> {
    const a = await this.call(`${encodeURIComponent(voucher)}/verify?mobile=${encodeURIComponent(this.options.mobile)}`);
    const v = a.data?.voucher;
    if (a.status.code !== 'SUCCESS' || !v?.amount_baht || !v.member) return { kind: 'not_found' };
    return { kind: 'found', amount: decimalTextToMinor(v.amount_baht), tickets: v.member, redeemable: (v.available ?? 1) > 0 };
  }

  async redeem(voucher: string): Promise<Redemption> {
    const a = await this.call(`${encodeURIComponent(voucher)}/redeem`, {
      method: 'POST',
      body: JSON.stringify({ mobile: this.options.mobile, voucher_hash: voucher }),
    });
    const refused = REFUSALS[a.status.code];
    if (refused) return { kind: 'refused', reason: refused };
    const amount = a.status.code === 'SUCCESS' ? a.data?.my_ticket?.amount_baht ?? a.data?.voucher?.amount_baht : undefined;
    if (!amount) throw new VoucherAnswerUnreadable(`gift voucher redeem answered ${a.status.code} without the ticket's amount`);
    return { kind: 'redeemed', amount: decimalTextToMinor(amount) };
  }
}
