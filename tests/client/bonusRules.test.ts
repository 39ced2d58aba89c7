import { describe, expect, it } from 'vitest';
import { bonusConfig, type BonusConfig } from '../../src/contract';
import { bonusMovesMoney, bonusStatus, bonusTemplate } from '../../src/client/admin/config/sections/bonusRules';
import { bonusSection } from '../../src/server/modules/config/sections/bonus';

const NOW = Date.parse('2026-11-26T09:00:00Z');
const base: BonusConfig = { ...bonusTemplate('bonus'), active: true, description: { th: 'ก', la: 'ກ', en: 'a' } };

describe('the bonus section rules (console)', () => {
  it('says where a bonus stands: off, scheduled, active or ended', () => {
    expect(bonusStatus({ ...base, active: false, startsAt: '2026-11-27T00:00:00.000Z' }, NOW)).toBe('inactive');
    expect(bonusStatus({ ...base, startsAt: '2026-11-27T00:00:00.000Z' }, NOW)).toBe('scheduled');
    expect(bonusStatus({ ...base, startsAt: '2026-11-25T00:00:00.000Z', endsAt: '2026-11-27T00:00:00.000Z' }, NOW)).toBe('active');
    expect(bonusStatus({ ...base, endsAt: '2026-11-26T09:00:00.000Z' }, NOW)).toBe('ended');
    expect(bonusStatus(base, NOW)).toBe('active');
  });

  it('starts a new bonus and promotion code from values the contract accepts, switched off', () => {
    for (const kind of ['bonus', 'promotion'] as const) {
      const value = bonusTemplate(kind);
      expect(bonusConfig.safeParse(value).success).toBe(true);
      expect(value).toMatchObject({ kind, active: false });
    }
  });

  it('tells before the save what the server decides: rules, dates and switching on wait; texts, banners and switching off do not', () => {
    const server = bonusSection();
    const cases: [BonusConfig | null, BonusConfig][] = [
      [null, base],
      [base, { ...base, amountPercent: 20 }],
      [base, { ...base, amountCap: { BAHT: 100, LAK: 1 } }],
      [base, { ...base, minDeposit: { BAHT: 0, LAK: 0 } }],
      [base, { ...base, turnoverMultiplier: 3 }],
      [base, { ...base, percentFail: 0 }],
      [base, { ...base, categories: ['slot'] }],
      [base, { ...base, quota: 10 }],
      [base, { ...base, maxReceived: 2 }],
      [base, { ...base, type: 'week' }],
      [base, { ...base, endsAt: '2026-12-01T00:00:00.000Z' }],
      [{ ...base, active: false }, base],
      [base, { ...base, active: false }],
      [base, { ...base, description: { th: 'ข', la: 'ຂ', en: 'b' } }],
      [base, { ...base, banners: [{ image: '/assets/promotions/daily.svg', html: { th: '<b>ก</b>', la: '', en: '' } }] }],
    ];
    const verdicts = cases.map(([before, after]) => bonusMovesMoney(before, after));
    expect(verdicts).toEqual([true, true, true, true, true, true, true, true, true, true, true, true, false, false, false]);
    expect(cases.map(([before, after]) => server.movesMoney(before, after))).toEqual(verdicts);
  });
});
