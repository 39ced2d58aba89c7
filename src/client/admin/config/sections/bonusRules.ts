import { bonusChangeMovesMoney, GAME_CATEGORIES, type BonusConfig, type BonusKind } from '../../../../contract';

export type BonusStatus = 'active' | 'scheduled' | 'ended' | 'inactive';

/** Where a bonus stands at `now`: switched off, before its start, after its end, or offered. */
export function bonusStatus(value: BonusConfig, now: number): BonusStatus {
  if (!value.active) return 'inactive';
  if (value.endsAt && Date.parse(value.endsAt) <= now) return 'ended';
  if (value.startsAt && Date.parse(value.startsAt) > now) return 'scheduled';
  return 'active';
}

/** Whether saving `after` waits for a second operator: the contract's rule, which the server decides by. */
export const bonusMovesMoney = bonusChangeMovesMoney;

const EMPTY = { th: '', la: '', en: '' };

/** What a new bonus or promotion code starts from: switched off, so it offers nothing until it is switched on. */
export const bonusTemplate = (kind: BonusKind): BonusConfig => ({
  kind, type: 'limit', maxReceived: 1, quota: null,
  amountPercent: kind === 'bonus' ? 10 : null, amountCap: kind === 'bonus' ? { BAHT: 100, LAK: 60_000 } : null,
  amountFixed: kind === 'bonus' ? null : { BAHT: 50, LAK: 30_000 }, minDeposit: { BAHT: kind === 'bonus' ? 100 : 0, LAK: kind === 'bonus' ? 60_000 : 0 },
  turnoverMultiplier: 1, percentFail: 10, categories: [...GAME_CATEGORIES],
  description: { ...EMPTY }, banners: [], startsAt: null, endsAt: null, active: false,
});
