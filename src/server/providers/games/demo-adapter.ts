import type { DemoProviderEngine } from '../../sandbox/simulators/demo-provider/engine';
import type { GameProvider, LaunchLinks, LaunchRequest, TurnoverFrom } from './adapter';
import { checkLaunchForm } from './launch-form';

/**
 * How a demo provider logs its players in: by a link, or by a hidden form posted to the demo
 * game (SPEC section 2: one provider uses hidden form values).
 */
export type DemoLaunchStyle = 'link' | 'form';

/** A provider backed in-process by the demo engine under its own code (sandbox mode). */
export class DemoGameProvider implements GameProvider {
  readonly launchesLocally = true;
  constructor(
    readonly code: string,
    private readonly engine: DemoProviderEngine,
    private readonly publicUrl: () => string,
    private readonly launchStyle: DemoLaunchStyle = 'link',
  ) {}

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
   * player's language rides along, as real providers take it: the game may open on another
   * origin than the wallet's, where the wallet's stored choice of language is not seen.
   *
   * A form launch posts the token and language to the demo game's own path (not to PUBLIC_URL):
   * the sandbox game is served by the server the member reached the wallet on, so the post stays
   * on the wallet's origin, which the pages' form-action policy ('self') allows.
   */
  async launch(login: LaunchRequest): Promise<LaunchLinks> {
    const token = await this.engine.launchToken(this.code, login.username, login.password);
    const game = `/sandbox/game/${encodeURIComponent(this.code)}`;
    if (this.launchStyle === 'form') {
      const fields = { t: token, ...(login.language ? { lang: login.language } : {}) };
      const form = checkLaunchForm({ action: game, method: 'POST', fields }, { origins: [], sandbox: true });
      return { web: null, android: null, ios: null, form };
    }
    const language = login.language ? `&lang=${login.language}` : '';
    return { web: `${this.publicUrl()}${game}?t=${encodeURIComponent(token)}${language}`, android: null, ios: null, form: null };
  }
}
