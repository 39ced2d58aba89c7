import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { BONUS_TYPES, GAME_CATEGORIES, LAOS_CURRENCIES } from '../constants';
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

/** The member's currency, which every amount of a bonus answer is in. */
const memberCurrency = z.enum(LAOS_CURRENCIES).describe("the member's currency: every amount of this answer is in it");

/**
 * A bonus's own figures in the member's currency: what its dialog states, so no screen shows
 * another rule's figures (issue 27: every dialog promised the global notice's 50%).
 */
export const bonusFigures = z.object({
  currency: memberCurrency,
  amountPercent: z.number().nullable().describe('percent of the qualifying deposit given; null for a fixed amount'),
  amountCap: amountOutput.nullable().describe('the most a percent bonus gives; null: no cap, or a fixed amount'),
  amountFixed: amountOutput.nullable().describe('the amount a fixed bonus gives; null for a percent bonus'),
  minDeposit: amountOutput.describe('the smallest qualifying deposit; 0: none needed'),
  turnoverMultiplier: z.number().int().describe('turnover asked: (deposit + bonus) times this'),
  percentFail: z.number().describe('percent: below this share of deposit + bonus the member may end it'),
});

export const bonus = bonusFigures.extend({
  code: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int(),
  description: z.string().optional().describe('the operator\'s short description, in the asked language'),
  banners: z.array(banner),
  userBonus: userBonus.nullable().describe("the member's receipts of this bonus; null when never received"),
});

export const bonusList = endpoint({
  method: 'GET', path: '/api/bonus', access: 'member', tag,
  summary: "Bonuses the member can receive, each with its own figures in the member's currency and the member's receipts of it",
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
  summary: "Whether the held bonus can be ended now (GET /api/bonus/clear would accept it): the balance must be below the bonus's lower bound, and an unplayed bonus needs the game accounts empty",
  response: z.object({
    status: z.boolean().describe('true exactly when /api/bonus/clear would end the bonus now'),
    minimum: amountOutput,
    refusal: z.enum(['BONUS_CONDITION', 'BONUS_GAME_MONEY']).nullable()
      .describe('what /api/bonus/clear would answer now: BONUS_GAME_MONEY while money the bonus needs back is in a game, BONUS_CONDITION otherwise; null when it would succeed'),
  }),
});

export const bonusClear = endpoint({
  method: 'GET', path: '/api/bonus/clear', access: 'member', tag,
  summary: 'End the held bonus (refused with BONUS_CONDITION while its conditions forbid it, BONUS_GAME_MONEY while money must first come back from a game)',
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
  currency: memberCurrency,
  categories: z.array(z.enum(GAME_CATEGORIES)).describe('games whose bets count toward the turnover'),
  receivedAt: isoDate,
});

export const bonusCurrent = endpoint({
  method: 'GET', path: '/api/bonus/current', access: 'member', tag,
  summary: 'The held bonus with its live turnover progress and rules (null when none)',
  response: z.object({ bonus: heldBonus.nullable() }),
});

export const bonusEndpoints = { bonusList, bonusActivate, bonusCheckActive, bonusCheckMinimum, bonusClear, bonusCurrent };
