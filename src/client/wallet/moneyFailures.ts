/**
 * A refusal whose code does not say what the member must do, named by its real cause where the
 * client knows it (issue 27). While a bonus is held, the whole balance leaves only from the
 * wallet: money still in a game account must come back first. The server names it
 * BONUS_GAME_MONEY; older answers said BONUS_CONDITION ("conditions not met"), which reads as the
 * turnover, where for "withdraw all" and for ending a bonus it is the game money.
 */

/**
 * Codes that, for these actions, mean money is still in a game account: the server's own
 * BONUS_GAME_MONEY, and BONUS_CONDITION from a server before it (or a replayed older answer).
 */
export const MONEY_IN_GAME_CODES: readonly string[] = ['BONUS_GAME_MONEY', 'BONUS_CONDITION'];

export type MoneyFailureCause = { cause: 'moneyInGames'; games: string[] };

/** The game accounts the member last saw money in, by name: the ones to bring back first. */
export const gamesHoldingMoney = (slots: readonly { name: string; amount: number; isActive: boolean }[]): string[] =>
  slots.filter((slot) => slot.isActive && slot.amount > 0).map((slot) => slot.name);

/**
 * The cause of a refused whole-balance withdrawal or bonus ending, or null when the code says
 * enough by itself.
 */
export const causeOfRefusal = (
  operation: 'withdrawAll' | 'endBonus' | string,
  code: string,
  slots: readonly { name: string; amount: number; isActive: boolean }[],
): MoneyFailureCause | null => {
  if (!MONEY_IN_GAME_CODES.includes(code)) return null;
  const games = gamesHoldingMoney(slots);
  // Withdraw all is refused with this code for one reason only; ending a bonus also for a
  // balance above its lower bound, so there only money seen in a game names the cause.
  if (operation === 'withdrawAll' || (operation === 'endBonus' && games.length > 0)) return { cause: 'moneyInGames', games };
  return null;
};
