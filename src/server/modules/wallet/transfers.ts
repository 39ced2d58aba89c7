import { v7 as uuidv7 } from 'uuid';
import { sql, type Kysely, type Transaction } from 'kysely';
import { MAIN_WALLET_CODE, toMinor, type ErrorCode } from '../../../contract';
import { refuseOffStep, type MoneyRules } from '../../settings/money-rules';
import type { ProviderSwitches } from '../../settings/provider-switches';
import type { DB, TransferDirection } from '../../db/schema';
import { Batcher } from '../../db/batcher';
import { DomainError } from '../../errors';
import { game, house, HOUSE, wallet } from '../../ledger/accounts';
import { answerCode, fromStored, PENDING_ANSWER, toStored, type MoneyAnswer } from '../../ledger/answer';
import { WALLET_CHANGED } from '../../ledger/envelope';
import { requestHash } from '../../ledger/idempotency';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { ProviderRefusal, withTimeout, type GameProvider } from '../../providers/games/adapter';
import { syncGameBalance } from './game-sync';
import type { MoneyContext } from './money-context';

export interface TransferRequest {
  memberId: number;
  key: string;
  /** MAIN_WALLET_CODE or a game code. */
  from: string;
  to: string;
  /** Minor units. */
  amount: bigint;
}

interface Leg {
  transferId: string;
  memberId: number;
  key: string;
  completesKey: boolean;
  username: string;
  direction: TransferDirection;
  amount: bigint;
}

const FAIL = answerCode('TRANSFER_FAIL');
/** A game-to-game transfer whose first leg moved the money to the wallet and whose second leg did not go on. */
export const IN_WALLET = answerCode('TRANSFER_IN_WALLET');
const PENDING = PENDING_ANSWER;
/** A first leg that arrived: the request goes on with its second leg. */
const LEG_SETTLED: MoneyAnswer = { body: null };

/**
 * A transfer's answer with each game balance's read time: answers stored before 0027 have none
 * (`syncedAt: null`, the age unknown), so a replay of one still matches the contract.
 */
export function withReadTimes(answer: MoneyAnswer): MoneyAnswer {
  if (answer.code !== undefined) return answer;
  const body = answer.body as { slots?: { syncedAt?: string | null }[] } | null | undefined;
  if (!body?.slots) return answer;
  return { body: { ...body, slots: body.slots.map((slot) => ({ ...slot, syncedAt: slot.syncedAt ?? null })) }, replayed: answer.replayed };
}

/** One item of transfer_reserve_many (migration 0007). */
interface Reservation {
  memberId: number;
  key: string;
  hash: string;
  claim: boolean;
  transferId: string;
  providerCode: string;
  direction: TransferDirection;
  amount: bigint;
  completesKey: boolean;
  source: bigint;
  inFlight: bigint;
  target: bigint;
}

interface Completing {
  transferId: string;
  memberId: number;
  outcome: 'settled' | 'reversed';
  /** The request's answer if this reverses it (TRANSFER_FAIL unless the request knows better). */
  reversal: MoneyAnswer;
}

/** reserved, done or pending (the key's state), or refused with an error code. */
type Reserved = { outcome: string; code: string | null; username: string | null; statusCode: number | null; response: unknown };
type Completion = { state: string; answer?: MoneyAnswer };


/**
 * Moves money between the wallet and game accounts as a saga: reserve in the ledger (money
 * leaves the source for "transfers in flight"), call the provider with our reference, then
 * settle (in flight to the destination) or reverse (back to the source). A crash or timeout in
 * between leaves the transfer pending for the reconciler, which asks the provider. The two
 * database steps are single statements (transfer_reserve_many and transfer_complete_many,
 * migration 0007), so each is atomic, and concurrent requests share them.
 */
export class Transfers {
  /**
   * The saga's two database steps of concurrent requests run as batches (one transaction and
   * round trip for many), which is most of the server's speed under load. A batch holds at
   * most one item per member and takes the members in ascending order, and within an item
   * the game account is locked before the ledger accounts (as everywhere else), so batches
   * running at once (here, or on other nodes) always lock in one order and never deadlock.
   * A second batch of a step starts only when enough requests wait for it: bigger batches
   * cost less per transfer, and a second one keeps the server busy while the first waits
   * for the disk.
   */
  private readonly reservations = new Batcher<Reservation, Reserved>((items) => this.reserveMany(items), {
    maxBatch: 32, maxInFlight: 2, minConcurrentBatch: 8, keyOf: (r) => r.memberId,
  });
  private readonly completions = new Batcher<Completing, Completion>((items) => this.completeMany(items), {
    maxBatch: 32, maxInFlight: 2, minConcurrentBatch: 8, keyOf: (c) => c.memberId,
  });

  constructor(private readonly money: MoneyContext, private readonly rules: MoneyRules, private readonly switches: ProviderSwitches) {}

  async transfer(request: TransferRequest): Promise<MoneyAnswer> {
    const { from, to, amount } = request;
    const rules = await this.rules.of(await this.money.currencyOf(request.memberId));
    if (amount < toMinor(rules.transferMin)) throw new DomainError('TRANSFER_MINIMUM');
    refuseOffStep(rules, amount);
    if (from === to) throw new DomainError('INVALID_INPUT', 'same account');
    for (const code of [from, to]) if (code !== MAIN_WALLET_CODE && !this.money.provider(code)) throw new DomainError('NO_GAME');
    // A provider switched off takes no new money; what is there can always come out (to the wallet or another game).
    if (to !== MAIN_WALLET_CODE) await this.switches.refuseClosed(to);
    // Safer play (issue 31), before any money moves: no money into games in withdraw-only mode, and
    // none from the wallet past a loss limit (game to game leaves the net loss as it is).
    const inTurn = to !== MAIN_WALLET_CODE && (await this.money.hooks.transferInGate(this.money.db, request.memberId, from === MAIN_WALLET_CODE ? amount : 0n));
    const payload = { from, to, amount: amount.toString() };

    if (from === MAIN_WALLET_CODE) return this.runLeg(request, payload, to, 'to_game', amount, true, { inTurn });
    if (to === MAIN_WALLET_CODE) return this.runLeg(request, payload, from, 'from_game', amount, true);
    // Game to game: out to the wallet, then in to the other game. If the second leg fails the
    // money waits in the wallet, which is what TRANSFER_IN_WALLET tells the member.
    const first = await this.runLeg(request, payload, from, 'from_game', amount, false);
    if (first !== LEG_SETTLED) return first;
    return this.runLeg(request, payload, to, 'to_game', amount, true, { alreadyClaimed: true });
  }

  /** Everything in the wallet to one game. */
  async transferAll(request: { memberId: number; key: string; to: string }): Promise<MoneyAnswer> {
    if (!this.money.provider(request.to)) throw new DomainError('NO_GAME');
    await this.switches.refuseClosed(request.to);
    const payload = { all: true, to: request.to };
    const row = await this.money.db.selectFrom('ledger_account').select('balance')
      .where('member_id', '=', request.memberId).where('kind', '=', 'wallet').executeTakeFirst();
    const all = BigInt(row?.balance ?? 0n);
    if (all < toMinor((await this.rules.of(await this.money.currencyOf(request.memberId))).transferMin)) return this.refuse(request.memberId, request.key, payload, 'MONEY_NOT_ENOUGH');
    const inTurn = await this.money.hooks.transferInGate(this.money.db, request.memberId, all);
    return this.runLeg(request, payload, request.to, 'to_game', all, true, { inTurn });
  }

  private async runLeg(
    request: { memberId: number; key: string },
    payload: unknown,
    providerCode: string,
    direction: TransferDirection,
    amount: bigint,
    completesKey: boolean,
    options: { alreadyClaimed?: boolean; inTurn?: boolean } = {},
  ): Promise<MoneyAnswer> {
    const { memberId, key } = request;
    const provider = this.money.provider(providerCode)!;
    // Wins and losses at the provider are booked first: so they can be moved out, and so the
    // game balance the answer states is the provider's figure read now plus this transfer, with
    // the time it was read (`syncedAt`), never a figure from before the player's last bets (issue 27).
    await syncGameBalance(this.money, memberId, providerCode).catch(() => undefined);

    const currency = await this.money.currencyOf(memberId);
    const [walletRef, gameRef] = [wallet(memberId), game(memberId, providerCode)];
    const [source, target, inFlight] = await Promise.all([
      this.money.accounts.idOf(this.money.db, direction === 'to_game' ? walletRef : gameRef, currency),
      this.money.accounts.idOf(this.money.db, direction === 'to_game' ? gameRef : walletRef, currency),
      this.money.accounts.idOf(this.money.db, house(HOUSE.transfersInFlight(providerCode)), currency),
    ]);
    if (source === undefined || target === undefined || inFlight === undefined) throw new DomainError('SLOT_NO_ACCOUNT');
    // Time-ordered (UUIDv7): new transfers land at the right edge of every index keyed by the
    // id or its text (the transfer's key, the ledger's reference, the provider's), not at random pages.
    const transferId = uuidv7();

    const reservation: Reservation = {
      memberId, key, hash: requestHash('transfer', payload), claim: !options.alreadyClaimed, transferId, providerCode,
      direction, amount, completesKey, source, inFlight, target,
    };
    const reserved = options.inTurn ? await this.reserveInTurn(reservation) : await this.reservations.submit(reservation);
    if (reserved.outcome === 'refused') {
      const code = reserved.code as ErrorCode;
      if (code === 'IDEMPOTENCY_CONFLICT') throw new DomainError(code);
      // A later leg's refusal means the money waits in the wallet, and the answer says so.
      if (options.alreadyClaimed) return this.endInWallet(memberId, key);
      // A first leg's refusal moved nothing; it becomes the key's answer for every copy.
      return this.refuse(memberId, key, payload, code);
    }
    // A copy's answer; or, for a later leg, the key ended meanwhile by the reconciler (the money
    // waits in the wallet, and its answer says so): this request's own answer, not a replay.
    if (reserved.outcome === 'done') return fromStored(reserved.statusCode, reserved.response, !options.alreadyClaimed);
    if (reserved.outcome !== 'reserved') return this.awaitAnswer(memberId, key);
    // The reservation's entry committed with transfer_reserve_many.
    this.money.entriesBooked(1);

    const leg: Leg = { transferId, memberId, key, completesKey, username: reserved.username!, direction, amount };
    try {
      const call = leg.direction === 'to_game'
        ? provider.deposit(leg.username, leg.amount, leg.transferId)
        : provider.withdraw(leg.username, leg.amount, leg.transferId);
      await withTimeout(call, this.money.providerTimeoutMs);
    } catch (error) {
      if (error instanceof ProviderRefusal) return this.refused(leg, provider, error);
      // Unknown outcome: ask once; if the provider cannot say yet, the reconciler will.
      const status = await withTimeout(provider.transferStatus(leg.transferId, leg.username), this.money.providerTimeoutMs).catch(() => undefined);
      if (status !== 'applied') return PENDING;
    }
    return this.answerOf(leg, await this.complete({ id: leg.transferId, memberId }, 'settled'));
  }

  /**
   * The provider answered and applied nothing: the leg is reversed. A withdrawal it refused
   * because the player holds less than our figure (they lost since we last read it) is the
   * member's MONEY_NOT_ENOUGH, not a failure of ours: the provider says so, or its balance
   * shows it. The provider's balance is then booked, so the next figure the member sees is true.
   */
  private async refused(leg: Leg, provider: GameProvider, refusal: ProviderRefusal): Promise<MoneyAnswer> {
    let reversal = FAIL;
    if (leg.direction === 'from_game') {
      const held = refusal.forWantOfBalance ? 0n : await withTimeout(provider.balance(leg.username), this.money.providerTimeoutMs).catch(() => undefined);
      if (held !== undefined && held < leg.amount) reversal = answerCode('MONEY_NOT_ENOUGH');
    }
    const answer = await this.answerOf(leg, await this.complete({ id: leg.transferId, memberId: leg.memberId }, 'reversed', reversal));
    if (leg.direction === 'from_game') await syncGameBalance(this.money, leg.memberId, provider.code).catch(() => undefined);
    return answer;
  }

  /**
   * Settles or reverses a pending transfer, once: whoever flips the status from pending (the
   * request or the reconciler) posts the entry. Returns the state of the request's key after.
   * A reversal answers `reversal`, or TRANSFER_IN_WALLET when it is the second leg of a
   * game-to-game transfer (the database knows: the key has a settled leg).
   */
  complete(transfer: { id: string; memberId: number }, outcome: 'settled' | 'reversed', reversal: MoneyAnswer = FAIL): Promise<Completion> {
    return this.completions.submit({ transferId: transfer.id, memberId: transfer.memberId, outcome, reversal });
  }

  /**
   * A reservation whose rules count the member's own transfers (safer play's loss limit): in one
   * transaction, the member's turn, the rules again (a refusal throws and moves nothing), then the
   * reservation. Two such transfers at once take turns, and the second sees the first's money
   * moved. Rare (members with a loss limit), so it leaves the batches alone.
   */
  private reserveInTurn(reservation: Reservation): Promise<Reserved> {
    return this.money.db.transaction().execute(async (trx) => {
      await takeMemberTurn(trx, reservation.memberId);
      await this.money.hooks.transferInGate(trx, reservation.memberId, reservation.amount);
      return (await this.reserveMany([reservation], trx))[0];
    });
  }

  private async reserveMany(items: Reservation[], db: Kysely<DB> | Transaction<DB> = this.money.db): Promise<Reserved[]> {
    const column = <T>(pick: (r: Reservation) => T) => items.map(pick);
    const ids = (pick: (r: Reservation) => bigint) => items.map((r) => pick(r).toString());
    const { rows } = await sql<{
      o_index: number; o_outcome: string; o_code: string | null; o_username: string | null; o_status_code: number | null; o_response: unknown;
    }>`select * from transfer_reserve_many(${column((r) => r.memberId)}::integer[], ${column((r) => r.key)}::text[],
        ${column((r) => r.hash)}::text[], ${column((r) => r.claim)}::boolean[], ${column((r) => r.transferId)}::uuid[],
        ${column((r) => r.providerCode)}::text[], ${column((r) => r.direction)}::text[], ${ids((r) => r.amount)}::bigint[],
        ${column((r) => r.completesKey)}::boolean[], ${ids((r) => r.source)}::bigint[], ${ids((r) => r.inFlight)}::bigint[],
        ${ids((r) => r.target)}::bigint[])`.execute(db);
    const results: Reserved[] = [];
    for (const row of rows) {
      results[row.o_index - 1] = { outcome: row.o_outcome, code: row.o_code, username: row.o_username, statusCode: row.o_status_code, response: row.o_response };
    }
    return results;
  }

  /**
   * Settles or reverses pending transfers, each once: whoever flips the status from pending (the
   * request or the reconciler) posts the entry. Answers the state of each request's key after.
   */
  private async completeMany(items: Completing[]): Promise<Completion[]> {
    const { rows } = await sql<{ o_index: number; o_member: number; o_state: string; o_status_code: number | null; o_response: unknown }>`
      select * from transfer_complete_many(${items.map((i) => i.transferId)}::uuid[], ${items.map((i) => i.outcome)}::text[],
        ${items.map((i) => toStored(i.reversal).statusCode)}::integer[], ${items.map((i) => JSON.stringify(toStored(i.reversal).response))}::jsonb[],
        ${toStored(IN_WALLET).statusCode}::integer, ${JSON.stringify(toStored(IN_WALLET).response)}::jsonb)`.execute(this.money.db);
    const results: Completion[] = items.map(() => ({ state: 'none' }));
    // One entry per completion the function made (a completion the reconciler had made first is
    // answered too, and counted again: rare, a request and the reconciler on one transfer at once).
    this.money.entriesBooked(rows.length);
    for (const row of rows) {
      // The function committed as it returned: the member's pages may read the wallet again.
      this.money.announceCommitted(row.o_member, WALLET_CHANGED);
      results[row.o_index - 1] = {
        state: row.o_state,
        answer: row.o_state === 'done' ? fromStored(row.o_status_code, row.o_response, false) : undefined,
      };
    }
    return results;
  }

  /** The request's answer after completing one of its legs. */
  private async answerOf(leg: Leg, completed: Completion): Promise<MoneyAnswer> {
    if (completed.answer) return completed.answer;
    if (completed.state === 'leg' || (completed.state === 'pending' && !leg.completesKey)) {
      const row = await this.money.db.selectFrom('game_transfer').select('status').where('id', '=', leg.transferId).executeTakeFirst();
      if (row?.status === 'settled') return LEG_SETTLED;
    }
    return this.awaitAnswer(leg.memberId, leg.key);
  }

  private awaitAnswer(memberId: number, key: string): Promise<MoneyAnswer> {
    return this.money.awaitAnswer(memberId, key);
  }

  private refuse(memberId: number, key: string, payload: unknown, code: ErrorCode): Promise<MoneyAnswer> {
    return this.money.refuse({ memberId, key, operation: 'transfer', payload }, answerCode(code));
  }

  private async endInWallet(memberId: number, key: string): Promise<MoneyAnswer> {
    await this.money.step((step) => step.complete(memberId, key, IN_WALLET));
    // The reconciler may have ended the key first (the same answer); the stored one is the truth.
    const stored = await this.money.keys.waitForAnswer(this.money.db, memberId, key, 0);
    return stored ? { ...stored, replayed: false } : IN_WALLET;
  }
}
