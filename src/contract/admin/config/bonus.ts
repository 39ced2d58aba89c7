import { z } from 'zod';
import { BONUS_TYPES, GAME_CATEGORIES } from '../../constants';
import { bannerValue, canonicalJson, localizedHtml, perCurrencyAmount } from './common';

/** The kinds of bonus_definition rows: a bonus is listed at /api/bonus, a promotion is found by its code. */
export const BONUS_KINDS = ['bonus', 'promotion'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** A bonus code (the section's target): capitals, digits and '_', as members type it. */
export const BONUS_CODE = /^[A-Z0-9_]{3,30}$/;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** A per-currency amount (decimal major units, at most two decimals). */
const amounts = perCurrencyAmount.refine((a) => twoDecimals(a.BAHT) && twoDecimals(a.LAK), { message: 'at most two decimal places' });
const positive = (a: { BAHT: number; LAK: number }) => a.BAHT > 0 && a.LAK > 0;
/** A moment, with its offset ("2026-12-01T00:00:00+07:00"); the server stores and answers it in UTC. */
const moment = z.iso.datetime({ offset: true });

/**
 * One bonus or promotion code (the section's target is its code). Amounts in decimal major units
 * per member currency; exactly one amount rule: a percent of the qualifying deposit (with an
 * optional cap) or a fixed amount. Texts per language, html sanitised by the server; the texts
 * may name `{cap}`, `{fixed}`, `{minDeposit}` and `{currency}`, filled in the member's currency.
 * A bonus is offered only while it is active and between its dates (null: no bound). A change of
 * any rule, or switching it on, waits for a second operator; texts, banners and switching it off
 * apply at once. A bonus is never deleted (members' bonuses name it): it is switched off.
 */
export const bonusConfig = z.object({
  kind: z.enum(BONUS_KINDS).describe('bonus: listed to members; promotion: received by typing its code'),
  type: z.enum(BONUS_TYPES).describe('limit: maxReceived in all; day / week: maxReceived per day / week (operator time)'),
  maxReceived: z.number().int().min(1).max(1_000),
  quota: z.number().int().min(1).max(100_000_000).nullable().describe('receipts over all members; null: no quota'),
  amountPercent: z.number().int().min(1).max(1_000).nullable().describe('percent of the qualifying deposit; null for a fixed amount'),
  amountCap: amounts.nullable().describe('the most a percent bonus gives, per currency; null: no cap'),
  amountFixed: amounts.nullable().describe('the amount a fixed bonus gives, per currency; null for a percent bonus'),
  minDeposit: amounts.describe('the smallest qualifying deposit per currency; 0: none'),
  turnoverMultiplier: z.number().int().min(1).max(100).describe('turnover asked: (deposit + bonus) times this'),
  percentFail: z.number().int().min(0).max(100).describe('lower bound: below this percent of deposit + bonus the member may end it'),
  categories: z.array(z.enum(GAME_CATEGORIES)).min(1).max(GAME_CATEGORIES.length)
    .refine((c) => new Set(c).size === c.length, { message: 'a category twice' }).describe('games whose bets count toward the turnover'),
  description: localizedHtml(4_000),
  banners: z.array(bannerValue).max(10),
  startsAt: moment.nullable().describe('offered from this moment; null: at once'),
  endsAt: moment.nullable().describe('offered until this moment; null: no end'),
  active: z.boolean().describe('switched off: offered to nobody (members holding it keep it)'),
})
  .refine((b) => (b.amountPercent === null) !== (b.amountFixed === null), { message: 'a percent or a fixed amount, exactly one', path: ['amountFixed'] })
  .refine((b) => b.amountFixed === null || positive(b.amountFixed), { message: 'a fixed amount above 0 in every currency', path: ['amountFixed'] })
  .refine((b) => b.amountCap === null || (b.amountPercent !== null && positive(b.amountCap)), { message: 'a cap above 0, for a percent bonus only', path: ['amountCap'] })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), { message: 'ends before it starts', path: ['endsAt'] });
export type BonusConfig = z.infer<typeof bonusConfig>;

/** Every field of a bonus whose change moves or can move money; `active` only when it is switched on. */
export const BONUS_MONEY_FIELDS = [
  'kind', 'type', 'maxReceived', 'quota', 'amountPercent', 'amountCap', 'amountFixed', 'minDeposit',
  'turnoverMultiplier', 'percentFail', 'categories', 'startsAt', 'endsAt',
] as const satisfies readonly (keyof BonusConfig)[];

/**
 * Whether a change to a bonus waits for a second operator: a new bonus, a rule or its dates
 * changed, or switching it on. Texts, banners and switching it off apply at once. The server
 * decides by this rule; the console tells the operator before they save.
 */
export const bonusChangeMovesMoney = (before: BonusConfig | null, after: BonusConfig): boolean =>
  before === null || BONUS_MONEY_FIELDS.some((k) => canonicalJson(before[k]) !== canonicalJson(after[k])) || (after.active && !before.active);
