/**
 * EasySlip, bank slip verification by the slip's QR payload.
 *
 * Follows EasySlip's developer document, API v1 ("Verify Bank Slip By Payload", as read on
 * 26 November 2026): https://document.easyslip.com/documents/verify/bank/payload, its error list at
 * https://easyslip-document.cl1.easythunder.com/en/v1 (the v1 overview). API v2
 * (https://api.easyslip.com/v2/verify/bank) exists too; v1 is the one EasySlip calls "stable" and
 * its own integrations (EASYSLIP-CO-LTD/n8n-nodes-easyslip) still use.
 *
 * - `GET <EASYSLIP_API_URL>/verify?payload=<QR text>` with `Authorization: Bearer <EASYSLIP_API_KEY>`.
 * - 200 `{ status: 200, data: { payload, transRef, date, countryCode, amount: { amount, local },
 *   fee, ref1..3, sender, receiver: { bank: { id, name, short }, account: { name, bank?: { type,
 *   account }, proxy?: { type, account } } } } }`; the amount is baht as a number, converted to
 *   satang here; the receiver's account comes masked (xxx-x-x1234-x) as the deposit module expects.
 * - Errors `{ status, message }`: `invalid_payload` (400) and `slip_not_found` (404) refuse the
 *   slip as INVALID_SLIP; `unauthorized` (401), `access_denied`, `account_not_verified`,
 *   `application_expired`, `application_deactivated`, `quota_exceeded` (403) and `server_error`,
 *   `api_server_error` (5xx) are ours or EasySlip's trouble, not the member's: the slip stays in
 *   progress and is asked again later (so is a timeout, or any answer we cannot read).
 * - Duplicates: we do not ask EasySlip to check them (`checkDuplicate`, off by default). A slip's
 *   reference is ours to hold (a unique index and the ledger's unique reference), and EasySlip
 *   would count our own earlier call, one whose answer a timeout lost, as the duplicate. A
 *   `duplicate_slip` answer that carries the slip is read like any other, so our rules decide;
 *   one without it refuses the slip as SLIP_REFNO_DUPLICATED.
 */
import { askService } from './ask';
import { z } from 'zod';
import type { SlipCheck, SlipVerifier } from './adapter';
import { bahtToSatang, slipCurrency } from './baht';

const account = z.object({ type: z.string(), account: z.string() });
const slip = z.object({
  transRef: z.string(),
  date: z.string().datetime({ offset: true }),
  countryCode: z.string().optional(),
  amount: z.object({ amount: z.number() }),
  receiver: z.object({ account: z.object({ bank: account.optional(), proxy: account.optional() }) }),
});
const answer = z.object({ status: z.number(), message: z.string().optional(), data: z.unknown().optional() });

/** The documented errors that are the slip's own; every other error leaves the slip in progress. */
const SLIP_REFUSALS: Record<string, 'INVALID_SLIP'> = { invalid_payload: 'INVALID_SLIP', slip_not_found: 'INVALID_SLIP' };

export class EasySlipVerifier implements SlipVerifier {
  constructor(private readonly options: { url: string; apiKey: string; timeoutMs: number; fetch?: typeof fetch }) {}

  async verify(request: { payload: string; sendingBank: string; reference: string }): Promise<SlipCheck> {
    const body = await askService(`${this.options.url.replace(/\/$/, '')}/verify?payload=${encodeURIComponent(request.payload)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${this.options.apiKey}` },
    }, this.options);
    const parsed = answer.safeParse(body);
    if (!parsed.success) return { kind: 'pending' };
    const { status, message, data } = parsed.data;
    if (status === 200 || message === 'duplicate_slip') {
      const read = readSlip(data);
      if (read) return read;
      return message === 'duplicate_slip' ? { kind: 'refused', reason: 'SLIP_REFNO_DUPLICATED' } : { kind: 'pending' };
    }
    const reason = message === undefined ? undefined : SLIP_REFUSALS[message];
    return reason ? { kind: 'refused', reason } : { kind: 'pending' };
  }
}

function readSlip(data: unknown): SlipCheck | undefined {
  const parsed = slip.safeParse(data);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const amount = bahtToSatang(s.amount.amount);
  const receivingAccount = s.receiver.account.bank?.account ?? s.receiver.account.proxy?.account;
  if (amount === undefined || !receivingAccount) return undefined;
  return { kind: 'verified', transfer: { amount, currency: slipCurrency(s.countryCode), receivingAccount, transferredAt: new Date(s.date) } };
}
