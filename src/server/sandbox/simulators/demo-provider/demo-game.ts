import { randomInt } from 'node:crypto';
import { DEMO_SLOT, toMajor, toMinor, type SlotSymbol } from '../../../../contract';
import { DomainError } from '../../../errors';
import { ProviderRefusal } from '../../../providers/games/adapter';
import type { DemoProviderEngine, LaunchedPlayer } from './engine';
import { evaluate, PAYTABLE, spinGrid } from './slot';

/**
 * The demo provider's slot game as its player-facing API: the launch token is the only
 * credential. Each spin is decided here with crypto randomness and applied as one bet at the
 * provider (stake taken, win paid, recorded in demo_bet for turnover). Our ledger learns the
 * result later, when the wallet syncs the game balance.
 */
export class DemoSlotGame {
  constructor(
    private readonly engine: DemoProviderEngine,
    private readonly providerName: (code: string) => string,
    private readonly random: (n: number) => number = (n) => randomInt(n),
  ) {}

  private async player(token: string): Promise<LaunchedPlayer> {
    const player = await this.engine.launchedPlayer(token);
    if (!player) throw new DomainError('invalid-token', 'launch token is forged, expired or outdated');
    return player;
  }

  /** Whether a launch token opens this provider's game (the game's login form checks it so). */
  async opens(providerCode: string, token: string): Promise<boolean> {
    return (await this.engine.launchedPlayer(token))?.provider === providerCode;
  }

  async session(token: string) {
    const player = await this.player(token);
    return {
      provider: player.provider,
      name: this.providerName(player.provider),
      balance: toMajor(player.balance),
      stakes: [...DEMO_SLOT.stakes],
      paytable: (Object.entries(PAYTABLE) as [SlotSymbol, number][]).map(([symbol, pays]) => ({ symbol, pays })),
    };
  }

  async spin(token: string, stakeMajor: number) {
    const player = await this.player(token);
    const stake = toMinor(stakeMajor);
    if (player.balance < stake) throw new DomainError('MONEY_NOT_ENOUGH');
    const reels = spinGrid(this.random);
    const { win, lines } = evaluate(reels, stake);
    let balance: bigint;
    try {
      balance = await this.engine.bet(player.provider, player.username, stake, win);
    } catch (error) {
      // The balance fell below the stake since it was read (a transfer out, another tab).
      if (error instanceof ProviderRefusal) throw new DomainError('MONEY_NOT_ENOUGH');
      throw error;
    }
    return {
      reels,
      stake: toMajor(stake),
      win: toMajor(win),
      balance: toMajor(balance),
      lines: lines.map((l) => ({ line: l.line, symbol: l.symbol, count: l.count, win: toMajor(l.win) })),
    };
  }
}
