import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor, type WithdrawalRejectReason } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import type { Withdrawals } from '../wallet/withdrawals';
import type { Actor, AuditLog } from './audit';
import { independentChecker } from './four-eyes';
import type { Operators } from './operators';
import { UUID } from '../../db/uuid';
import type { RiskSignalCode } from '../../../contract';

/** The codes of the risk signals of a page of withdrawals, by withdrawal id, read in one batch (member360/overview.ts). */
export type WithdrawalSignalCodes = (items: readonly { memberId: number; withdrawalId: string }[]) => Promise<Map<string, RiskSignalCode[]>>;

type Status = 'queued' | 'paying' | 'paid' | 'rejected';
type Operator = Actor & { operatorId: number; username: string };
/** Who asks for the queue: what they may do with each item depends on them. */
export interface Viewer { operatorId: number; mayDecide: boolean }

/**
 * The withdrawal queue. Decisions go through the wallet's own withdrawal operations (one
 * status change each, guarded by the status it leaves, then one ledger entry), so two
 * operators acting on one withdrawal at once move its money once: the second gets
 * ALREADY_DECIDED, or, when it is the same operator repeating the same decision, the item.
 *
 * Four eyes (issue 30): a withdrawal above the four-eyes amount recorded on it when it was made
 * takes two approvals. The first is recorded (`withdrawal.approve_first`) and nothing moves; the
 * second, by an operator of another tree than the first approver's (OWN_APPROVAL) and with a
 * fresh authenticator code (APPROVAL_CODE_REQUIRED, APPROVAL_CODE_INVALID), sends it to the
 * payout (`withdrawal.approve_second`). Refused second approvals are audited too.
 */
export class WithdrawalQueue {
  constructor(private readonly deps: {
    db: Kysely<DB>; withdrawals: Withdrawals; audit: AuditLog; operators: Operators; clock: Clock; manualPayout: boolean;
    signals: WithdrawalSignalCodes;
  }) {}

  private base() {
    return this.deps.db.selectFrom('withdrawal').innerJoin('member', 'member.id', 'withdrawal.member_id')
      .leftJoin('operator as first', 'first.id', 'withdrawal.first_approved_by');
  }

  private select<Q extends ReturnType<WithdrawalQueue['base']>>(query: Q, viewerId: number | null) {
    return query.select([
      'withdrawal.id', 'withdrawal.member_id', 'member.name', 'member.username', 'withdrawal.amount', 'withdrawal.bank_code',
      'withdrawal.bank_account_no', 'withdrawal.bank_account_name', 'withdrawal.status', 'withdrawal.decided_by', 'withdrawal.note',
      'withdrawal.created_at', 'withdrawal.completed_at', 'withdrawal.second_approval_above', 'withdrawal.first_approved_by',
      'withdrawal.first_approved_at', 'first.username as first_approver', 'withdrawal.reject_reason', 'withdrawal.reject_text',
      // The same rule as four-eyes.ts and migration 0035's trigger: the second approver is of another tree.
      sql<boolean>`(withdrawal.first_approved_by is null or (${viewerId}::integer is not null
        and operator_root(withdrawal.first_approved_by) <> operator_root(${viewerId}::integer)))`.as('independent'),
    ]);
  }

  async list(status: Status, page: number, viewer: Viewer) {
    const query = this.base().where('withdrawal.status', '=', status);
    const [{ total }, rows] = await Promise.all([
      query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select(query, viewer.operatorId).orderBy('withdrawal.created_at', status === 'queued' || status === 'paying' ? 'asc' : 'desc')
        .limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    const items = rows.map((row) => view(row, viewer));
    // Read side only: each row shows its signals' codes; they inform the decision, never block it.
    const signals = await this.deps.signals(items.map((w) => ({ memberId: w.memberId, withdrawalId: w.id })));
    return { total: Number(total), items: items.map((w) => ({ ...w, signals: signals.get(w.id) ?? [] })) };
  }

  async item(id: string, viewer: Viewer | null = null) {
    if (!UUID.test(id)) return refuse('NOT_FOUND');
    const row = await this.select(this.base().where('withdrawal.id', '=', id), viewer?.operatorId ?? null).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return view(row, viewer);
  }

  /**
   * Approves a queued withdrawal: at or below its four-eyes amount it goes to the payout adapter
   * at once (a manual payout leaves it paying); above it this is the first or the second approval.
   */
  async approve(id: string, code: string | undefined, actor: Operator) {
    const viewer = { operatorId: actor.operatorId, mayDecide: true };
    const before = await this.item(id, viewer);
    if (before.status !== 'queued' || before.approvalsRequired === 1) {
      return this.decide(id, actor, 'withdrawal.approve', (w) => (w.status === 'paying' || w.status === 'paid') && w.decidedBy === actor.username,
        () => this.deps.withdrawals.approve(id, actor));
    }
    if (before.firstApprovedBy === null) {
      return this.decide(id, actor, 'withdrawal.approve_first', (w) => w.firstApprovedBy === actor.username,
        () => this.deps.withdrawals.approveFirst(id, actor.operatorId, this.deps.clock.now()));
    }
    const row = await this.deps.db.selectFrom('withdrawal').select('first_approved_by').where('id', '=', id).executeTakeFirstOrThrow();
    const refused = async (code: 'OWN_APPROVAL' | 'APPROVAL_CODE_REQUIRED' | 'APPROVAL_CODE_INVALID' | 'REQUEST_LIMIT') => {
      await this.deps.audit.record(actor, { action: 'withdrawal.approve_refused', targetType: 'withdrawal', targetId: id, before, after: { refused: code } });
      return refuse(code);
    };
    if (!(await independentChecker(this.deps.db, row.first_approved_by!, actor.operatorId))) return refused('OWN_APPROVAL');
    if (!code) return refused('APPROVAL_CODE_REQUIRED');
    try {
      await this.deps.operators.confirmCode(actor.operatorId, code);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'APPROVAL_CODE_INVALID' || error.code === 'REQUEST_LIMIT')) return refused(error.code);
      throw error;
    }
    return this.decide(id, actor, 'withdrawal.approve_second', (w) => (w.status === 'paying' || w.status === 'paid') && w.decidedBy === actor.username,
      () => this.deps.withdrawals.approve(id, actor));
  }

  /**
   * Queued (or paying, at a manual payout) to rejected: the held money returns to the wallet. The
   * member reads the reason in their language and the operator's words as they were typed.
   */
  reject(id: string, reason: { code: WithdrawalRejectReason; text?: string }, actor: Operator) {
    if (reason.code === 'OTHER' && !reason.text) return refuse('REASON_REQUIRED');
    return this.decide(id, actor, 'withdrawal.reject', (w) => w.status === 'rejected' && w.decidedBy === actor.username,
      async () => {
        // An automatic payout may be paying right now: only a manual one can be taken back.
        const from: ('queued' | 'paying')[] = this.deps.manualPayout ? ['queued', 'paying'] : ['queued'];
        const note = reason.text ?? reason.code;
        if (!(await this.deps.withdrawals.finish(id, 'rejected', actor.username, note, from, { code: reason.code, text: reason.text ?? null }))) refuse('NO_DATA');
      });
  }

  /** Paying to paid: the operator paid it from the bank (manual payout) or confirmed the bank did. */
  markPaid(id: string, note: string | undefined, actor: Operator) {
    return this.decide(id, actor, 'withdrawal.paid', (w) => w.status === 'paid',
      async () => {
        if (!(await this.deps.withdrawals.finish(id, 'paid', actor.username, note ?? `paid by ${actor.username}`))) refuse('NO_DATA');
      });
  }

  private async decide(id: string, actor: Operator, action: string, sameDecision: (w: WithdrawalView) => boolean, act: () => Promise<void>) {
    const viewer = { operatorId: actor.operatorId, mayDecide: true };
    const before = await this.item(id, viewer);
    try {
      await act();
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'NO_DATA') throw error;
      // Someone else moved it first (or this is a repeat of our own decision).
      const now = await this.item(id, viewer);
      if (sameDecision(now)) return now;
      return refuse('ALREADY_DECIDED');
    }
    const after = await this.item(id, viewer);
    await this.deps.audit.record(actor, { action, targetType: 'withdrawal', targetId: id, before, after });
    return after;
  }
}

interface Row {
  id: string; member_id: number; name: string; username: string; amount: bigint; bank_code: string; bank_account_no: string;
  bank_account_name: string; status: Status; decided_by: string | null; note: string | null; created_at: Date; completed_at: Date | null;
  second_approval_above: bigint | null; first_approved_by: number | null; first_approved_at: Date | null; first_approver: string | null;
  reject_reason: WithdrawalRejectReason | null; reject_text: string | null; independent: boolean;
}

type WithdrawalView = ReturnType<typeof view>;

const view = (r: Row, viewer: Viewer | null) => {
  const approvalsRequired = r.second_approval_above !== null && BigInt(r.amount) > BigInt(r.second_approval_above) ? 2 as const : 1 as const;
  return {
    id: r.id, memberId: r.member_id, memberName: r.name, username: r.username, amount: toMajor(r.amount), bankCode: r.bank_code,
    bankAccountNo: r.bank_account_no, bankAccountName: r.bank_account_name, status: r.status, decidedBy: r.decided_by, note: r.note,
    createdAt: r.created_at.toISOString(), completedAt: r.completed_at?.toISOString() ?? null,
    approvalsRequired,
    secondApprovalAbove: r.second_approval_above === null ? null : toMajor(r.second_approval_above),
    firstApprovedBy: r.first_approver,
    firstApprovedAt: r.first_approved_at?.toISOString() ?? null,
    approvableByYou: Boolean(viewer?.mayDecide) && r.status === 'queued' && r.independent,
    rejectReason: r.reject_reason,
    rejectText: r.reject_text,
  };
};
