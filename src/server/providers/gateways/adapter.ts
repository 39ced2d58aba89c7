import type { QrProvider } from '../../../contract';

/** A deposit order a QR code is made for. Amounts are minor units. */
export interface QrOrder {
  /** Our id for the order: the qrcodeId. Gateways send it back in their notification. */
  orderId: string;
  provider: QrProvider;
  amount: bigint;
  currency: string;
  /** Short reference a bank transfer carries (PromptPay reference 1, LAO QR bill number). */
  reference: string;
  /** After this the order must not be paid. */
  expiresAt: Date;
}

export interface OpenedOrder {
  /** What the QR code encodes: an EMVCo payload a banking app pays, or the gateway's pay page. */
  payload: string;
  gatewayOrderId: string | null;
}

/**
 * One QR deposit provider: a payment gateway (WW, FP, PAYONEX) or a bank account that takes
 * dynamic QR payments (KBANK PromptPay, BCEL LAO QR). Payment is told to us later by a signed
 * notification (`POST /api/webhooks/gateway/:provider`), never by this interface.
 */
export interface QrChannel {
  open(order: QrOrder): Promise<OpenedOrder>;
  /** Closes an order (cancelled or replaced by a new one) so it can no longer be paid. */
  cancel(order: { orderId: string; gatewayOrderId: string | null }): Promise<void>;
}

/** The provider answered and refused to open the order. */
export class GatewayRefusal extends Error {
  constructor(readonly reason: string) {
    super(`gateway refused: ${reason}`);
    this.name = 'GatewayRefusal';
  }
}
