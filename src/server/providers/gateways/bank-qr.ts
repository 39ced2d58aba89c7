import { laoQrPayload, promptPayPayload, type LaoQrMerchant, type PromptPayTarget } from '../emvco/merchant-qr';
import { GatewayRefusal, type OpenedOrder, type QrChannel, type QrOrder } from './adapter';

/** What a bank account needs to take QR payments: a PromptPay target (Thailand) or a LAO QR merchant (Laos). */
export type BankQrAccount = { promptPay: PromptPayTarget } | { laoQr: LaoQrMerchant };

/** Someone who hears of every order (the sandbox bank, which then lets the pay page pay it). */
export interface OrderObserver {
  opened(order: QrOrder): Promise<void>;
  cancelled(orderId: string): Promise<void>;
}

/**
 * A bank account's dynamic QR code, made here: nothing is called to open an order, the bank
 * learns of the payment when the customer pays the EMVCo payload, and its notification carries
 * the order's reference.
 */
export class BankQrChannel implements QrChannel {
  constructor(
    private readonly account: (order: QrOrder) => Promise<BankQrAccount | undefined>,
    private readonly observer?: OrderObserver,
  ) {}

  async open(order: QrOrder): Promise<OpenedOrder> {
    const account = await this.account(order);
    if (!account) throw new GatewayRefusal('no QR account for this provider and currency');
    const payload = 'promptPay' in account
      ? promptPayPayload(account.promptPay, order)
      : laoQrPayload(account.laoQr, order);
    await this.observer?.opened(order);
    return { payload, gatewayOrderId: null };
  }

  async cancel(order: { orderId: string }): Promise<void> {
    await this.observer?.cancelled(order.orderId);
  }
}
