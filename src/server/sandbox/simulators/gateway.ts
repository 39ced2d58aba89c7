import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ERROR_CODES, type ErrorCode } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';
import type { OpenedOrder, QrChannel, QrOrder } from '../../providers/gateways/adapter';
import type { OrderObserver } from '../../providers/gateways/bank-qr';
import { sign } from '../../providers/signing';

/** A signed notification, as a gateway sends it: the exact body and its headers. */
export interface Notification {
  provider: string;
  body: string;
  headers: Record<string, string>;
}

/** Sends a notification to our webhook and answers its HTTP status and body. */
export type Deliver = (notification: Notification) => Promise<{ statusCode: number; body: string }>;

const decimal = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

/**
 * The sandbox payment gateway, standing in for WW, FP and PAYONEX and for the banks' payment
 * notifications of KBANK and BCEL QR codes. It keeps its own book of orders; its pay page
 * (`/sandbox/pay/:qrcodeId`) pays one, after which it notifies our webhook with a signed
 * request, exactly as a real gateway would. Expired and closed orders cannot be paid.
 */
export class SandboxGateway implements OrderObserver {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly payPageUrl: (orderId: string) => string,
    private readonly deliver: Deliver,
  ) {}

  /** A gateway provider's channel: the QR code leads to the sandbox pay page. */
  channel(): QrChannel {
    return {
      open: async (order: QrOrder): Promise<OpenedOrder> => {
        await this.opened(order);
        return { payload: this.payPageUrl(order.orderId), gatewayOrderId: `SBX-${order.orderId}` };
      },
      cancel: (order) => this.cancelled(order.orderId),
    };
  }

  async opened(order: QrOrder): Promise<void> {
    await this.db.insertInto('sandbox_gateway_order').values({
      order_id: order.orderId, provider: order.provider, amount: order.amount, currency: order.currency,
      expires_at: order.expiresAt, payment_reference: null, paid_at: null,
    }).onConflict((oc) => oc.column('order_id').doNothing()).execute();
  }

  async cancelled(orderId: string): Promise<void> {
    await this.db.updateTable('sandbox_gateway_order').set({ status: 'cancelled' })
      .where('order_id', '=', orderId).where('status', '=', 'open').execute();
  }

  order(orderId: string) {
    return this.db.selectFrom('sandbox_gateway_order').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  /**
   * The customer pays the order. An order paid before is not paid again, but its notification is
   * sent again, as gateways retry until the merchant accepts it.
   */
  async pay(orderId: string): Promise<void> {
    const now = this.clock.now();
    let order = await this.db.updateTable('sandbox_gateway_order')
      .set({ status: 'paid', payment_reference: `SBXPAY${randomBytes(8).toString('hex').toUpperCase()}`, paid_at: now })
      .where('order_id', '=', orderId).where('status', '=', 'open').where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    order ??= await this.order(orderId);
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status !== 'paid') throw new DomainError('QR_FAIL', order.status === 'cancelled' ? 'the order was closed' : 'the order has expired');
    const answer = await this.deliver(this.notification(order));
    if (answer.statusCode !== 200) {
      const code = (JSON.parse(answer.body || '{}') as { message?: string }).message;
      throw new DomainError(ERROR_CODES.includes(code as ErrorCode) ? (code as ErrorCode) : 'QR_FAIL', `webhook answered ${answer.statusCode}`);
    }
  }

  /** The signed notification of a paid order. */
  notification(order: { order_id: string; provider: string; amount: bigint; currency: string; payment_reference: string | null; paid_at: Date | null }): Notification {
    const body = JSON.stringify({
      orderId: order.order_id,
      reference: order.payment_reference,
      amount: decimal(BigInt(order.amount)),
      currency: order.currency,
      paidAt: (order.paid_at ?? this.clock.now()).toISOString(),
    });
    const timestamp = String(Date.now());
    return {
      provider: order.provider,
      body,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(this.secret, timestamp, body) },
    };
  }
}
