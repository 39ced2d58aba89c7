import { describe, expect, it } from 'vitest';
import { causeOfRefusal, gamesHoldingMoney } from '../../src/client/wallet/moneyFailures';

const slots = [
  { name: 'PG Soft', amount: 46, isActive: true },
  { name: 'Joker', amount: 0, isActive: true },
  { name: 'Huay HD', amount: 0, isActive: false },
];

describe('a refusal named by its real cause (issue 27: "withdraw all" with money in a game said "conditions not met")', () => {
  it('names money still in a game for a refused "withdraw all", with the games to empty first', () => {
    expect(causeOfRefusal('withdrawAll', 'BONUS_CONDITION', slots)).toEqual({ cause: 'moneyInGames', games: ['PG Soft'] });
  });

  it("names the server's own BONUS_GAME_MONEY the same way, for both actions", () => {
    expect(causeOfRefusal('withdrawAll', 'BONUS_GAME_MONEY', slots)).toEqual({ cause: 'moneyInGames', games: ['PG Soft'] });
    expect(causeOfRefusal('endBonus', 'BONUS_GAME_MONEY', slots)).toEqual({ cause: 'moneyInGames', games: ['PG Soft'] });
    expect(causeOfRefusal('withdrawAll', 'MONEY_NOT_ENOUGH', slots)).toBeNull();
  });

  it('still names the cause when the game figures on screen were stale (all 0.00)', () => {
    expect(causeOfRefusal('withdrawAll', 'BONUS_CONDITION', slots.map((s) => ({ ...s, amount: 0 })))).toEqual({ cause: 'moneyInGames', games: [] });
  });

  it('names it for ending a bonus only when money is seen in a game: otherwise the balance is above the bound', () => {
    expect(causeOfRefusal('endBonus', 'BONUS_CONDITION', slots)).toEqual({ cause: 'moneyInGames', games: ['PG Soft'] });
    expect(causeOfRefusal('endBonus', 'BONUS_CONDITION', [])).toBeNull();
  });

  it('leaves every other code to its own text', () => {
    expect(causeOfRefusal('withdrawAll', 'WITHDRAW_MINIMUM', slots)).toBeNull();
    expect(causeOfRefusal('withdrawAll', 'BALANCE_CHANGED', slots)).toBeNull();
  });

  it('lists the active games that hold money', () => {
    expect(gamesHoldingMoney(slots)).toEqual(['PG Soft']);
  });
});
