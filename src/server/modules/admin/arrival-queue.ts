import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor, toMinor, type ArrivalChannel, type ArrivalReason } from '../../../contract';
import type { BankArrivalStatus, DB } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import { creditArrival } from '../deposits/bank-arrivals';
import type { DepositNotices } from '../deposits/notices';
import { lockSameTransfers, slipForArrival } from '../deposits/same-transfer';
import type { Money } from '../../ledger/envelope';
import type { Actor, AuditLog } from './audit';
import { UUID } from '../../db/uuid';

export interface ArrivalFilter {
  status: BankArrivalStatus;
  q?: string;
  bankCode?: string;
  page: number;
}

/**
 * Incoming transfers (the banks' feeds, True Wallet's) no member was credited for on arrival. An
 * operator assigns one to a member (the wallet is credited in the transaction that moves it from
 * `unmatched`, with the arrival's unique ledger reference) or dismisses it with a note (returned
 * to the sender, or ignored): both are guarded by the status they leave, so two operators at once
 * decide once and the second gets ALREADY_DECIDED (the same operator repeating the same decision
 * gets the item). A waiting bank transfer comes with the members' pending deposit notices of its
 * amount and time (`../deposits/notices.ts`): the member's own word that they sent it, which the
 * operator weighs; assigning it credits as any assignment does, and the credit closes the notice.
 */
export class ArrivalQueue {
  constructor(private readonly deps: { db: Kysely<DB>; money: Money; audit: AuditLog; notices: DepositNotices }) {}

  private select() {
    return this.deps.db.selectFrom('bank_arrival')
      .leftJoin('member', 'member.id', 'bank_arrival.member_id')
      .leftJoin('operator', 'operator.id', 'bank_arrival.decided_by')
      // The notice a bank transfer's credit closed (its ledger reference, arrivalReference's form).
      .leftJoin('deposit_notice', (join) => join.on(sql<string>`deposit_notice.matched_reference`, '=',
        sql<string>`case when bank_arrival.channel = 'bank' then 'bank:' || bank_arrival.bank_code || ':' || bank_arrival.reference end`))
      .select([
        'bank_arrival.id', 'bank_arrival.bank_code', 'bank_arrival.receiving_account', 'bank_arrival.reference', 'bank_arrival.amount',
        'bank_arrival.currency', 'bank_arrival.sender_bank', 'bank_arrival.sender_account', 'bank_arrival.sender_name',
        'bank_arrival.transferred_at', 'bank_arrival.received_at', 'bank_arrival.status', 'bank_arrival.reason', 'bank_arrival.member_id',
        'member.name as member_name', 'member.username', 'operator.username as decided_by', 'bank_arrival.note', 'bank_arrival.decided_at',
        'bank_arrival.slip_id', 'bank_arrival.channel', 'deposit_notice.id as matched_notice_id',
      ]);
  }

  /** The rows as the console shows them, each waiting bank transfer with the notices that may be it. */
  private async views(rows: Row[]) {
    const waiting = rows.filter((r) => r.status === 'unmatched' && r.channel === 'bank').map((r) => ({ ...r, amount: BigInt(r.amount) }));
    const notices = await this.deps.notices.candidates(waiting);
    return rows.map((r) => ({ ...view(r), notices: notices.get(r.id) ?? [] }));
  }

  async list(filter: ArrivalFilter) {
    let query = this.deps.db.selectFrom('bank_arrival').where('status', '=', filter.status);
    if (filter.bankCode) query = query.where('bank_code', '=', filter.bankCode);
    const q = filter.q?.trim();
    if (q) {
      const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
      const amount = /^\d{1,10}(\.\d{1,2})?$/.test(q) ? toMinor(Number(q)) : undefined;
      query = query.where((eb) => eb.or([
        eb('reference', 'ilike', like),
        eb('sender_name', 'ilike', like),
        eb('sender_account', 'like', like),
        ...(amount !== undefined ? [eb('amount', '=', amount)] : []),
      ]));
    }
    const ids = query.select('id');
    const [{ total }, rows] = await Promise.all([
      query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select().where('bank_arrival.id', 'in', ids)
        .orderBy('bank_arrival.received_at', filter.status === 'unmatched' ? 'asc' : 'desc').orderBy('bank_arrival.id')
        .limit(ADMIN_PAGE_SIZE).offset((filter.page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return { total: Number(total), items: await this.views(rows) };
  }

  async item(id: string) {
    if (!UUID.test(id)) return refuse('NOT_FOUND');
    const row = await this.select().where('bank_arrival.id', '=', id).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return (await this.views([row]))[0];
  }

  /**
   * Credits the arrival to the member the operator chose: same currency only, and not while the
   * member holds a bonus. The operator's choice says who sent it; if that member's slip credited
   * this transfer already (same-transfer.ts), the arrival is linked to the slip and books nothing.
   */
  async assign(id: string, memberId: number, note: string | undefined, actor: Actor & { operatorId: number }) {
    const before = await this.item(id);
    let outcome: 'credited' | 'linked' | 'decided before';
    try {
      outcome = await this.deps.money.step(async (step) => {
        const { trx } = step;
        const member = await trx.selectFrom('member').select(['id', 'currency']).where('id', '=', memberId).executeTakeFirst();
        if (!member) throw new DomainError('NO_USER');
        // Taken before the status guard, so the member's slip of this transfer cannot credit it at the same moment.
        const { amount } = await trx.selectFrom('bank_arrival').select('amount').where('id', '=', id).executeTakeFirstOrThrow();
        await lockSameTransfers(trx, BigInt(amount));
        const arrival = await trx.updateTable('bank_arrival')
          .set({ status: 'credited', member_id: memberId, decided_by: actor.operatorId, note: note ?? null, decided_at: new Date() })
          .where('id', '=', id).where('status', '=', 'unmatched')
          .returning(['id', 'channel', 'bank_code', 'reference', 'amount', 'currency', 'sender_bank', 'sender_account', 'receiving_account', 'transferred_at'])
          .executeTakeFirst();
        if (!arrival) return 'decided before';
        if (arrival.currency !== member.currency) throw new DomainError('CURRENCY_MISMATCH', `the arrival is ${arrival.currency}, the wallet ${member.currency}`);
        // The rules every deposit meets, for this amount: a held bonus (BONUS_REMAINING), and safer
        // play's pause or deposit limit (issue 31): a payment held for the limit is credited once the
        // member's limit has room for it (the next period), or returned.
        await this.deps.money.hooks.depositGate(trx, memberId, { amount: BigInt(arrival.amount) });
        // A True Wallet transfer has no bank slip.
        const slip = arrival.channel === 'bank' ? await slipForArrival(trx, { ...arrival, amount: BigInt(arrival.amount) }, memberId) : undefined;
        if (slip) await trx.updateTable('bank_arrival').set({ slip_id: slip.id }).where('id', '=', id).execute();
        else await creditArrival(this.deps.money, step, arrival, memberId, { assignedBy: actor.username });
        await this.deps.audit.record(actor, {
          action: 'arrival.assign', targetType: 'arrival', targetId: id, before,
          after: { ...before, status: 'credited', memberId, decidedBy: actor.username, note: note ?? null, slipId: slip?.id ?? null },
        }, trx);
        return slip ? 'linked' : 'credited';
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A refusal leaves the arrival waiting; the attempt is on record all the same.
      await this.deps.audit.record(actor, { action: 'arrival.assign_refused', targetType: 'arrival', targetId: id, before, after: { memberId, refused: error.code } });
      throw error;
    }
    const after = await this.item(id);
    if (outcome === 'decided before') {
      if (after.status === 'credited' && after.memberId === memberId && after.decidedBy === actor.username) return after;
      return refuse('ALREADY_DECIDED');
    }
    return after;
  }

  /** Returned to the sender or ignored, with the operator's note: no money moves. */
  async dismiss(id: string, note: string, actor: Actor & { operatorId: number }) {
    const before = await this.item(id);
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('bank_arrival').set({ status: 'dismissed', decided_by: actor.operatorId, note, decided_at: new Date() })
        .where('id', '=', id).where('status', '=', 'unmatched').returning('id').executeTakeFirst();
      if (!row) return false;
      await this.deps.audit.record(actor, { action: 'arrival.dismiss', targetType: 'arrival', targetId: id, before, after: { ...before, status: 'dismissed', decidedBy: actor.username, note } }, trx);
      return true;
    });
    const after = await this.item(id);
    if (!done && !(after.status === 'dismissed' && after.decidedBy === actor.username && after.note === note)) return refuse('ALREADY_DECIDED');
    return after;
  }
}

interface Row {
  id: string; bank_code: string; receiving_account: string; reference: string; amount: bigint; currency: string; sender_bank: string;
  sender_account: string; sender_name: string | null; transferred_at: Date; received_at: Date; status: BankArrivalStatus;
  reason: string | null; member_id: number | null; member_name: string | null; username: string | null; decided_by: string | null;
  note: string | null; decided_at: Date | null; slip_id: string | null; channel: ArrivalChannel; matched_notice_id: string | null;
}

const view = (r: Row) => ({
  id: r.id, channel: r.channel, bankCode: r.bank_code, receivingAccount: r.receiving_account, reference: r.reference, amount: toMajor(r.amount),
  currency: r.currency, senderBank: r.sender_bank, senderAccount: r.sender_account, senderName: r.sender_name,
  transferredAt: r.transferred_at.toISOString(), receivedAt: r.received_at.toISOString(), status: r.status,
  reason: r.reason as ArrivalReason | null, memberId: r.member_id, memberName: r.member_name, username: r.username,
  decidedBy: r.decided_by, note: r.note, decidedAt: r.decided_at?.toISOString() ?? null, slipId: r.slip_id,
  matchedNoticeId: r.matched_notice_id,
});
