import { sign } from '../signing';
import { ProviderRefusal, ProviderTimeout, type GameLogin, type GameProvider, type LaunchRequest, type TurnoverFrom } from './adapter';
import { checkLaunchAnswer, type LaunchFormPolicy } from './launch-form';

/**
 * A transfer-wallet provider reached over HTTP with signed JSON calls. Real providers are
 * configured with this adapter (GAME_PROVIDER_URL and GAME_PROVIDER_SECRET); the demo
 * provider engine serves the same protocol under /sandbox/provider so this adapter is
 * tested against it. A 4xx answer is a refusal (nothing applied); anything else is unknown.
 * A launch answers links, or a form to post; a form goes only where `formPolicy` allows.
 */
export class HttpGameProvider implements GameProvider {
  constructor(
    readonly code: string,
    /** The provider's base URL (a function when it is only known once the server listens). */
    private readonly baseUrl: string | (() => string),
    private readonly secret: string,
    private readonly timeoutMs = 5_000,
    /** Where this provider's launch forms may post; none when not given (a form is then refused). */
    private readonly formPolicy: LaunchFormPolicy = { origins: [], sandbox: false },
  ) {}

  private async call<T>(action: string, payload: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify(payload);
    const timestamp = String(Date.now());
    let res: Response;
    try {
      const base = typeof this.baseUrl === 'string' ? this.baseUrl : this.baseUrl();
      res = await fetch(`${base}/${encodeURIComponent(this.code)}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(this.secret, timestamp, body) },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ProviderTimeout();
    }
    const json = (await res.json().catch(() => ({}))) as { reason?: string } & T;
    if (res.status >= 400 && res.status < 500) throw new ProviderRefusal(json.reason ?? `http ${res.status}`);
    if (!res.ok) throw new ProviderTimeout();
    return json;
  }

  createPlayer(memberId: number) { return this.call<GameLogin>('player', { memberId }); }
  async balance(username: string) { return BigInt((await this.call<{ balance: string }>('balance', { username })).balance); }
  async deposit(username: string, amount: bigint, reference: string) { await this.call('deposit', { username, amount: amount.toString(), reference }); }
  async withdraw(username: string, amount: bigint, reference: string) { await this.call('withdraw', { username, amount: amount.toString(), reference }); }
  async transferStatus(reference: string) { return (await this.call<{ status: 'applied' | 'not_found' }>('status', { reference })).status; }
  async voidTransfer(reference: string) { return (await this.call<{ status: 'applied' | 'voided' }>('void', { reference })).status; }
  async resetPassword(username: string) { return (await this.call<{ password: string }>('reset', { username })).password; }
  async launch(login: LaunchRequest) { return checkLaunchAnswer(await this.call<unknown>('launch', { ...login }), this.formPolicy); }
  async turnover(username: string, from: TurnoverFrom) {
    const since = 'since' in from ? { since: from.since.toISOString() } : { cursor: from.cursor };
    const report = await this.call<{ turnover: string; cursor: string }>('turnover', { username, ...since });
    return { turnover: BigInt(report.turnover), cursor: report.cursor };
  }
}
