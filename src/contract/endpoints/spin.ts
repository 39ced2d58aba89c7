import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { amountOutput } from '../money';
import { idParam, isoDate, ok } from './common';

const tag = 'spinwheel';

export const wheelSlice = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});

export const coupon = z.object({
  _id: z.string(),
  prize: z.object({ slice: z.string().describe("the won slice's label"), name: z.string() }),
  amount: amountOutput,
  createdAt: isoDate,
});

export const spinSetup = endpoint({
  method: 'GET', path: '/api/spinwheel/setup', access: 'member', tag,
  summary: "The active wheel (null when none) and the member's coins",
  response: z.object({
    activeSpinwheel: z.object({ name: z.string(), slices: z.array(wheelSlice) }).nullable(),
    userCoin: z.number().int(),
  }),
});

export const spin = endpoint({
  method: 'POST', path: '/api/spinwheel/spin', access: 'member', tag,
  summary: 'Spend one coin to spin the wheel; returns the won slice, whether it gave a prize coupon, and the coins left',
  response: z.object({
    code: z.string(),
    label: z.string(),
    /** The slice gave a prize coupon (false on a "try again" slice, or a prize with no amount in the member's currency). */
    prize: z.boolean(),
    remainingCoin: z.number().int(),
  }),
  // Coins bound how often a member can spin; the limit stops a script hammering the draw.
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const spinCoupons = endpoint({
  method: 'GET', path: '/api/spinwheel/coupon', access: 'member', tag,
  summary: "The member's unclaimed prize coupons",
  response: z.object({ coupons: z.array(coupon) }),
});

export const spinClaimCoupon = endpoint({
  method: 'POST', path: '/api/spinwheel/coupon/claim', access: 'member', tag,
  summary: 'Claim a prize coupon (a claimed coupon cannot be claimed again)',
  body: z.object({ coupon: idParam }),
  response: ok,
});

export const spinActive = endpoint({
  method: 'GET', path: '/api/spinwheel/active', access: 'member', tag,
  summary: 'Whether a spin wheel is active',
  response: z.object({ active: z.boolean() }),
});

export const spinEndpoints = { spinSetup, spin, spinCoupons, spinClaimCoupon, spinActive };
