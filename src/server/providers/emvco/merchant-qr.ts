import { encodeField, encodeFields, formatAmount, withCrc, type Field } from './tlv';

/**
 * Dynamic merchant-presented QR payloads a banking app pays: Thai PromptPay and LAO QR. Both
 * are EMVCo: 00 format "01", 01 point of initiation "12" (dynamic: one amount, one order),
 * a merchant account template, 53 currency, 54 amount, 58 country, 62 additional data carrying
 * the order's reference, and 63 the CRC. LAO QR also carries EMVCo's merchant tags 52
 * (category), 59 (name) and 60 (city), without which Lao banking apps refuse the code; PromptPay
 * apps do without them, and the Thai codes stay as promptparse makes them.
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

/**
 * A LAO QR (LAPNet) merchant: what the receiving account's bank issues when it opens the account
 * for QR payments, configured per deposit account (`laoQr` of the setting `deposit.LA`). A
 * banking app pays only a code whose bank id and merchant id its bank's switch knows.
 */
export interface LaoQrMerchant {
  /** 38/01, the acquiring bank's id: its four-digit code and 0418 (BCEL 27710418, JDB 32170418). */
  bankId: string;
  /** 38/03, the merchant id the bank issued for the account (BCEL One: "mch" and 13 hex digits). */
  merchantId: string;
  /** 52, the merchant category code (ISO 18245) the bank registered the merchant under. */
  category: string;
  /** 59, the merchant's name as the paying app shows it: at most 25 characters. */
  name: string;
  /** 60, the merchant's city: at most 15 characters. */
  city: string;
}

/** EMVCo's "ans" fields: printable ASCII. */
const PRINTABLE = /^[\x20-\x7E]+$/;

/** What is wrong with a merchant's settings, or undefined when a bank could pay its codes. */
export function laoQrMerchantProblem(merchant: Partial<LaoQrMerchant> | undefined): string | undefined {
  if (!merchant) return 'no LAO QR merchant';
  if (!/^\d{4}0418$/.test(merchant.bankId ?? '')) return 'bankId is the bank\'s four-digit code followed by 0418';
  if (!/^[A-Za-z0-9]{1,32}$/.test(merchant.merchantId ?? '')) return 'merchantId is 1 to 32 letters and digits';
  if (!/^\d{4}$/.test(merchant.category ?? '')) return 'category is a four-digit merchant category code';
  if (!merchant.name || merchant.name.length > 25 || !PRINTABLE.test(merchant.name)) return 'name is 1 to 25 printable Latin characters';
  if (!merchant.city || merchant.city.length > 15 || !PRINTABLE.test(merchant.city)) return 'city is 1 to 15 printable Latin characters';
  return undefined;
}

/** A dynamic LAO QR (LAPNet) for one order, in kip (418) or baht (764), with every tag EMVCo requires. */
export function laoQrPayload(merchant: LaoQrMerchant, order: MerchantQrOrder & { currency: string }): string {
  checkReference(order.reference);
  const problem = laoQrMerchantProblem(merchant);
  if (problem) throw new Error(`LAO QR merchant: ${problem}`);
  const currency = CURRENCY_NUMERIC[order.currency];
  if (!currency) throw new Error(`no ISO 4217 code for ${order.currency}`);
  // Kip has no coins in use: a LAK code is for whole kip (the money rules refuse anything else).
  if (order.currency === 'LAK' && order.amount % 100n !== 0n) throw new Error('a LAK amount is whole kip');
  const body = [
    encodeField('00', '01'),
    encodeField('01', '12'),
    // 38/02 "002": a merchant account, as the banks' own merchant codes carry it ("001" is a person).
    encodeField('38', encodeFields([['00', LAO_QR_AID], ['01', merchant.bankId], ['02', '002'], ['03', merchant.merchantId]])),
    encodeField('52', merchant.category),
    encodeField('53', currency),
    encodeField('54', formatAmount(order.amount, order.currency === 'LAK')),
    encodeField('58', 'LA'),
    encodeField('59', merchant.name),
    encodeField('60', merchant.city),
    // 62/01: the bill number, read back from the bank's notification.
    encodeField('62', encodeFields([['01', order.reference]])),
  ].join('');
  return withCrc(body);
}
