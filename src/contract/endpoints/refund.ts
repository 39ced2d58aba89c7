import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { LAOS_CURRENCIES } from '../constants';
import { amountOutput } from '../money';
import { banner, isoDate, pageRequest, walletBalance } from './common';

const tag = 'refund';

export const refundRow = z.object({ refundAmount: amountOutput, createdAt: isoDate });

export const refundList = endpoint({
  method: 'POST', path: '/api/refund', access: 'member', tag,
  summary: "A page of the member's refunds",
  body: pageRequest,
  response: z.object({ total: z.number().int(), refunds: z.array(refundRow) }),
});

export const refundCheck = endpoint({
  method: 'GET', path: '/api/refund/check', access: 'member', tag,
  summary: 'Whether a refund is waiting, whether the member already holds a bonus, and the refund conditions',
  response: z.object({
    result: z.boolean().describe('a refund is waiting'),
    bonus: z.boolean().describe('the member already holds a bonus, so the refund cannot be received as one'),
    info: z.string().describe('html'),
    refundAmount: amountOutput,
    refundSuccess: z.number().describe('percent'),
    refundFail: z.number().describe('percent'),
    refundMinimum: amountOutput.nullable().describe("the smallest refund made, in the member's currency; null: no refunds are made in it"),
    currency: z.enum(LAOS_CURRENCIES).describe("the member's currency: every amount of this answer is in it"),
  }),
});

export const refundReceive = endpoint({
  method: 'GET', path: '/api/refund/receive', access: 'member', tag,
  summary: 'Receive the waiting refund as a bonus (a second call finds nothing to claim)',
  response: z.object({ message: z.literal('REFUND_SUCCESS') }),
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

export const refundAddWallet = endpoint({
  method: 'GET', path: '/api/refund/addWallet', access: 'member', tag,
  summary: 'Receive the waiting refund into the main wallet (a second call finds nothing to claim)',
  response: z.object({ message: z.literal('REFUND_SUCCESS'), amount: amountOutput, wallet: walletBalance }),
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

export const refundBanners = endpoint({
  method: 'GET', path: '/api/refund/banners', access: 'member', tag,
  summary: 'Banners of the refund carousel',
  response: z.array(banner),
});

export const refundEndpoints = { refundList, refundCheck, refundReceive, refundAddWallet, refundBanners };
