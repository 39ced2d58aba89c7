import { z } from 'zod';
import { endpoint } from '../endpoint';
import { BONUS_TYPES } from '../constants';
import { amountOutput } from '../money';
import { banner, codeParam, isoDate } from './common';

const tag = 'bonus';

/** What the member's active bonus came from (the sources a statement row links to). */
export const BONUS_SOURCES = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;

export const userBonus = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: isoDate })),
});

export const bonus = z.object({
  code: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int(),
  percentFail: z.number().describe('percent'),
  banners: z.array(banner),
  userBonus: userBonus.nullable().describe("the member's receipts of this bonus; null when never received"),
});

export const bonusList = endpoint({
  method: 'GET', path: '/api/bonus', access: 'member', tag,
  summary: 'Bonuses the member can receive, with their own receipts of each',
  response: z.array(bonus),
});

export const bonusActivate = endpoint({
  method: 'GET', path: '/api/bonus/activate/:code', access: 'member', tag,
  summary: 'Receive a bonus; returns the user bonus (calling again while it is active changes nothing)',
  params: z.object({ code: codeParam }),
  response: userBonus,
});

export const bonusCheckActive = endpoint({
  method: 'GET', path: '/api/bonus/check/active', access: 'member', tag,
  summary: 'Whether the member holds a bonus, and where it came from',
  response: z.object({ status: z.boolean(), type: z.enum(BONUS_SOURCES).nullable() }),
});

export const bonusCheckMinimum = endpoint({
  method: 'GET', path: '/api/bonus/check/minimum', access: 'member', tag,
  summary: "Whether the held bonus can be ended: the balance must be below the bonus's lower bound",
  response: z.object({ status: z.boolean(), minimum: amountOutput }),
});

export const bonusClear = endpoint({
  method: 'GET', path: '/api/bonus/clear', access: 'member', tag,
  summary: 'End the held bonus (refused with BONUS_CONDITION while its conditions forbid it)',
  response: z.object({ message: z.literal('BONUS_CLEAR') }),
});

export const bonusEndpoints = { bonusList, bonusActivate, bonusCheckActive, bonusCheckMinimum, bonusClear };
