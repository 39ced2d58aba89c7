import { startStandIn, type StandIn, type StandInReply } from './stand-in';

/**
 * EasySlip API v1 as its document's examples answer (https://document.easyslip.com/documents/verify/bank/payload,
 * errors from https://easyslip-document.cl1.easythunder.com/en/v1). The success example is the
 * document's; its receiver's account was cut off where we read it and is completed with a masked number.
 */
export const EASYSLIP_SUCCESS = {
  status: 200,
  data: {
    payload: '00000000000000000000000000000000000000000000000000000000000',
    transRef: '68370160657749I376388B35',
    date: '2023-01-01T00:00:00+07:00',
    countryCode: 'TH',
    amount: { amount: 1000, local: { amount: 0, currency: '' } },
    fee: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    sender: {
      bank: { id: '001', name: 'กสิกรไทย', short: 'KBANK' },
      account: { name: { th: 'นาย อีซี่ สลิป', en: 'MR. EASY SLIP' }, bank: { type: 'BANKAC', account: '1234xxxx5678' } },
    },
    receiver: {
      bank: { id: '030', name: 'ธนาคารออมสิน', short: 'GSB' },
      account: { name: { th: 'นาย อีซี่ สลิป', en: 'MR. EASY SLIP' }, bank: { type: 'BANKAC', account: '12xxxx3456' } },
    },
  },
};

/** Every documented error of API v1, with its HTTP status. */
export const EASYSLIP_ERRORS = {
  unauthorized: 401,
  access_denied: 403,
  account_not_verified: 403,
  application_expired: 403,
  application_deactivated: 403,
  quota_exceeded: 403,
  invalid_payload: 400,
  duplicate_slip: 400,
  slip_not_found: 404,
  server_error: 500,
  api_server_error: 500,
} as const;

export const easySlipError = (message: keyof typeof EASYSLIP_ERRORS): StandInReply => ({ status: EASYSLIP_ERRORS[message], json: { status: EASYSLIP_ERRORS[message], message } });

/** The stand-in: a wrong token is `unauthorized`, as at EasySlip; otherwise it answers `reply()`. */
export function startEasySlip(apiKey: string, reply: () => StandInReply): Promise<StandIn> {
  return startStandIn((request) => (request.headers.authorization === `Bearer ${apiKey}` ? reply() : easySlipError('unauthorized')));
}

/**
 * EasySlip's documented success for a slip of 250.75 baht to our SCB account (4060000001, masked as
 * EasySlip shows it), transferred at `date` (a test on the real clock gives a recent one: a slip is
 * taken within the hour of its transfer).
 */
export const easySlipPaid = (payload: string, date = '2025-03-01T11:55:00+07:00'): StandInReply => ({
  status: 200,
  json: {
    ...EASYSLIP_SUCCESS,
    data: {
      ...EASYSLIP_SUCCESS.data, payload, date,
      amount: { amount: 250.75, local: { amount: 0, currency: '' } },
      receiver: { bank: { id: '014', short: 'SCB' }, account: { name: { th: 'บจก. แซนด์บ็อกซ์ วอลเล็ต' }, bank: { type: 'BANKAC', account: 'xxx-x-x0000-1' } } },
    },
  },
});
