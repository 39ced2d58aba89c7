import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor } from '../../../contract';
import type { DB } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import type { Withdrawals } from '../wallet/withdrawals';
import type { Actor, AuditLog } from './audit';
import { UUID } from '../../db/uuid';
import type { RiskSignalCode } from '../../../contract';

/** The codes of the risk signals of a page of withdrawals, by withdrawal id, read in one batch (member360/overview.ts). */
export type WithdrawalSignalCodes = (items: readonly { memberId: number; withdrawalId: string }[]) => Promise<Map<string, RiskSignalCode[]>>;

type Status = 'queued' | 'paying' | 'paid' | 'rejected';


/**
 * The withdrawal queue. Decisions go through the wallet's own withdrawal operations (one
 * status change each, guarded by the status it leaves, then one ledger entry), so two
 * operators acting on one withdrawal at once move its money once: the second gets
 * ALREADY_DECIDED, or, when it is the same operator repeating the same decision, the item.
 */
export class WithdrawalQueue {
  constructor(private readonly deps: { db: Kysely<DB>; withdrawals: Withdrawals; audit: AuditLog; manualPayout: boolean; signals: WithdrawalSignalCodes }) {}

  private base() {
    return this.deps.db.selectFrom('withdrawal').innerJoin('member', 'member.id', 'withdrawal.member_id');
  }

  private select<Q extends ReturnType<WithdrawalQueue['base']>>(query: Q) {
    return query.select([
      'withdrawal.id', 'withdrawal.member_id', 'member.name', 'member.username', 'withdrawal.amount', 'withdrawal.bank_code',
      'withdrawal.bank_account_no', 'withdrawal.bank_account_name', 'withdrawal.status', 'withdrawal.decided_by', 'withdrawal.note',
      'withdrawal.created_at', 'withdrawal.completed_at',
    ]);
  }

  async list(status: Status, page: number) {
    const query = this.base().where('withdrawal.status', '=', status);
    const [{ total }, rows] = await Promise.all([
      query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select(query).orderBy('withdrawal.created_at', status === 'queued' || status === 'paying' ? 'asc' : 'desc')
        .limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    const items = rows.map(view);
    // Read side only: each row shows its signals' codes; they inform the decision, never block it.
    const signals = await this.deps.signals(items.map((w) => ({ memberId: w.memberId, withdrawalId: w.id })));
    return { total: Number(total), items: items.map((w) => ({ ...w, signals: signals.get(w.id) ?? [] })) };
  }

  async item(id: string) {
    if (!UUID.test(id)) return refuse('NOT_FOUND');
    const row = await this.select(this.base().where('withdrawal.id', '=', id)).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return view(row);
  }

  /** Queued to paying; the payout adapter is called at once (a manual payout leaves it paying). */
  approve(id: string, actor: Actor & { username: string }) {
    return this.decide(id, actor, 'withdrawal.approve', (w) => (w.status === 'paying' || w.status === 'paid') && w.decidedBy === actor.username,
      () => this.deps.withdrawals.approve(id, actor.username));
  }

  /** Queued (or paying, at a manual payout) to rejected: the held money returns to the wallet. */
  reject(id: string, reason: string, actor: Actor & { username: string }) {
    return this.decide(id, actor, 'withdrawal.reject', (w) => w.status === 'rejected' && w.decidedBy === actor.username,
      async () => {
        // An automatic payout may be paying right now: only a manual one can be taken back.
        const from: ('queued' | 'paying')[] = this.deps.manualPayout ? ['queued', 'paying'] : ['queued'];
        if (!(await this.deps.withdrawals.finish(id, 'rejected', actor.username, reason, from))) refuse('NO_DATA');
      });
  }

  /** Paying to paid: the operator paid it from the bank (manual payout) or confirmed the bank did. */
  markPaid(id: string, note: string | undefined, actor: Actor & { username: string }) {
    return this.decide(id, actor, 'withdrawal.paid', (w) => w.status === 'paid',
      async () => {
        if (!(await this.deps.withdrawals.finish(id, 'paid', actor.username, note ?? `paid by ${actor.username}`))) refuse('NO_DATA');
      });
  }

  private async decide(id: string, actor: Actor, action: string, sameDecision: (w: ReturnType<typeof view>) => boolean, act: () => Promise<void>) {
    const before = await this.item(id);
    try {
      await act();
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'NO_DATA') throw error;
      // Someone else moved it first (or this is a repeat of our own decision).
      const now = await this.item(id);
      if (sameDecision(now)) return now;
      return refuse('ALREADY_DECIDED');
    }
    const after = await this.item(id);
    await this.deps.audit.record(actor, { action, targetType: 'withdrawal', targetId: id, before, after });
    return after;
  }
}

interface Row {
  id: string; member_id: number; name: string; username: string; amount: bigint; bank_code: string; bank_account_no: string;
  bank_account_name: string; status: Status; decided_by: string | null; note: string | null; created_at: Date; completed_at: Date | null;
}

const view = (r: Row) => ({
  id: r.id, memberId: r.member_id, memberName: r.name, username: r.username, amount: toMajor(r.amount), bankCode: r.bank_code,
  bankAccountNo: r.bank_account_no, bankAccountName: r.bank_account_name, status: r.status, decidedBy: r.decided_by, note: r.note,
  createdAt: r.created_at.toISOString(), completedAt: r.completed_at?.toISOString() ?? null,
});
