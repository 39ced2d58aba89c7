import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor, toMinor, type ErrorCode } from '../../../contract';
import { uniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import { creditDeposit } from '../deposits/credit';
import type { Money } from '../../ledger/envelope';
import type { Actor, AuditLog } from './audit';
import { UUID } from '../../db/uuid';

type Status = 'PENDING' | 'SUCCESS' | 'FAILED';

/**
 * Slips waiting for an operator (the bank's slip service had no answer). Approving credits the
 * amount the operator read on the slip in the transaction that marks it SUCCESS, as the
 * automatic check does; the slip's status guard and the ledger's unique (kind, reference)
 * make a second approval (by anyone, at any time) credit nothing.
 */
export class SlipQueue {
  constructor(private readonly deps: { db: Kysely<DB>; money: Money; audit: AuditLog }) {}

  private select() {
    return this.deps.db.selectFrom('deposit_slip').innerJoin('member', 'member.id', 'deposit_slip.member_id').select([
      'deposit_slip.id', 'deposit_slip.member_id', 'member.name', 'member.username', 'deposit_slip.status', 'deposit_slip.note',
      'deposit_slip.sending_bank', 'deposit_slip.reference', 'deposit_slip.amount', 'deposit_slip.created_at', 'deposit_slip.completed_at',
    ]);
  }

  async list(status: Status, page: number) {
    const [{ total }, rows] = await Promise.all([
      this.deps.db.selectFrom('deposit_slip').where('status', '=', status).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select().where('deposit_slip.status', '=', status)
        .orderBy('deposit_slip.created_at', status === 'PENDING' ? 'asc' : 'desc')
        .limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return { total: Number(total), items: rows.map(view) };
  }

  async item(id: string) {
    if (!UUID.test(id)) return refuse('NOT_FOUND');
    const row = await this.select().where('deposit_slip.id', '=', id).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return view(row);
  }

  async detail(id: string) {
    const item = await this.item(id);
    const image = await this.deps.db.selectFrom('deposit_slip').select(['image', 'image_type']).where('id', '=', id).executeTakeFirstOrThrow();
    // A failed slip's image is deleted after its review window (issue 10).
    return { ...item, image: image.image ? `data:${image.image_type};base64,${Buffer.from(image.image).toString('base64')}` : null };
  }

  async approve(id: string, amount: number, actor: Actor) {
    const before = await this.item(id);
    const minor = toMinor(amount);
    // Read before the transaction: on the embedded database a second connection would wait for it.
    const currency = await this.deps.money.currencyOf(before.memberId);
    let memberId: number | undefined;
    try {
      memberId = await this.deps.money.step(async (step) => {
        const { trx } = step;
        const slip = await trx.updateTable('deposit_slip')
          .set({ status: 'SUCCESS', amount: minor, completed_at: new Date() })
          .where('id', '=', id).where('status', '=', 'PENDING')
          .returning(['member_id', 'reference', 'sending_bank']).executeTakeFirst();
        if (!slip) return undefined;
        // The rules every deposit meets, for this amount (issue 31: a slip held past the member's
        // deposit limit is approved once the limit has room for it, or rejected), as an arrival's assignment meets them.
        await this.deps.money.hooks.depositGate(trx, slip.member_id, { amount: minor });
        const reference = slip.reference ?? id;
        if (!slip.reference) await trx.updateTable('deposit_slip').set({ reference }).where('id', '=', id).execute();
        await creditDeposit(this.deps.money, step, {
          memberId: slip.member_id, currency, channel: 'slip', reference, amount: minor,
          description: { slipId: id, sendingBank: slip.sending_bank, approvedBy: actor.username },
        });
        await this.deps.audit.record(actor, { action: 'slip.approve', targetType: 'slip', targetId: id, before, after: { ...before, status: 'SUCCESS', amount } }, trx);
        return slip.member_id;
      });
    } catch (error) {
      // The same transfer was credited through another slip.
      if (uniqueViolation(error) !== undefined) refuse('SLIP_REFNO_DUPLICATED');
      throw error;
    }
    const after = await this.item(id);
    if (memberId === undefined) {
      if (after.status === 'SUCCESS' && after.amount === amount) return after;
      return refuse('ALREADY_DECIDED');
    }
    return after;
  }

  /** The member sees the reason in the slip status dialog. */
  async reject(id: string, reason: ErrorCode, actor: Actor) {
    const before = await this.item(id);
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('deposit_slip').set({ status: 'FAILED', note: reason, completed_at: new Date() })
        .where('id', '=', id).where('status', '=', 'PENDING').returning('id').executeTakeFirst();
      if (!row) return false;
      await this.deps.audit.record(actor, { action: 'slip.reject', targetType: 'slip', targetId: id, before, after: { ...before, status: 'FAILED', note: reason } }, trx);
      return true;
    });
    const after = await this.item(id);
    if (!done && !(after.status === 'FAILED' && after.note === reason)) return refuse('ALREADY_DECIDED');
    return after;
  }
}

interface Row {
  id: string; member_id: number; name: string; username: string; status: Status; note: string | null; sending_bank: string | null;
  reference: string | null; amount: bigint | null; created_at: Date; completed_at: Date | null;
}

const view = (r: Row) => ({
  id: r.id, memberId: r.member_id, memberName: r.name, username: r.username, status: r.status, note: r.note,
  sendingBank: r.sending_bank, reference: r.reference, amount: r.amount === null ? null : toMajor(r.amount),
  createdAt: r.created_at.toISOString(), completedAt: r.completed_at?.toISOString() ?? null,
});
