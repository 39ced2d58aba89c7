import { describe, expect, it } from 'vitest';
import type { HeldBonus } from '../../machines/bonusMachine';
import { loadDepositChoices, type DepositCalls } from '../../src/client/deposit/depositChoices';
import type { DepositLookup } from '../../src/client/deposit/depositMethods';

const HELD: HeldBonus = {
  _id: '7', code: 'WELCOME100', source: 'bonus', type: 'limit', description: 'Welcome', status: 'active', amount: 100, depositAmount: 100,
  turnover: { done: 120, required: 600, percent: 20 }, minimum: 20, percentFail: 10, categories: ['slot'], receivedAt: '2026-11-26T01:00:00.000Z',
};
const LOOKUP: DepositLookup = {
  isManual: false,
  wallets: [],
  banks: [{ bankCode: 'SCB', bankType: 'SCB', mode: 'AUTO', bankAccountName: 'SHOP', bankAccountNo: '1234567890', currency: null, bank: { nameTH: 'ไทยพาณิชย์', nameEN: 'SCB', name: 'SCB' } }],
};
const SLIP = { isOpen: true, closedFrom: null, closedTo: null, uploadWithinMinutes: 60 };

/** The dialog's calls answered by the test, each logged when asked. */
function calls(held: HeldBonus | null | Error, deposit: DepositLookup | Error = LOOKUP) {
  const asked: string[] = [];
  const answer = <T,>(name: string, value: T | Error) => async () => {
    asked.push(name);
    if (value instanceof Error) throw value;
    return value;
  };
  const api: DepositCalls<{ step: number }> = {
    held: answer('held', held),
    deposit: answer('deposit', deposit),
    slip: answer('slip', SLIP),
    money: answer('money', { step: 0.01 }),
  };
  return { api, asked };
}

describe('the deposit dialog while a bonus is held (issue 27)', () => {
  it('says deposits are paused, with the bonus, instead of listing the accounts', async () => {
    const { api } = calls(HELD);
    expect(await loadDepositChoices(api)).toEqual({ kind: 'bonusHeld', held: HELD });
  });

  it('says so even when the accounts could not be read', async () => {
    const { api } = calls(HELD, new Error('offline'));
    expect(await loadDepositChoices(api)).toEqual({ kind: 'bonusHeld', held: HELD });
  });

  it('lists the ways to deposit when no bonus is held, asking everything at once', async () => {
    const { api, asked } = calls(null);
    expect(await loadDepositChoices(api)).toEqual({ kind: 'methods', deposit: LOOKUP, slip: SLIP, money: { step: 0.01 } });
    expect([...asked].sort()).toEqual(['deposit', 'held', 'money', 'slip']);
  });

  it('lists them when the bonus cannot be read (the server still refuses a deposit it must)', async () => {
    const { api } = calls(new Error('offline'));
    expect((await loadDepositChoices(api)).kind).toBe('methods');
  });

  it('fails as before when the accounts cannot be read and no bonus is held', async () => {
    const { api } = calls(null, new Error('offline'));
    await expect(loadDepositChoices(api)).rejects.toThrow('offline');
  });
});
