import { z } from 'zod';
import { VERIFIER_REASONS, type SlipCheck, type SlipVerifier } from './adapter';
import { decimalTextToMinor } from '../../../contract';

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
const answer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('SUCCESS'),
    data: z.object({ amount: decimal, currency: z.string(), receiverAccount: z.string(), transferredAt: z.string().datetime({ offset: true }) }),
  }),
  z.object({ status: z.literal('FAILED'), reason: z.string() }),
  z.object({ status: z.literal('PENDING') }),
]);

/**
 * A slip verification service over HTTP: `POST <url>` with `{ payload, sendingBank, reference }`
 * and a bearer token, answering `{ status: 'SUCCESS', data: { amount, currency, receiverAccount,
 * transferredAt } }`, `{ status: 'FAILED', reason }` (a slip reason code) or `{ status: 'PENDING' }`.
 * No answer in time, or an answer we cannot read, leaves the slip in progress.
 */
export class HttpSlipVerifier implements SlipVerifier {
  constructor(private readonly options: { url: string; token: string; timeoutMs: number; fetch?: typeof fetch }) {}

  async verify(slip: { payload: string; sendingBank: string; reference: string }): Promise<SlipCheck> {
    const doFetch = this.options.fetch ?? fetch;
    let body: unknown;
    try {
      const response = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
        body: JSON.stringify(slip),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) return { kind: 'pending' };
      body = await response.json();
    } catch {
      return { kind: 'pending' };
    }
    const parsed = answer.safeParse(body);
    if (!parsed.success) return { kind: 'pending' };
    const a = parsed.data;
    if (a.status === 'PENDING') return { kind: 'pending' };
    if (a.status === 'FAILED') {
      const reason = (VERIFIER_REASONS as readonly string[]).includes(a.reason) ? (a.reason as (typeof VERIFIER_REASONS)[number]) : 'UNKNOW_ERROR';
      return { kind: 'refused', reason };
    }
    return {
      kind: 'verified',
      transfer: {
        amount: decimalTextToMinor(a.data.amount),
        currency: a.data.currency === 'THB' ? 'BAHT' : a.data.currency,
        receivingAccount: a.data.receiverAccount,
        transferredAt: new Date(a.data.transferredAt),
      },
    };
  }
}
