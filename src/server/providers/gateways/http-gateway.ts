import { z } from 'zod';
import { sign } from '../signing';
import { GatewayRefusal, type OpenedOrder, type QrChannel, type QrOrder } from './adapter';

const opened = z.object({ gatewayOrderId: z.string().min(1), qrPayload: z.string().min(1) });

/**
 * A payment gateway over the signed HTTP protocol of providers/signing.ts:
 * `POST <url>/<provider>/orders` with `{ orderId, amount, currency, reference, expiresAt,
 * callbackPath }` (amount a decimal string) answers `{ gatewayOrderId, qrPayload }`;
 * `POST <url>/<provider>/orders/<gatewayOrderId>/cancel` closes it. Payments arrive as signed
 * notifications at `POST /api/webhooks/gateway/<provider>`. One bridge per real gateway speaks
 * this protocol, so the app knows one shape.
 */
export class HttpGatewayChannel implements QrChannel {
  constructor(
    private readonly provider: string,
    private readonly options: { url: string; secret: string; timeoutMs: number; fetch?: typeof fetch },
  ) {}

  private async call(path: string, body: unknown): Promise<unknown> {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.url.replace(/\/$/, '')}/${this.provider}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(this.options.secret, timestamp, raw) },
        body: raw,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new GatewayRefusal(error instanceof Error ? error.message : 'no answer');
    }
    if (!response.ok) throw new GatewayRefusal(`gateway answered ${response.status}`);
    return response.json();
  }

  async open(order: QrOrder): Promise<OpenedOrder> {
    const answer = opened.safeParse(await this.call('/orders', {
      orderId: order.orderId,
      amount: `${order.amount / 100n}.${(order.amount % 100n).toString().padStart(2, '0')}`,
      currency: order.currency,
      reference: order.reference,
      expiresAt: order.expiresAt.toISOString(),
      callbackPath: `/api/webhooks/gateway/${this.provider}`,
    }));
    if (!answer.success) throw new GatewayRefusal('unreadable answer');
    return { payload: answer.data.qrPayload, gatewayOrderId: answer.data.gatewayOrderId };
  }

  async cancel(order: { orderId: string; gatewayOrderId: string | null }): Promise<void> {
    if (!order.gatewayOrderId) return;
    await this.call(`/orders/${encodeURIComponent(order.gatewayOrderId)}/cancel`, { orderId: order.orderId });
  }
}
