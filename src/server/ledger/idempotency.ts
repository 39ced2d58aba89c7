import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../errors';
import { fromStored, toStored, type MoneyAnswer } from './answer';

export interface KeyedRequest {
  memberId: number;
  key: string;
  operation: string;
  payload: unknown;
}

export type Claim = { kind: 'claimed' } | { kind: 'done'; answer: MoneyAnswer } | { kind: 'pending' };

export const requestHash = (operation: string, payload: unknown) =>
  createHash('sha256').update(`${operation}\n${JSON.stringify(payload)}`).digest('hex');

/**
 * The one table of keys (`idempotency_key`), unique per member: every money step registers its
 * key here, in the transaction of its first movement. If that transaction rolls back (a refusal
 * before any money moved) the key is free again; once it commits, no other request with that
 * key can claim it, and a concurrent duplicate waits on the unique index until it does. Used by
 * the envelope (`envelope.ts`) and, in SQL, by the transfer saga's functions (migration 0007).
 */
export class IdempotencyKeys {
  async claim(trx: Transaction<DB>, request: KeyedRequest): Promise<Claim> {
    const hash = requestHash(request.operation, request.payload);
    const inserted = await trx
      .insertInto('idempotency_key')
      .values({ member_id: request.memberId, key: request.key, operation: request.operation, request_hash: hash, status_code: null, response: null, completed_at: null })
      .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed' };
    const row = await trx.selectFrom('idempotency_key').selectAll()
      .where('member_id', '=', request.memberId).where('key', '=', request.key).executeTakeFirstOrThrow();
    if (row.request_hash !== hash) throw new DomainError('IDEMPOTENCY_CONFLICT');
    if (row.state === 'done') return { kind: 'done', answer: fromStored(row.status_code, row.response, true) };
    return { kind: 'pending' };
  }

  /**
   * Registers a key that is done in this transaction: a second registration of the same key
   * fails on the unique index (a unique violation, which rolls the second step back).
   */
  async register(trx: Transaction<DB>, request: KeyedRequest, answer: MoneyAnswer): Promise<void> {
    const stored = toStored(answer);
    await trx.insertInto('idempotency_key').values({
      member_id: request.memberId, key: request.key, operation: request.operation, request_hash: requestHash(request.operation, request.payload),
      state: 'done', status_code: stored.statusCode, response: JSON.stringify(stored.response), completed_at: new Date(),
    }).execute();
  }

  async complete(trx: Transaction<DB>, memberId: number, key: string, answer: MoneyAnswer): Promise<void> {
    const stored = toStored(answer);
    await trx
      .updateTable('idempotency_key')
      .set({ state: 'done', status_code: stored.statusCode, response: JSON.stringify(stored.response), completed_at: new Date() })
      .where('member_id', '=', memberId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .execute();
  }

  /**
   * Keeps a refusal (MONEY_NOT_ENOUGH, SLOT_NO_ACCOUNT...) that rolled back the request's first
   * transaction as the key's answer, so every copy of the request gets the same answer even if
   * the balance changes in between. If another copy claimed the key meanwhile, its answer wins.
   */
  async recordRefusal(db: Kysely<DB>, request: KeyedRequest, answer: MoneyAnswer, waitMs: number): Promise<MoneyAnswer | undefined> {
    const claim = await db.transaction().execute(async (trx) => {
      const c = await this.claim(trx, request);
      if (c.kind === 'claimed') await this.complete(trx, request.memberId, request.key, answer);
      return c;
    });
    if (claim.kind === 'claimed') return answer;
    if (claim.kind === 'done') return claim.answer;
    return this.waitForAnswer(db, request.memberId, request.key, waitMs);
  }

  /**
   * Waits for a key claimed by another request (or a crashed one the reconciler will finish).
   * Reads at least once, so a timeout of 0 answers the key's answer if it has one.
   */
  async waitForAnswer(db: Kysely<DB>, memberId: number, key: string, timeoutMs: number): Promise<MoneyAnswer | undefined> {
    const until = Date.now() + timeoutMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const row = await db.selectFrom('idempotency_key').select(['state', 'status_code', 'response'])
        .where('member_id', '=', memberId).where('key', '=', key).executeTakeFirst();
      if (row?.state === 'done') return fromStored(row.status_code, row.response, true);
      if (Date.now() >= until) return undefined;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
