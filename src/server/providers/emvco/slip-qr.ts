import { encodeField, encodeFields, parsePayload, withCrc, type ParseFailure } from './tlv';

/**
 * The small QR printed on a bank transfer slip, which names the transfer so it can be checked
 * with the sending bank:
 * - Thai banks (the Bank of Thailand's slip verification QR): 00 a template of 00 API id
 *   "000001", 01 the sending bank's three-digit code, 02 the transaction reference; 51 "TH";
 *   91 the CRC.
 * - BCEL One (Laos): 33 a template of 00 "BCEL", 02 a type, 03 the ticket, 04 the FCC reference;
 *   63 the CRC.
 */
export interface SlipQr {
  /** The sending bank: a Thai three-digit bank code, or BCEL. */
  sendingBank: string;
  /** The sending bank's transaction reference. */
  reference: string;
}

export type SlipQrFailure = ParseFailure | 'not_a_slip';

export function parseSlipQr(text: string): SlipQr | SlipQrFailure {
  const trimmed = text.trim();
  // The CRC field is the last one; which tag it has tells the two formats apart.
  const crcTag = trimmed.slice(-8, -6);
  if (crcTag !== '91' && crcTag !== '63') return 'malformed';
  const payload = parsePayload(trimmed, crcTag);
  if (typeof payload === 'string') return payload;
  if (crcTag === '91') {
    const apiId = payload.sub('00', '00');
    const sendingBank = payload.sub('00', '01');
    const reference = payload.sub('00', '02');
    if (apiId !== '000001' || !sendingBank || !reference || payload.get('51') !== 'TH') return 'not_a_slip';
    return { sendingBank, reference };
  }
  if (payload.sub('33', '00') !== 'BCEL') return 'not_a_slip';
  const reference = payload.sub('33', '04') ?? payload.sub('33', '03');
  return reference ? { sendingBank: 'BCEL', reference } : 'not_a_slip';
}

/** The Thai slip QR for a transfer (the sandbox bank prints it on its slips). */
export function thaiSlipQr(slip: SlipQr): string {
  const body = encodeField('00', encodeFields([['00', '000001'], ['01', slip.sendingBank], ['02', slip.reference]])) + encodeField('51', 'TH');
  return withCrc(body, '91');
}

/** The BCEL One proof QR for a transfer (the sandbox bank's slips in Laos). */
export function bcelSlipQr(slip: { reference: string; ticket: string }): string {
  const body = encodeField('00', '01') + encodeField('01', '11')
    + encodeField('33', encodeFields([['00', 'BCEL'], ['01', 'ONEPROOF'], ['02', 'MONEY_TRANSFER'], ['03', slip.ticket], ['04', slip.reference]]));
  return withCrc(body, '63');
}

/** Thai banks' three-digit codes (the slip QR's sending bank) by the product's bank codes. */
export const THAI_BANK_NUMBERS: Record<string, string> = {
  BBL: '002', KBANK: '004', KTB: '006', TMB: '011', SCB: '014', CIMB: '022', UOB: '024', BAY: '025',
  GSB: '030', GHB: '033', BAAC: '034', TISCO: '067', KKP: '069', ICBC: '070', LHB: '073',
};

export const bankCodeOfNumber = (number: string): string | undefined =>
  Object.entries(THAI_BANK_NUMBERS).find(([, n]) => n === number)?.[0];
