import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { BONUS_TYPES, GAME_CATEGORIES } from '../constants';
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
  description: z.string().optional().describe('the operator\'s short description, in the asked language'),
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
  // Calls that move money: a few per minute per session is all a member needs.
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
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
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

/**
 * The bonus the member holds, with its live turnover: what was played (done), what the bonus
 * asks for (required), and the rules that apply, so a refused withdrawal explains itself.
 * Also pushed over the socket as 'bonus.changed' whenever bets move it.
 */
export const heldBonus = z.object({
  _id: z.string(),
  code: z.string(),
  source: z.enum(BONUS_SOURCES),
  type: z.enum(BONUS_TYPES).nullable().describe('the bonus type; null for invite and refund bonuses'),
  description: z.string(),
  status: z.enum(['active', 'completed', 'cleared', 'expired']),
  amount: amountOutput.describe('the bonus credited'),
  depositAmount: amountOutput.describe('the qualifying deposit it was given for'),
  turnover: z.object({ done: amountOutput, required: amountOutput, percent: z.number().int().min(0).max(100) }),
  minimum: amountOutput.describe('below this total balance the member may end the bonus'),
  percentFail: z.number(),
  categories: z.array(z.enum(GAME_CATEGORIES)).describe('games whose bets count toward the turnover'),
  receivedAt: isoDate,
});

export const bonusCurrent = endpoint({
  method: 'GET', path: '/api/bonus/current', access: 'member', tag,
  summary: 'The held bonus with its live turnover progress and rules (null when none)',
  response: z.object({ bonus: heldBonus.nullable() }),
});

export const bonusEndpoints = { bonusList, bonusActivate, bonusCheckActive, bonusCheckMinimum, bonusClear, bonusCurrent };
