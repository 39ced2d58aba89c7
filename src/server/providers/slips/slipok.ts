/**
 * SlipOK, bank slip verification by the slip's QR text.
 *
 * Follows SlipOK's API Documentation, version 1.7 (26 March 2024): https://slipok.com/api-documentation/
 * and its "Check Slip" page https://slipok.com/api-documentation/check-slip/. The error codes'
 * meanings are the document's; their answer shape (`{ success: false, code, message, data? }`,
 * the code a number or a string) is as two public SDKs restate it (xhayper/node-slipok,
 * PrakritManStudio/slipok-sdk), since the page's error table could not be read in full.
 *
 * - `POST <SLIPOK_API_URL>/<SLIPOK_BRANCH_ID>` with `x-authorization: <SLIPOK_API_KEY>` and the JSON
 *   body `{ "data": "<QR text>" }` (the document's other inputs, `files` and `url`, send the image).
 * - `{ success: true, data: { success, message, transRef, sendingBank, receivingBank, transDate,
 *   transTime, transTimestamp, sender, receiver: { displayName, name, proxy: { type, value },
 *   account: { type, value } }, amount, countryCode, ... } }`: the amount is baht as a number,
 *   converted to satang; the receiver's account is always masked, which the deposit module matches.
 * - Errors: 1005, 1006, 1007 (not an image, a bad image, no QR), 1008 (not a payment QR) and 1011
 *   (QR expired or no such transaction) refuse the slip as INVALID_SLIP. 1000 (no data sent),
 *   1001 (no such branch), 1002 (bad authorization header), 1003 (package expired), 1004 (over
 *   quota), 1009 (bank data unavailable, "try again in 15 minutes") and 1010 (a bank's slips are
 *   checked only some minutes after the transfer) leave the slip in progress, to be asked again;
 *   so do a timeout and any answer we cannot read.
 * - 1012 (repeated slip), 1013 (wrong amount) and 1014 (wrong receiver) come only with `log: true`
 *   or `amount`, which we do not send: the receiver, the amount and duplicates are our rules, and
 *   SlipOK would count our own earlier call (one whose answer a timeout lost) as the repeat. Since
 *   version 1.4 they carry the slip, which is then read as a verified one so our rules decide.
 */
import { askService } from './ask';
import { z } from 'zod';
import type { SlipCheck, SlipVerifier } from './adapter';
import { bahtToSatang, slipCurrency } from './baht';

const party = z.object({
  account: z.object({ type: z.string().nullable().optional(), value: z.string().nullable().optional() }).nullable().optional(),
  proxy: z.object({ type: z.string().nullable().optional(), value: z.string().nullable().optional() }).nullable().optional(),
});
const slip = z.object({
  transRef: z.string(),
  transTimestamp: z.string().datetime({ offset: true }),
  countryCode: z.string().optional(),
  amount: z.number(),
  receiver: party,
});
const answer = z.object({
  success: z.boolean().optional(),
  code: z.union([z.number(), z.string()]).optional(),
  data: z.unknown().optional(),
});

const INVALID = new Set([1005, 1006, 1007, 1008, 1011]);
/** Errors that still carry the slip (version 1.4 and later): read it, and let our rules judge it. */
const WITH_SLIP = new Set([1012, 1013, 1014]);

export class SlipOkVerifier implements SlipVerifier {
  constructor(private readonly options: { url: string; branchId: string; apiKey: string; timeoutMs: number; fetch?: typeof fetch }) {}

  async verify(request: { payload: string; sendingBank: string; reference: string }): Promise<SlipCheck> {
    const body = await askService(`${this.options.url.replace(/\/$/, '')}/${encodeURIComponent(this.options.branchId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': this.options.apiKey },
      body: JSON.stringify({ data: request.payload }),
    }, this.options);
    const parsed = answer.safeParse(body);
    if (!parsed.success) return { kind: 'pending' };
    const { success, data } = parsed.data;
    const code = parsed.data.code === undefined ? undefined : Number(parsed.data.code);
    if (success === true || (code !== undefined && WITH_SLIP.has(code))) return readSlip(data) ?? { kind: 'pending' };
    if (code !== undefined && INVALID.has(code)) return { kind: 'refused', reason: 'INVALID_SLIP' };
    return { kind: 'pending' };
  }
}

function readSlip(data: unknown): SlipCheck | undefined {
  const parsed = slip.safeParse(data);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const amount = bahtToSatang(s.amount);
  const receivingAccount = s.receiver.account?.value || s.receiver.proxy?.value;
  if (amount === undefined || !receivingAccount) return undefined;
  return { kind: 'verified', transfer: { amount, currency: slipCurrency(s.countryCode), receivingAccount, transferredAt: new Date(s.transTimestamp) } };
}
