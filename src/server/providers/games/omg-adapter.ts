import { createHash, randomBytes } from 'node:crypto';
import {
  INSUFFICIENT_BALANCE, ProviderFault, ProviderRefusal, ProviderTimeout,
  type GameLogin, type GameProvider, type LaunchLinks, type LaunchRequest, type TurnoverFrom, type TurnoverReport,
} from './adapter';
import { checkLaunchAnswer } from './launch-form';
import type { OmgBetRecords } from './omg-bet-records';

/**
 * The OMG game aggregator's Transfer Wallet API, as its public document describes it:
 *   https://docs.omgapi.cc/en/quick-start                                (common parameters, signature, general error codes)
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet                  (request and response envelope)
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet/get-user-game-token        POST /api/player/v1/authorize
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet/balance-deposit-withdrawal POST /api/cash/v1/transfer
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet/get-transfer-status        POST /api/cash/v1/transfer/status
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet/get-user-balance           POST /api/cash/v1/getPlayerWallet
 *   https://docs.omgapi.cc/en/game-apis/transfer-wallet/enter-game                 POST /api/game/v1/entergame
 * The site states no version number: followed as published in 2026, and as OMG restates it in
 * github.com/omgapi/omg-api-integration, OMG_API_接入_SKILL.md (commit 6d3c4bf), whose general error
 * code table (10001-10023) is the one mapped below.
 *
 * Every call: POST {OMG_API_URL}{path}?trace_id=<unique>, JSON body with app_id and timestamp
 * (seconds), header `sign` = lowercase md5(query + raw body + key). Success is code 0. Amounts are
 * decimal strings (up to 4 places): positive credits the player, negative debits. Our reference is
 * the transfer's tx_id, which OMG keeps unique, and the one transfer/status looks up.
 *
 * OMG keeps one wallet per player (uname), so each of our provider codes it serves opens its own
 * player (prefix + code + member id): the game accounts stay apart, as the ledger keeps them. OMG has
 * no passwords: a player holds a token (7 days; authorize makes a new one and the old one stops
 * working), which is what we store and show as the password, and which a password reset renews.
 */
export interface OmgSettings {
  /** {OMG_API_URL}. */
  baseUrl: string;
  appId: string;
  signKey: string;
  /** `cid`: the currency players are opened in (0 for a single-currency merchant). */
  currencyId: number;
  /** The OMG game this code opens (`gameid`). */
  gameId: string;
  /** The start of every uname we make. */
  unamePrefix: string;
  timeoutMs: number;
  /** Seconds since the epoch (tests pin it). */
  now?: () => number;
  /** The back office's bet records (OMG_BACKEND_URL), shared by every OMG code; without them no turnover is read. */
  betRecords?: OmgBetRecords;
}

/** The general error codes of the document that this adapter acts on. */
export const OMG_CODE = {
  ok: 0,
  balanceNotEnough: 10001,
  signInvalid: 10002,
  orderProcessing: 10003,
  orderNotFound: 10004,
  orderDuplicate: 10005,
  tooFrequent: 10006,
  inGame: 10007,
  gameClosed: 10008,
  illegalParameter: 10009,
  failed: 10010,
  tokenInvalid: 10011,
  illegalAppId: 10012,
  playerNotFound: 10013,
  playerBanned: 10014,
  serverError: 10015,
  gameNotFound: 10016,
  gameNotOpened: 10017,
  merchantDisabled: 10018,
  currencyNotSupported: 10019,
  transferNotFound: 10020,
  wrongWalletType: 10021,
  merchantNotFound: 10022,
  parameterType: 10023,
} as const;

/**
 * Answers that say a money call was not applied (so the money may go back at once). Anything else
 * that is not success, 10010 "failed" and 10015 "server error" among them, leaves the outcome unknown
 * for the status lookup: a doubled transfer costs more than a late one.
 */
const NOT_APPLIED = new Map<number, string>([
  [OMG_CODE.balanceNotEnough, INSUFFICIENT_BALANCE],
  [OMG_CODE.signInvalid, 'sign invalid'],
  [OMG_CODE.tooFrequent, 'too many requests'],
  [OMG_CODE.inGame, 'player is in a game'],
  [OMG_CODE.gameClosed, 'game closed'],
  [OMG_CODE.illegalParameter, 'illegal parameter'],
  [OMG_CODE.illegalAppId, 'illegal app_id'],
  [OMG_CODE.playerNotFound, 'unknown player'],
  [OMG_CODE.playerBanned, 'player banned'],
  [OMG_CODE.gameNotFound, 'game not found'],
  [OMG_CODE.gameNotOpened, 'game not opened'],
  [OMG_CODE.merchantDisabled, 'merchant disabled'],
  [OMG_CODE.currencyNotSupported, 'currency not supported'],
  [OMG_CODE.wrongWalletType, 'merchant wallet type'],
  [OMG_CODE.merchantNotFound, 'merchant not found'],
  [OMG_CODE.parameterType, 'parameter type'],
]);

export interface OmgAnswer {
  code: number;
  msg?: string;
  data?: unknown;
}

/** An answer's `data` when it is an object (OMG's game calls answer one). */
const fieldsOf = (answer: OmgAnswer) => (answer.data && typeof answer.data === 'object' ? answer.data as Record<string, unknown> : undefined);

/** Tokens are good for seven days; we renew a day early. */
const TOKEN_LIFE_MS = 6 * 24 * 3_600_000;
/** The document's vertical full screen (it matters to casino and lottery games only). */
const SCREEN_MODE = '1';

/** Minor units as OMG's decimal text: 12345n -> "123.45", -5n -> "-0.05". */
export function toOmgAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** OMG's decimal text (up to 4 places) as minor units, fractions of a minor unit dropped toward zero; null if not a decimal. */
export function fromOmgAmount(text: unknown): bigint | null {
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text) : null;
  if (!match) return null;
  const minor = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0').slice(0, 2));
  return match[1] === '-' ? -minor : minor;
}

export const omgSign = (query: string, body: string, key: string) => createHash('md5').update(query + body + key).digest('hex');

/**
 * One signed call, as every OMG API takes it (the game API and the back office alike):
 * POST {base}{path}?trace_id=<unique>, the JSON body as sent, header `sign`. An answer that is not
 * HTTP 200 with a JSON body carrying a numeric code counts as no answer (the document: "considered abnormal").
 */
export async function omgPost(baseUrl: string, path: string, fields: Record<string, unknown>, signKey: string, timeoutMs: number): Promise<OmgAnswer> {
  const query = `trace_id=${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify(fields);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', sign: omgSign(query, body, signKey) },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ProviderTimeout();
  }
  if (res.status !== 200) throw new ProviderTimeout();
  const answer = (await res.json().catch(() => null)) as OmgAnswer | null;
  if (!answer || typeof answer.code !== 'number') throw new ProviderTimeout();
  return answer;
}

export class OmgGameProvider implements GameProvider {
  private readonly tokens = new Map<string, { token: string; at: number }>();
  /** A player's authorize in flight: calls that need a new token at the same moment share it. */
  private readonly renewals = new Map<string, Promise<string>>();

  constructor(readonly code: string, private readonly settings: OmgSettings) {}

  private now() { return this.settings.now?.() ?? Math.floor(Date.now() / 1000); }

  private post(path: string, fields: Record<string, unknown>): Promise<OmgAnswer> {
    return omgPost(this.settings.baseUrl, path, fields, this.settings.signKey, this.settings.timeoutMs);
  }

  private async authorize(uname: string): Promise<{ token: string; balance: bigint }> {
    const answer = await this.post('/api/player/v1/authorize', {
      app_id: this.settings.appId, uname, nickname: uname, timestamp: this.now(), cid: this.settings.currencyId,
    });
    const token = fieldsOf(answer)?.token;
    if (answer.code !== OMG_CODE.ok || typeof token !== 'string' || token === '') {
      throw new ProviderRefusal(NOT_APPLIED.get(answer.code) ?? `authorize answered ${answer.code}`);
    }
    this.tokens.set(uname, { token, at: Date.now() });
    return { token, balance: fromOmgAmount(fieldsOf(answer)?.balance) ?? 0n };
  }

  /**
   * A call made with the player's token, from this process's cache or a new authorize. A token OMG
   * no longer takes (10011: expired, or renewed elsewhere) was refused before anything happened,
   * so the call is made once more with a fresh one.
   */
  private async withToken(uname: string, call: (token: string) => Promise<OmgAnswer>): Promise<OmgAnswer> {
    const token = await this.tokenFor(uname);
    const answer = await call(token);
    if (answer.code !== OMG_CODE.tokenInvalid) return answer;
    return call(await this.tokenFor(uname, token));
  }

  /**
   * The player's token: the cached one unless it is old or is the one OMG just `refused`. Two
   * calls of this process needing a new one at once share one authorize: each authorize ends the
   * token before it, so two would refuse each other's calls (10011) and leave the second's outcome
   * to the reconciler.
   */
  private tokenFor(uname: string, refused?: string): Promise<string> {
    const cached = this.tokens.get(uname);
    if (cached && cached.token !== refused && Date.now() - cached.at < TOKEN_LIFE_MS) return Promise.resolve(cached.token);
    let renewal = this.renewals.get(uname);
    if (!renewal) {
      renewal = this.authorize(uname).then(({ token }) => token).finally(() => this.renewals.delete(uname));
      this.renewals.set(uname, renewal);
    }
    return renewal;
  }

  private unameOf(memberId: number) { return `${this.settings.unamePrefix}${this.code.toLowerCase()}${memberId}`; }

  async createPlayer(memberId: number): Promise<GameLogin> {
    const uname = this.unameOf(memberId);
    return { username: uname, password: (await this.authorize(uname)).token };
  }

  async balance(username: string): Promise<bigint> {
    const answer = await this.withToken(username, (token) =>
      this.post('/api/cash/v1/getPlayerWallet', { app_id: this.settings.appId, token, timestamp: this.now() }));
    const balance = answer.code === OMG_CODE.ok ? fromOmgAmount(fieldsOf(answer)?.balance) : null;
    if (balance === null) throw new ProviderRefusal(NOT_APPLIED.get(answer.code) ?? `balance answered ${answer.code}`);
    return balance;
  }

  deposit(username: string, amount: bigint, reference: string) { return this.transfer(username, amount, reference); }
  withdraw(username: string, amount: bigint, reference: string) { return this.transfer(username, -amount, reference); }

  /** One transfer under our reference: resolves when OMG applied it, a ProviderRefusal when it did not, a ProviderTimeout when unknown. */
  private async transfer(username: string, signedAmount: bigint, reference: string): Promise<void> {
    const answer = await this.withToken(username, (token) => this.post('/api/cash/v1/transfer', {
      app_id: this.settings.appId, token, amount: toOmgAmount(signedAmount), tx_id: reference, timestamp: this.now(),
    }));
    if (answer.code === OMG_CODE.ok) {
      if (fieldsOf(answer)?.tx_id !== reference) throw new ProviderTimeout();
      if (fieldsOf(answer)?.state === 1) return;
      if (fieldsOf(answer)?.state === 0) throw new ProviderRefusal('transfer failed');
      throw new ProviderTimeout();
    }
    // Our reference is already known to OMG: it is never sent again; what OMG did with it decides.
    if (answer.code === OMG_CODE.orderDuplicate) {
      if ((await this.transferStatus(reference, username)) === 'applied') return;
      throw new ProviderRefusal('transfer failed');
    }
    const refusal = NOT_APPLIED.get(answer.code);
    if (refusal) throw new ProviderRefusal(refusal);
    throw new ProviderTimeout();
  }

  /** The document's transfer status: 1 applied, 0 failed; 2 (pending) or any other answer is not yet known. */
  async transferStatus(reference: string, username: string): Promise<'applied' | 'not_found'> {
    const answer = await this.withToken(username, (token) => this.post('/api/cash/v1/transfer/status', {
      app_id: this.settings.appId, token, tx_id: reference, timestamp: this.now(),
    }));
    if (answer.code === OMG_CODE.transferNotFound || answer.code === OMG_CODE.orderNotFound) return 'not_found';
    if (answer.code === OMG_CODE.ok && fieldsOf(answer)?.state === 1) return 'applied';
    if (answer.code === OMG_CODE.ok && fieldsOf(answer)?.state === 0) return 'not_found';
    throw new ProviderTimeout();
  }

  /**
   * OMG offers no call that cancels a tx_id. The reconciler asks only about transfers older than
   * its grace (RECONCILE_GRACE_MS, above PROVIDER_TIMEOUT_MS): our own call was aborted long before,
   * and we never send a reference twice, so what OMG does not know by then, or failed, stays undone.
   */
  async voidTransfer(reference: string, username: string): Promise<'applied' | 'voided'> {
    return (await this.transferStatus(reference, username)) === 'applied' ? 'applied' : 'voided';
  }

  /** A new token: the old one stops working at OMG (its troubleshooting: "expired or refreshed"). */
  async resetPassword(username: string): Promise<string> {
    return (await this.authorize(username)).token;
  }

  /** Enter Game answers a game address for the player's token; the lobby opens it as a link. */
  async launch(login: LaunchRequest): Promise<LaunchLinks> {
    const answer = await this.withToken(login.username, (token) => this.post('/api/game/v1/entergame', {
      app_id: this.settings.appId, token, gameid: this.settings.gameId, timestamp: this.now(), screen_mode: SCREEN_MODE,
    }));
    if (answer.code !== OMG_CODE.ok) throw new ProviderRefusal(NOT_APPLIED.get(answer.code) ?? `entergame answered ${answer.code}`);
    return checkLaunchAnswer({ web: fieldsOf(answer)?.gameurl, android: null, ios: null }, { origins: [], sandbox: false });
  }

  /**
   * OMG reports bets through its back office's record list ({OMG_BACKEND_URL}, omg-bet-records.ts);
   * without that address configured, a bonus's turnover at OMG is not counted.
   */
  turnover(username: string, from: TurnoverFrom): Promise<TurnoverReport> {
    if (!this.settings.betRecords) return Promise.reject(new ProviderFault('OMG turnover is not read (OMG_BACKEND_URL not set)'));
    return this.settings.betRecords.turnover(username, from);
  }
}
