import { startStandIn, type StandIn, type StandInReply } from './stand-in';

/**
 * SlipOK's check-slip answers as its document (version 1.7, https://slipok.com/api-documentation/check-slip/)
 * shows them: the field examples are the document's; the error bodies are shaped as the public SDKs
 * restate them.
 */
export const SLIPOK_SLIP = {
  success: true,
  message: '✅',
  language: 'TH',
  receivingBank: '006',
  sendingBank: '004',
  transRef: '010092101507665143',
  transDate: '20200401',
  transTime: '10:15:07',
  transTimestamp: '2020-04-01T03:15:07.000Z',
  sender: {
    displayName: 'นาย กสิกร ร',
    name: 'Mr. Kasikorn R',
    proxy: { type: null, value: null },
    account: { type: 'BANKAC', value: 'xxx-x-x5366-x' },
  },
  receiver: {
    displayName: 'นาย กรุงไทย ก',
    name: 'Mr. Krungthai K',
    proxy: { type: 'MSISDN', value: 'xxx-xxx-5678' },
    account: { type: 'BANKAC', value: 'xxx-x-x1234-x' },
  },
  amount: 1000.5,
  paidLocalAmount: 1000.5,
  paidLocalCurrency: '764',
  countryCode: 'TH',
  transFeeAmount: 0,
  ref1: '',
  ref2: '',
  ref3: '',
  toMerchantId: '',
};

export const SLIPOK_SUCCESS = { success: true, data: SLIPOK_SLIP };

/** Every documented error code with the message the document gives it. */
export const SLIPOK_ERRORS = {
  1000: 'กรุณาใส่ข้อมูล QR Code ให้ครบใน field data, files หรือ url',
  1001: 'ไม่พบข้อมูลสาขา กรุณาตรวจสอบไอดีสาขา',
  1002: 'Authorization Header ไม่ถูกต้อง',
  1003: 'Package ของคุณหมดอายุแล้ว',
  1004: 'Package ของคุณใช้เกินโควต้ามาแล้ว 400 บาท กรุณาต่อสมาชิกแพ็กเกจ',
  1005: 'ไฟล์ไม่ใช่ไฟล์ภาพ กรุณาอัพโหลดไฟล์เฉพาะนามสกุล .jpg .jpeg .png .jfif หรือ .webp',
  1006: 'รูปภาพไม่ถูกต้อง',
  1007: 'รูปภาพไม่มี QR Code',
  1008: 'QR ดังกล่าวไม่ใช่ QR สำหรับการตรวจสอบการชำระเงิน',
  1009: 'ขออภัยในความไม่สะดวก ขณะนี้ข้อมูลธนาคารเกิดขัดข้องชั่วคราว โปรดตรวจใหม่อีกครั้งใน 15 นาทีถัดไป (ไม่เสียโควต้าสลิป)',
  1010: 'เนื่องจากเป็นสลิปจากธนาคารกรุงเทพ กรุณารอการตรวจสอบสลิปหลังการโอนประมาณ 5 นาที',
  1011: 'QR Code หมดอายุ หรือ ไม่มีรายการอยู่จริง',
  1012: 'สลิปซ้ำ สลิปนี้เคยส่งเข้ามาในระบบเมื่อ 2020-04-01 10:20:00',
  1013: 'ยอดที่ส่งมาไม่ตรงกับยอดสลิป',
  1014: 'บัญชีผู้รับไม่ตรงกับบัญชีหลักของร้าน',
} as const;
export type SlipOkCode = keyof typeof SLIPOK_ERRORS;

export function slipOkError(code: SlipOkCode): StandInReply {
  const body: Record<string, unknown> = { success: false, code, message: SLIPOK_ERRORS[code] };
  // Version 1.4: 1010 names the bank and the delay; 1012 (and 1013, 1014) carry the slip.
  if (code === 1010) body.data = { qrcodeData: 'QR', bankCode: '002', bankName: 'ธนาคารกรุงเทพ', delay: 5 };
  if (code === 1012 || code === 1013 || code === 1014) body.data = SLIPOK_SLIP;
  return { status: 400, json: body };
}

/** The stand-in: a wrong branch is 1001 and a wrong key 1002, as at SlipOK; otherwise it answers `reply()`. */
export function startSlipOk(branchId: string, apiKey: string, reply: () => StandInReply): Promise<StandIn> {
  return startStandIn((request) => {
    if (request.path !== `/api/line/apikey/${branchId}`) return slipOkError(1001);
    if (request.headers['x-authorization'] !== apiKey) return slipOkError(1002);
    return reply();
  });
}
