import type { DemoProviderEngine } from '../../sandbox/simulators/demo-provider/engine';
import type { GameProvider, LaunchLinks, LaunchRequest, TurnoverFrom } from './adapter';

/** A provider backed in-process by the demo engine under its own code (sandbox mode). */
export class DemoGameProvider implements GameProvider {
  readonly launchesLocally = true;
  constructor(readonly code: string, private readonly engine: DemoProviderEngine, private readonly publicUrl: () => string) {}

  createPlayer(memberId: number) { return this.engine.createPlayer(this.code, memberId); }
  balance(username: string) { return this.engine.balance(this.code, username); }
  deposit(username: string, amount: bigint, reference: string) { return this.engine.move(this.code, username, amount, reference); }
  withdraw(username: string, amount: bigint, reference: string) { return this.engine.move(this.code, username, -amount, reference); }
  transferStatus(reference: string) { return this.engine.transferStatus(this.code, reference); }
  voidTransfer(reference: string) { return this.engine.voidTransfer(this.code, reference); }
  resetPassword(username: string) { return this.engine.resetPassword(this.code, username); }
  turnover(username: string, from: TurnoverFrom) { return this.engine.turnover(this.code, username, from); }

  /**
   * The demo slot game with a short-lived signed token: the username alone opens nothing. The
   * player's language rides in the link, as real providers take it: the game may open on another
   * origin than the wallet's, where the wallet's stored choice of language is not seen.
   */
  async launch(login: LaunchRequest): Promise<LaunchLinks> {
    const token = await this.engine.launchToken(this.code, login.username, login.password);
    const language = login.language ? `&lang=${login.language}` : '';
    const web = `${this.publicUrl()}/sandbox/game/${encodeURIComponent(this.code)}?t=${encodeURIComponent(token)}${language}`;
    return { web, android: null, ios: null, event: null };
  }
}
