import { describe, expect, it } from 'vitest';
import { checkTransfer, checkWithdraw, checkWithdrawAmount, decimalsOf, fractionCut, initialTransfer, readAmount, typableAmount } from '../../src/client/wallet/moneyForms';
import { accountName, activeGames, gamesByCategory, totalBalance } from '../../src/client/wallet/balance';
import type { GameAccount } from '../../src/client/wallet/balance';

describe('readAmount', () => {
  it('reads numbers with at most two decimals', () => {
    expect(readAmount('300')).toEqual({ ok: true, amount: 300 });
    expect(readAmount(' 1,250.5 ')).toEqual({ ok: true, amount: 1250.5 });
    expect(readAmount('0.01')).toEqual({ ok: true, amount: 0.01 });
    expect(readAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(readAmount('1.005')).toEqual({ ok: false, problem: 'format' });
    expect(readAmount('-5')).toEqual({ ok: false, problem: 'format' });
    expect(readAmount('1e3')).toEqual({ ok: false, problem: 'format' });
  });
});

describe('checkTransfer (SPEC section 5)', () => {
  it('accepts wallet to game with at least 1 baht', () => {
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '1' })).toEqual({ ok: true, from: 'wallet', to: 'PG', amount: 1 });
  });

  it('requires from and to', () => {
    expect(checkTransfer({ from: '', to: '', amount: '10' })).toEqual({ ok: false, errors: { from: 'required', to: 'required' } });
  });

  it('refuses the same account on both ends', () => {
    expect(checkTransfer({ from: 'PG', to: 'PG', amount: '10' })).toEqual({ ok: false, errors: { to: 'same' } });
  });

  it('needs an amount of at least 1', () => {
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '' })).toEqual({ ok: false, errors: { amount: 'required' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '0.99' })).toEqual({ ok: false, errors: { amount: 'minimum' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '0' })).toEqual({ ok: false, errors: { amount: 'minimum' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: 'abc' })).toEqual({ ok: false, errors: { amount: 'format' } });
  });

  it('starts from the wallet to the chosen or first active game', () => {
    expect(initialTransfer(['PG', 'JOKER'])).toEqual({ from: 'wallet', to: 'PG' });
    expect(initialTransfer(['PG', 'JOKER'], 'JOKER')).toEqual({ from: 'wallet', to: 'JOKER' });
    expect(initialTransfer([], 'JOKER')).toEqual({ from: 'wallet', to: '' });
  });
});

describe('checkWithdraw', () => {
  const limits = { withdrawMin: 100, withdrawMax: 50_000 };
  it('keeps the amount between withdrawMin and withdrawMax, each bound its own problem', () => {
    expect(checkWithdraw('100', limits)).toEqual({ ok: true, amount: 100 });
    expect(checkWithdraw('50000', limits)).toEqual({ ok: true, amount: 50_000 });
    expect(checkWithdraw('99.99', limits)).toEqual({ ok: false, problem: 'minimum' });
    expect(checkWithdraw('50000.01', limits)).toEqual({ ok: false, problem: 'maximum' });
    expect(checkWithdraw('0', limits)).toEqual({ ok: false, problem: 'minimum' });
    expect(checkWithdraw('', limits)).toEqual({ ok: false, problem: 'required' });
    expect(checkWithdraw('1.234', limits)).toEqual({ ok: false, problem: 'format' });
  });

  it('leaves the bounds to the server when the limits could not be read', () => {
    expect(checkWithdraw('5', null)).toEqual({ ok: true, amount: 5 });
  });

  it('checks a withdraw-all balance the same way, and an empty wallet', () => {
    expect(checkWithdrawAmount(500, limits)).toEqual({ ok: true, amount: 500 });
    expect(checkWithdrawAmount(50, limits)).toEqual({ ok: false, problem: 'minimum' });
    expect(checkWithdrawAmount(60_000, limits)).toEqual({ ok: false, problem: 'maximum' });
    expect(checkWithdrawAmount(0, limits)).toEqual({ ok: false, problem: 'empty' });
  });
});

const slot = (code: string, name: string, amount: number, isActive: boolean, category: GameAccount['category'] = 'slot'): GameAccount => ({
  code, name, category, amount, syncedAt: null, isActive, closed: false, logo: '', background: '', ftWalletSlot: 1, web: null, android: null, ios: null,
});

describe('wallet balances', () => {
  const slots = [slot('PG', 'PG Soft', 0.1, true), slot('BETFLIX', 'Betflix', 0.2, false, 'sport'), slot('JOKER', 'Joker Gaming', 300, true)];

  it('totals the wallet and every game account without float drift', () => {
    expect(totalBalance({ amount: 500 }, slots)).toBe(800.3);
    expect(totalBalance({ amount: 0.1 }, [slot('PG', 'PG', 0.2, true)])).toBe(0.3);
    expect(totalBalance({ amount: 0 }, [])).toBe(0);
  });

  it('lists active games and groups by category in product order', () => {
    expect(activeGames(slots).map((s) => s.code)).toEqual(['PG', 'JOKER']);
    expect(gamesByCategory(slots).map((g) => [g.category, g.slots.map((s) => s.code)])).toEqual([
      ['slot', ['PG', 'JOKER']],
      ['sport', ['BETFLIX']],
    ]);
  });

  it('names the ends of a transfer', () => {
    expect(accountName('wallet', slots, 'Wallet')).toBe('Wallet');
    expect(accountName('PG', slots, 'Wallet')).toBe('PG Soft');
    expect(accountName('SCB', slots, 'Wallet')).toBe('SCB');
    expect(accountName(null, slots, 'Wallet')).toBe('-');
  });
});


describe('a kip member\'s forms follow the money rules (issue 27: "1.00 kip" was accepted)', () => {
  const kipTransfer = { step: 1, transferMin: 1_000 };
  const kipWithdraw = { withdrawMin: 10_000, withdrawMax: 5_000_000, step: 1 };

  it('cannot type a point or fractions in kip; baht keeps two decimals', () => {
    expect(typableAmount('1.00', 1)).toBe('1');
    expect(typableAmount('60000.50', 1)).toBe('60000');
    expect(typableAmount('1,500.5 kip', 1)).toBe('1,500');
    expect(fractionCut('60000.50', 1)).toBe(true);
    expect(fractionCut('60000', 1)).toBe(false);
    expect(fractionCut('10.5', 0.01)).toBe(false);
    expect(typableAmount('12.345', 0.01)).toBe('12.34');
    expect(typableAmount('1.2.3', 0.01)).toBe('1.23');
    expect(typableAmount('abc', 0.01)).toBe('');
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(0.01)).toBe(2);
  });

  it('refuses amounts off the step (whole kip) with their own problem', () => {
    expect(readAmount('1000', 1)).toEqual({ ok: true, amount: 1000 });
    expect(readAmount('1000.50', 1)).toEqual({ ok: false, problem: 'step' });
    expect(readAmount('10.5', 0.01)).toEqual({ ok: true, amount: 10.5 });
  });

  it('transfers at least the kip minimum, in whole kip', () => {
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '1' }, kipTransfer)).toEqual({ ok: false, errors: { amount: 'minimum' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '999' }, kipTransfer)).toEqual({ ok: false, errors: { amount: 'minimum' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '1000.5' }, kipTransfer)).toEqual({ ok: false, errors: { amount: 'step' } });
    expect(checkTransfer({ from: 'wallet', to: 'PG', amount: '1,000' }, kipTransfer)).toEqual({ ok: true, from: 'wallet', to: 'PG', amount: 1000 });
  });

  it('withdraws within the kip bounds, in whole kip', () => {
    expect(checkWithdraw('9999', kipWithdraw)).toEqual({ ok: false, problem: 'minimum' });
    expect(checkWithdraw('10000.5', kipWithdraw)).toEqual({ ok: false, problem: 'step' });
    expect(checkWithdraw('10000', kipWithdraw)).toEqual({ ok: true, amount: 10_000 });
    // Before the rules arrived the step still holds.
    expect(checkWithdraw('12.5', null, 1)).toEqual({ ok: false, problem: 'step' });
  });
});
