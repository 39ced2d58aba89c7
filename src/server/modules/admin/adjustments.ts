import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor, toMinor } from '../../../contract';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import { house, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import type { Money } from '../../ledger/envelope';
import type { Actor, AuditLog } from './audit';
import { independentChecker } from './four-eyes';
import { UUID } from '../../db/uuid';

/** The house side of every manual credit and debit. */
export const MANUAL_ADJUSTMENTS = 'manual_adjustments';

type Status = 'proposed' | 'approved' | 'rejected';
type Operator = Actor & { operatorId: number; username: string };

export interface Proposal {
  memberId: number;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
}

/**
 * Manual credits and debits under maker-checker: one operator proposes (idempotent on the
 * proposer's key), an independent operator approves (`four-eyes.ts`: not the proposer, nor one the
 * proposer made or who made the proposer; a CHECK and a trigger in the database as well as here),
 * and the money moves in the approval's transaction as one ledger entry whose reference is the
 * proposal, so it can move once whoever approves and however often. A debit never takes a
 * wallet below zero: the approval is refused (MONEY_NOT_ENOUGH) and the proposal stays open.
 */
export class Adjustments {
  constructor(private readonly deps: { db: Kysely<DB>; money: Money; audit: AuditLog }) {}

  private select() {
    return this.deps.db.selectFrom('manual_adjustment as a')
      .innerJoin('member', 'member.id', 'a.member_id')
      .innerJoin('operator as p', 'p.id', 'a.proposed_by')
      .leftJoin('operator as d', 'd.id', 'a.decided_by')
      .select([
        'a.id', 'a.member_id', 'member.name', 'member.username', 'a.direction', 'a.amount', 'a.reason', 'a.status',
        'p.username as proposed_by', 'd.username as decided_by', 'a.created_at', 'a.decided_at',
      ]);
  }

  async list(status: Status, page: number) {
    const [{ total }, rows] = await Promise.all([
      this.deps.db.selectFrom('manual_adjustment').where('status', '=', status).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select().where('a.status', '=', status).orderBy('a.created_at', 'desc').limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return { total: Number(total), items: rows.map(view) };
  }

  async item(id: string) {
    if (!UUID.test(id)) return refuse('NOT_FOUND');
    const row = await this.select().where('a.id', '=', id).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return view(row);
  }

  /**
   * Proposes once per proposer's key: the key is registered in the one key table under the
   * member (the envelope's claim), and (proposer, key) is unique on the proposal as a second lock.
   * Answers the proposal and whether this was a replay of an earlier request.
   */
  async propose(proposal: Proposal, key: string, actor: Operator): Promise<{ proposal: ReturnType<typeof view>; replayed: boolean }> {
    const member = await this.deps.db.selectFrom('member').select('id').where('id', '=', proposal.memberId).executeTakeFirst();
    if (!member) return refuse('NOT_FOUND');
    const amount = toMinor(proposal.amount);
    const moved = await this.deps.money.request({
      memberId: proposal.memberId, key: `operator:${actor.operatorId}:${key}`, operation: 'adjustment_propose', payload: proposal,
    }, async ({ trx }) => {
      const inserted = await trx.insertInto('manual_adjustment').values({
        id: randomUUID(), member_id: proposal.memberId, direction: proposal.direction, amount, reason: proposal.reason,
        proposed_by: actor.operatorId, proposal_key: key, decided_by: null, decided_at: null,
      }).onConflict((oc) => oc.columns(['proposed_by', 'proposal_key']).doNothing()).returning('id').executeTakeFirst();
      if (!inserted) {
        // The key was used for another proposal (another member, or one made before keys were registered).
        const earlier = await trx.selectFrom('manual_adjustment').selectAll()
          .where('proposed_by', '=', actor.operatorId).where('proposal_key', '=', key).executeTakeFirstOrThrow();
        const same = earlier.member_id === proposal.memberId && earlier.direction === proposal.direction
          && BigInt(earlier.amount) === amount && earlier.reason === proposal.reason;
        if (!same) refuse('IDEMPOTENCY_CONFLICT');
        return { answer: answerBody({ id: earlier.id }) };
      }
      await this.deps.audit.record(actor, {
        action: 'adjustment.propose', targetType: 'adjustment', targetId: inserted.id, after: { ...proposal, status: 'proposed' },
      }, trx);
      return { answer: answerBody({ id: inserted.id }) };
    });
    if (moved.answer.code !== undefined) return refuse(moved.answer.code);
    const { id } = moved.answer.body as { id: string };
    return { proposal: await this.item(id), replayed: Boolean(moved.answer.replayed) };
  }

  async approve(id: string, actor: Operator) {
    const before = await this.item(id);
    const { proposed_by: proposerId } = await this.deps.db.selectFrom('manual_adjustment').select('proposed_by').where('id', '=', id).executeTakeFirstOrThrow();
    if (!(await independentChecker(this.deps.db, proposerId, actor.operatorId))) return refuse('OWN_PROPOSAL');
    // Read before the transaction: on the embedded database a second connection would wait for it.
    const currency = await this.deps.money.currencyOf(before.memberId);
    const memberId = await this.deps.money.step(async (step) => {
      const { trx } = step;
      const a = await trx.updateTable('manual_adjustment')
        .set({ status: 'approved', decided_by: actor.operatorId, decided_at: new Date() })
        .where('id', '=', id).where('status', '=', 'proposed').where('proposed_by', '<>', actor.operatorId)
        .returningAll().executeTakeFirst();
      if (!a) return undefined;
      const amount = BigInt(a.amount);
      const signed = a.direction === 'credit' ? amount : -amount;
      await step.register({ memberId: a.member_id, key: `adjustment:${a.id}`, operation: 'adjustment', payload: { direction: a.direction, amount: a.amount.toString() } }, answerBody({ approvedBy: actor.username }));
      await step.post({
        kind: a.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit',
        memberId: a.member_id, currency, reference: a.id,
        description: { reason: a.reason },
        postings: [{ account: wallet(a.member_id), amount: signed }, { account: house(MANUAL_ADJUSTMENTS), amount: -signed }],
      });
      await this.deps.audit.record(actor, { action: 'adjustment.approve', targetType: 'adjustment', targetId: id, before, after: { ...before, status: 'approved', decidedBy: actor.username } }, trx);
      return a.member_id;
    });
    const after = await this.item(id);
    if (memberId === undefined) {
      if (after.status === 'approved' && after.decidedBy === actor.username) return after;
      return refuse('ALREADY_DECIDED');
    }
    return after;
  }

  /** Any operator may turn a proposal down, its proposer included (a mistake withdrawn). */
  async reject(id: string, actor: Operator) {
    const before = await this.item(id);
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const a = await trx.updateTable('manual_adjustment').set({ status: 'rejected', decided_by: actor.operatorId, decided_at: new Date() })
        .where('id', '=', id).where('status', '=', 'proposed').returning('id').executeTakeFirst();
      if (!a) return false;
      await this.deps.audit.record(actor, { action: 'adjustment.reject', targetType: 'adjustment', targetId: id, before, after: { ...before, status: 'rejected', decidedBy: actor.username } }, trx);
      return true;
    });
    const after = await this.item(id);
    if (!done && !(after.status === 'rejected' && after.decidedBy === actor.username)) return refuse('ALREADY_DECIDED');
    return after;
  }
}

interface Row {
  id: string; member_id: number; name: string; username: string; direction: 'credit' | 'debit'; amount: bigint; reason: string;
  status: Status; proposed_by: string; decided_by: string | null; created_at: Date; decided_at: Date | null;
}

const view = (r: Row) => ({
  id: r.id, memberId: r.member_id, memberName: r.name, username: r.username, direction: r.direction, amount: toMajor(r.amount),
  reason: r.reason, status: r.status, proposedBy: r.proposed_by, decidedBy: r.decided_by,
  createdAt: r.created_at.toISOString(), decidedAt: r.decided_at?.toISOString() ?? null,
});
