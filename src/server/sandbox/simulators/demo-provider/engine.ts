import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEMO_SLOT } from '../../../../contract';
import { systemClock, type Clock } from '../../../clock';
import { Batcher } from '../../../db/batcher';
import type { DB } from '../../../db/schema';
import { INSUFFICIENT_BALANCE, ProviderRefusal, type TurnoverFrom, type TurnoverReport } from '../../../providers/games/adapter';
import { passwordFingerprint, readLaunchToken, signLaunchToken } from './launch-token';

/**
 * Faults a test can inject into the next calls of a provider:
 * - fail: answers with a refusal and applies nothing;
 * - timeout_before: never answers and never applies (the caller's timeout fires);
 * - timeout_after: applies the call, then never answers;
 * - late: answers and applies only after `hangMs`, long after the caller gave up.
 */
export type DemoFault = 'fail' | 'timeout_before' | 'timeout_after' | 'late';

/**
 * A transfer-wallet game provider simulated in our database (its own demo_* tables), so its
 * balances survive a restart like a real provider's would. Each provider code is a separate
 * provider. References are applied at most once.
 */
export interface DemoEngineOptions {
  /** Signs launch tokens; a fresh random secret when absent (links then die with the process). */
  launchSecret?: string;
  /** The time launch tokens expire by. */
  clock?: Clock;
}

/** A player a launch token stands for. */
export interface LaunchedPlayer {
  provider: string;
  username: string;
  balance: bigint;
}

interface Move {
  providerCode: string;
  username: string;
  amount: bigint;
  reference: string;
}

export class DemoProviderEngine {
  private faults = new Map<string, DemoFault[]>();
  /** Moves that arrive together are applied in one transaction, as a provider under load would. */
  private readonly moves = new Batcher<Move, string>((batch) => this.applyMoves(batch), { maxBatch: 64, maxInFlight: 2, minConcurrentBatch: 8 });
  /** How long a "hung" call waits before failing; far beyond any caller's timeout. */
  hangMs = 30_000;
  private readonly launchSecret: string;
  private readonly clock: Clock;

  constructor(private readonly db: Kysely<DB>, options: DemoEngineOptions = {}) {
    this.launchSecret = options.launchSecret ?? randomBytes(32).toString('hex');
    this.clock = options.clock ?? systemClock();
  }

  injectFault(providerCode: string, fault: DemoFault, times = 1) {
    const queue = this.faults.get(providerCode) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(providerCode, queue);
  }

  clearFaults() { this.faults.clear(); }

  private nextFault(providerCode: string): DemoFault | undefined {
    return this.faults.get(providerCode)?.shift();
  }

  private hang(): Promise<never> {
    return new Promise((_, reject) => setTimeout(() => reject(new Error('demo provider hung')), this.hangMs).unref());
  }

  async createPlayer(providerCode: string, memberId: number) {
    const username = `${providerCode.toLowerCase()}${memberId}${randomBytes(2).toString('hex')}`;
    const password = newPassword();
    await this.db.insertInto('demo_player').values({ provider_code: providerCode, username, password }).execute();
    return { username, password };
  }

  async balance(providerCode: string, username: string): Promise<bigint> {
    const row = await this.db.selectFrom('demo_player').select('balance')
      .where('provider_code', '=', providerCode).where('username', '=', username).executeTakeFirst();
    if (!row) throw new ProviderRefusal('no such player');
    return BigInt(row.balance);
  }

  /** Applies a signed amount to a player's balance once per reference. */
  async move(providerCode: string, username: string, amount: bigint, reference: string): Promise<void> {
    const fault = this.nextFault(providerCode);
    if (fault === 'fail') throw new ProviderRefusal('injected failure');
    if (fault === 'timeout_before') return this.hang();
    if (fault === 'late') await new Promise((resolve) => setTimeout(resolve, this.hangMs).unref());
    const result = await this.moves.submit({ providerCode, username, amount, reference });
    if (result === 'voided') throw new ProviderRefusal('transfer voided');
    if (result === 'refused') throw new ProviderRefusal(amount < 0n ? INSUFFICIENT_BALANCE : 'no such player');
    if (fault === 'timeout_after') return this.hang();
  }

  private async applyMoves(batch: Move[]): Promise<string[]> {
    const { rows } = await sql<{ o_index: number; o_result: string }>`
      select * from demo_move_many(${batch.map((m) => m.providerCode)}::text[], ${batch.map((m) => m.reference)}::text[],
        ${batch.map((m) => m.username)}::text[], ${batch.map((m) => m.amount.toString())}::bigint[])`.execute(this.db);
    const results: string[] = [];
    for (const row of rows) results[row.o_index - 1] = row.o_result;
    return results;
  }

  async transferStatus(providerCode: string, reference: string): Promise<'applied' | 'not_found'> {
    const row = await this.db.selectFrom('demo_transfer').select('voided')
      .where('provider_code', '=', providerCode).where('reference', '=', reference).executeTakeFirst();
    return row && !row.voided ? 'applied' : 'not_found';
  }

  /** Claims the reference as void unless it was applied; a late move with it then does nothing. */
  async voidTransfer(providerCode: string, reference: string): Promise<'applied' | 'voided'> {
    await this.db.insertInto('demo_transfer')
      .values({ provider_code: providerCode, reference, username: '', amount: 0n, voided: true })
      .onConflict((oc) => oc.columns(['provider_code', 'reference']).doNothing())
      .execute();
    const row = await this.db.selectFrom('demo_transfer').select('voided')
      .where('provider_code', '=', providerCode).where('reference', '=', reference).executeTakeFirstOrThrow();
    return row.voided ? 'voided' : 'applied';
  }

  async resetPassword(providerCode: string, username: string): Promise<string> {
    const password = newPassword();
    const res = await this.db.updateTable('demo_player').set({ password })
      .where('provider_code', '=', providerCode).where('username', '=', username).executeTakeFirst();
    if (!res.numUpdatedRows) throw new ProviderRefusal('no such player');
    return password;
  }

  /**
   * A launch token for a player who proves their login (as a real provider's launch call does);
   * a wrong or unknown login is refused. Valid for DEMO_SLOT.launchTokenTtlMs.
   */
  async launchToken(providerCode: string, username: string, password: string): Promise<string> {
    const row = await this.db.selectFrom('demo_player').select('password')
      .where('provider_code', '=', providerCode).where('username', '=', username).executeTakeFirst();
    if (!row || !sameSecret(row.password, password)) throw new ProviderRefusal('no such player');
    return signLaunchToken(this.launchSecret, {
      provider: providerCode, username, exp: this.clock.now().getTime() + DEMO_SLOT.launchTokenTtlMs, pw: passwordFingerprint(row.password),
    });
  }

  /** The player behind a launch token; undefined when it is forged, expired, or older than a password reset. */
  async launchedPlayer(token: string): Promise<LaunchedPlayer | undefined> {
    const claim = readLaunchToken(this.launchSecret, token, this.clock.now().getTime());
    if (!claim) return undefined;
    const row = await this.db.selectFrom('demo_player').select(['password', 'balance'])
      .where('provider_code', '=', claim.provider).where('username', '=', claim.username).executeTakeFirst();
    if (!row || passwordFingerprint(row.password) !== claim.pw) return undefined;
    return { provider: claim.provider, username: claim.username, balance: BigInt(row.balance) };
  }

  /**
   * Told after every bet, as a real provider's bet callback would tell us: the bonus engine reads
   * the turnover at once instead of waiting for its next poll.
   */
  onBet: ((providerCode: string, username: string) => void) | undefined;

  /** The player's turnover after a point of their bet history (the bet id is the cursor). */
  async turnover(providerCode: string, username: string, from: TurnoverFrom): Promise<TurnoverReport> {
    let q = this.db.selectFrom('demo_bet')
      .select([sql<string>`coalesce(sum(bet), 0)::text`.as('turnover'), sql<string | null>`max(id)::text`.as('last')])
      .where('provider_code', '=', providerCode).where('username', '=', username);
    const after = 'cursor' in from ? BigInt(from.cursor) : undefined;
    q = after !== undefined ? q.where('id', '>', after) : q.where('created_at', '>=', (from as { since: Date }).since);
    const row = await q.executeTakeFirstOrThrow();
    return { turnover: BigInt(row.turnover), cursor: row.last ?? (after !== undefined ? after.toString() : await this.lastBetId(providerCode, username, (from as { since: Date }).since)) };
  }

  /** A cursor for a player with no bets since a time: the last bet before it (or 0). */
  private async lastBetId(providerCode: string, username: string, since: Date): Promise<string> {
    const row = await this.db.selectFrom('demo_bet').select(sql<string | null>`max(id)::text`.as('last'))
      .where('provider_code', '=', providerCode).where('username', '=', username).where('created_at', '<', since).executeTakeFirst();
    return row?.last ?? '0';
  }

  /** A bet in the demo game: takes the stake and pays the win in one step, recorded for the bonus engine. */
  async bet(providerCode: string, username: string, stake: bigint, win: bigint) {
    const balance = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('demo_player')
        .set({ balance: sql`balance - ${stake.toString()}::bigint + ${win.toString()}::bigint` })
        .where('provider_code', '=', providerCode)
        .where('username', '=', username)
        .where('balance', '>=', stake)
        .returning('balance')
        .executeTakeFirst();
      if (!updated) throw new ProviderRefusal(INSUFFICIENT_BALANCE);
      await trx.insertInto('demo_bet').values({ provider_code: providerCode, username, bet: stake, win }).execute();
      return BigInt(updated.balance);
    });
    this.onBet?.(providerCode, username);
    return balance;
  }
}

function sameSecret(a: string, b: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function newPassword() {
  // Letters and digits a player can type from the credentials dialog.
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
