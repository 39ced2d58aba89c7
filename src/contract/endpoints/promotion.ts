import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { bonusFigures } from './bonus';
import { codeParam, ok } from './common';

const tag = 'promotion';

/** A promotion code with its own figures in the member's currency. */
export const promotion = bonusFigures.extend({
  code: z.string(),
  description: z.string().describe("html, its amounts in the member's currency"),
});

const byCode = z.object({ code: codeParam.describe('upper-cased by the client') });

export const promotionCurrent = endpoint({
  method: 'GET', path: '/api/promotion/current', access: 'member', tag,
  summary: 'The promotion the member currently holds, or null',
  response: z.object({ promotion: promotion.nullable() }),
});

export const promotionFind = endpoint({
  method: 'GET', path: '/api/promotion/find/:code', access: 'member', tag,
  summary: 'Find a promotion by its code (NO_PROMOTION when there is none)',
  params: byCode,
  response: promotion,
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

export const promotionActivate = endpoint({
  method: 'GET', path: '/api/promotion/activate/:code', access: 'member', tag,
  summary: 'Receive a promotion (PROMOTION_RECEIVED when already received)',
  params: byCode,
  response: ok,
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

export const promotionEndpoints = { promotionCurrent, promotionFind, promotionActivate };
