import { encodeField, encodeFields, formatAmount, withCrc, type Field } from './tlv';

/**
 * Dynamic merchant-presented QR payloads a banking app pays: Thai PromptPay and LAO QR. Both
 * are EMVCo: 00 format "01", 01 point of initiation "12" (dynamic: one amount, one order),
 * a merchant account template, 53 currency, 54 amount, 58 country, 62 additional data carrying
 * the order's reference, and 63 the CRC.
 */

export const PROMPTPAY_AID = 'A000000677010111';
export const PROMPTPAY_BILL_AID = 'A000000677010112';
export const LAO_QR_AID = 'A005266284662577';

/** ISO 4217 numeric codes of the currencies members hold. */
export const CURRENCY_NUMERIC: Record<string, string> = { BAHT: '764', LAK: '418' };

/** Where a PromptPay payment goes: a biller (bill payment, tag 30) or a PromptPay id (tag 29). */
export type PromptPayTarget =
  | { billerId: string }
  | { proxy: 'MSISDN' | 'NATID' | 'EWALLETID'; id: string };

const PROXY_SUBTAG = { MSISDN: '01', NATID: '02', EWALLETID: '03' } as const;

/** PromptPay writes a Thai mobile number as 0066 and the number without its leading 0, 13 digits. */
const promptPayMobile = (phone: string) => `0066${phone.replace(/^0/, '')}`.padStart(13, '0');

export interface MerchantQrOrder {
  /** Minor units. */
  amount: bigint;
  /** The order's reference, as the bank's notification will carry it: letters and digits, at most 20. */
  reference: string;
}

function checkReference(reference: string) {
  if (!/^[A-Z0-9]{1,20}$/.test(reference)) throw new Error('a QR reference is 1 to 20 upper-case letters and digits');
}

/** A dynamic PromptPay QR for one order, in baht. */
export function promptPayPayload(target: PromptPayTarget, order: MerchantQrOrder): string {
  checkReference(order.reference);
  const account: Field = 'billerId' in target
    ? ['30', encodeFields([['00', PROMPTPAY_BILL_AID], ['01', target.billerId], ['02', order.reference]])]
    : ['29', encodeFields([['00', PROMPTPAY_AID], [PROXY_SUBTAG[target.proxy], target.proxy === 'MSISDN' ? promptPayMobile(target.id) : target.id]])];
  const body = [
    encodeField('00', '01'),
    encodeField('01', '12'),
    encodeField(...account),
    encodeField('53', CURRENCY_NUMERIC.BAHT),
    encodeField('54', formatAmount(order.amount)),
    encodeField('58', 'TH'),
    // 62/05: the reference label, read back from the bank's notification.
    encodeField('62', encodeFields([['05', order.reference]])),
  ].join('');
  return withCrc(body);
}

export interface LaoQrReceiver {
  /** The receiving bank's LAPNet issuer identification number. */
  iin: string;
  /** The receiving account. */
  receiverId: string;
}

/** A dynamic LAO QR (LAPNet) for one order, in kip (418) or baht (764). */
export function laoQrPayload(receiver: LaoQrReceiver, order: MerchantQrOrder & { currency: string }): string {
  checkReference(order.reference);
  const currency = CURRENCY_NUMERIC[order.currency];
  if (!currency) throw new Error(`no ISO 4217 code for ${order.currency}`);
  const body = [
    encodeField('00', '01'),
    encodeField('01', '12'),
    encodeField('38', encodeFields([['00', LAO_QR_AID], ['01', receiver.iin], ['02', '002'], ['03', receiver.receiverId]])),
    encodeField('53', currency),
    // Kip has no coins in use: whole kip when the amount allows.
    encodeField('54', formatAmount(order.amount, order.currency === 'LAK')),
    encodeField('58', 'LA'),
    // 62/01: the bill number, read back from the bank's notification.
    encodeField('62', encodeFields([['01', order.reference]])),
  ].join('');
  return withCrc(body);
}
