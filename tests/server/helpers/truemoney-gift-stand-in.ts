import { startStandIn, type StandIn, type StandInReply } from './stand-in';

/**
 * gift.truemoney.com's voucher answers as the public libraries restate them (verify, then redeem);
 * TrueMoney publishes no document of its own for these endpoints.
 */
export function giftVoucher(options: { amount?: string; member?: number; available?: number } = {}) {
  return {
    amount_baht: options.amount ?? '100.00',
    available: options.available ?? 1,
    detail: '',
    expire_date: 1767225600000,
    link: '0190d2e5f0a17a1b9c6f5e4d3c2b1a09',
    member: options.member ?? 1,
    redeemed: (options.member ?? 1) - (options.available ?? 1),
    redeemed_amount_baht: '0.00',
    status: 'active',
    type: 'R',
  };
}

export const giftVerified = (options: Parameters<typeof giftVoucher>[0] = {}): StandInReply => ({
  status: 200,
  json: {
    status: { code: 'SUCCESS', message: 'success' },
    data: { voucher: giftVoucher(options), owner_profile: { full_name: 'สมชาย ***' }, redeemer_profile: null, my_ticket: null, tickets: [] },
  },
});

export const giftRedeemed = (amount = '100.00'): StandInReply => ({
  status: 200,
  json: {
    status: { code: 'SUCCESS', message: 'success' },
    data: {
      voucher: { ...giftVoucher({ amount }), available: 0, redeemed: 1, redeemed_amount_baht: amount },
      owner_profile: { full_name: 'สมชาย ***' },
      redeemer_profile: { full_name: 'ร้าน ***' },
      my_ticket: { mobile: '080-xxx-5678', update_date: 1764140000000, amount_baht: amount, full_name: 'ร้าน ***' },
      tickets: [{ mobile: '080-xxx-5678', update_date: 1764140000000, amount_baht: amount, full_name: 'ร้าน ***' }],
    },
  },
});

export const GIFT_ERRORS = ['VOUCHER_NOT_FOUND', 'VOUCHER_EXPIRED', 'VOUCHER_OUT_OF_STOCK', 'TARGET_USER_REDEEMED', 'CANNOT_GET_OWN_VOUCHER', 'INTERNAL_ERROR'] as const;
export type GiftError = (typeof GIFT_ERRORS)[number];
export const giftError = (code: GiftError): StandInReply => ({ status: 400, json: { status: { code, message: code.toLowerCase() }, data: null } });

/** The stand-in answers verify with `verify()` and redeem with `redeem()`; any other path is VOUCHER_NOT_FOUND. */
export function startTrueMoneyGift(answers: { verify: () => StandInReply; redeem: () => StandInReply }): Promise<StandIn> {
  return startStandIn((request) => {
    if (request.method === 'GET' && /^\/campaign\/vouchers\/[^/]+\/verify\?mobile=/.test(request.path)) return answers.verify();
    if (request.method === 'POST' && /^\/campaign\/vouchers\/[^/?]+\/redeem$/.test(request.path)) return answers.redeem();
    return giftError('VOUCHER_NOT_FOUND');
  });
}
