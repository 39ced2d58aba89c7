import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../errors';

/** The answer a money-moving request gave, kept for replays of its key. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  /** True when this answer is a replay of an earlier request with the same key. */
  replayed?: boolean;
}

export interface KeyedRequest {
  memberId: number;
  key: string;
  operation: string;
  payload: unknown;
}

export type Claim = { kind: 'claimed' } | { kind: 'done'; answer: StoredAnswer } | { kind: 'pending' };

export const requestHash = (operation: string, payload: unknown) =>
  createHash('sha256').update(`${operation}\n${JSON.stringify(payload)}`).digest('hex');

/**
 * Idempotency keys, unique per member in the database. A key is claimed inside the
 * transaction of the first movement: if that transaction rolls back (a refusal before any
 * money moved) the key is free again; once it commits, no other request with that key can
 * claim it, and a concurrent duplicate waits on the unique index until it does.
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
    if (row.state === 'done') return { kind: 'done', answer: { statusCode: row.status_code ?? 200, body: row.response, replayed: true } };
    return { kind: 'pending' };
  }

  async complete(trx: Transaction<DB>, memberId: number, key: string, answer: StoredAnswer): Promise<void> {
    await trx
      .updateTable('idempotency_key')
      .set({ state: 'done', status_code: answer.statusCode, response: JSON.stringify(answer.body), completed_at: new Date() })
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
  async recordRefusal(db: Kysely<DB>, request: KeyedRequest, answer: StoredAnswer, waitMs: number): Promise<StoredAnswer | undefined> {
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
  async waitForAnswer(db: Kysely<DB>, memberId: number, key: string, timeoutMs: number): Promise<StoredAnswer | undefined> {
    const until = Date.now() + timeoutMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const row = await db.selectFrom('idempotency_key').select(['state', 'status_code', 'response'])
        .where('member_id', '=', memberId).where('key', '=', key).executeTakeFirst();
      if (row?.state === 'done') return { statusCode: row.status_code ?? 200, body: row.response, replayed: true };
      if (Date.now() >= until) return undefined;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
