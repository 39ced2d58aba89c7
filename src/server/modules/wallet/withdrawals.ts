import { v7 as uuidv7 } from 'uuid';
import { toMajor, toMinor, type WithdrawalRejectReason } from '../../../contract';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody, type MoneyAnswer } from '../../ledger/answer';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { ProviderRefusal, withTimeout } from '../../providers/games/adapter';
import { refuseOffStep, type MoneyRules } from '../../settings/money-rules';
import { syncGameBalance } from './game-sync';
import type { MoneyContext } from './money-context';

/**
 * Withdrawals to the member's own registered bank account. The amount is held at once
 * (wallet to "withdrawals in flight"); up to the operator's auto-pay limit the payout adapter
 * pays it straight away, above it the withdrawal waits in the queue for an operator, who
 * approves (pay) or rejects (the money returns to the wallet). Above the four-eyes amount
 * (`secondApprovalAbove`, recorded on the withdrawal when it is made) it takes two operators'
 * approvals; migration 0035 holds that rule in the database.
 */
export class Withdrawals {
  constructor(private readonly money: MoneyContext, private readonly rules: MoneyRules) {}

  async withdraw(request: { memberId: number; key: string; amount?: bigint; all?: boolean }): Promise<MoneyAnswer> {
    const { memberId, key } = request;
    const currency = await this.money.currencyOf(memberId);
    // The member's currency's own bounds: 100 baht is not 100 kip.
    const limits = await this.rules.of(currency);
    const autoPayLimit = toMinor(limits.autoPayLimit);
    const secondApprovalAbove = toMinor(limits.secondApprovalAbove);
    const payload = request.all ? { all: true, amount: request.amount?.toString() } : { amount: request.amount?.toString() };
    // The whole balance ends a held bonus, which needs the game accounts empty: they are read from
    // the providers first, so a game emptied by losses the ledger has not learnt yet does not
    // refuse it (BONUS_GAME_MONEY), and money still there is named as the cause.
    if (request.all) await this.syncGames(memberId);

    const moved = await this.money.request({ memberId, key, operation: 'withdraw', payload }, async (step) => {
      const { trx } = step;
      // A bonus activated at the same moment either comes first (and is seen by the held-bonus
      // rule below) or reads this withdrawal when it counts the deposit still held (issue 25).
      await takeMemberTurn(trx, memberId);
      // withdrawAll carries the balance the member saw and confirmed: never withdraw a different
      // sum. Compared before a held bonus is given up, since the member saw the balance with it.
      if (request.all && request.amount !== undefined) {
        const seen = await trx.selectFrom('ledger_account').select('balance')
          .where('member_id', '=', memberId).where('kind', '=', 'wallet').forUpdate().executeTakeFirst();
        if (seen && BigInt(seen.balance) !== request.amount) throw new DomainError('BALANCE_CHANGED');
      }
      // Promotions' rule (a held bonus allows the whole balance only, and is given up by it).
      await this.money.hooks.withdrawal(step, { memberId, wholeBalance: Boolean(request.all) });
      const member = await trx.selectFrom('member')
        .innerJoin('ledger_account', (j) => j.onRef('ledger_account.member_id', '=', 'member.id').on('ledger_account.kind', '=', 'wallet'))
        .select(['member.bank_code', 'member.bank_account_no', 'member.bank_account_name', 'ledger_account.balance'])
        .where('member.id', '=', memberId).executeTakeFirst();
      if (!member) throw new DomainError('NO_WALLET');
      const amount = request.all ? BigInt(member.balance) : request.amount!;
      if (amount <= 0n) throw new DomainError('MONEY_NOT_ENOUGH');
      // withdrawAll takes whatever there is; an amount asked for is in the currency's steps.
      if (!request.all) refuseOffStep(limits, amount);
      if (amount < toMinor(limits.withdrawMin)) throw new DomainError('WITHDRAW_MINIMUM');
      if (amount > toMinor(limits.withdrawMax)) throw new DomainError('WITHDRAW_MAXIMUM');
      const id = uuidv7(); // time-ordered, as transfer ids (see transfers.ts)
      // Above the four-eyes amount nothing pays itself, whatever the auto-pay limit says.
      const status = amount <= autoPayLimit && amount <= secondApprovalAbove ? 'paying' : 'queued';
      // The payout always goes to the account the member registered, never one from the request.
      await trx.insertInto('withdrawal').values({
        id, member_id: memberId, amount, status, idempotency_key: key,
        bank_code: member.bank_code, bank_account_no: member.bank_account_no, bank_account_name: member.bank_account_name,
        payout_reference: null, decided_by: null, note: null, completed_at: null, second_approval_above: secondApprovalAbove,
      }).execute();
      const posted = await step.post({
        kind: 'withdraw_hold', memberId, currency, reference: id,
        postings: [{ account: wallet(memberId), amount: -amount }, { account: house(HOUSE.withdrawalsInFlight), amount }],
      });
      return { answer: answerBody({ wallet: { amount: toMajor([...posted.balances.values()][0]) } }), result: { id, status } };
    });
    if (moved.result?.status === 'paying') await this.pay(moved.result.id);
    return moved.answer;
  }

  /** Books every active game account's balance as its provider holds it; a provider that does not answer keeps its figure. */
  private async syncGames(memberId: number): Promise<void> {
    const games = await this.money.db.selectFrom('game_account').select('provider_code')
      .where('member_id', '=', memberId).where('is_active', '=', true).execute();
    await Promise.all(games.map((g) => syncGameBalance(this.money, memberId, g.provider_code).catch(() => false)));
  }

  /** Pays a withdrawal in 'paying'; a refusal returns the money, no answer leaves it for the reconciler. */
  async pay(withdrawalId: string): Promise<void> {
    const w = await this.money.db.selectFrom('withdrawal').selectAll().where('id', '=', withdrawalId).executeTakeFirst();
    if (!w || w.status !== 'paying') return;
    let outcome: 'paid' | 'accepted';
    try {
      outcome = await withTimeout(
        this.money.payout.pay({ reference: w.id, bankCode: w.bank_code, bankAccountNo: w.bank_account_no, bankAccountName: w.bank_account_name, amount: BigInt(w.amount) }),
        this.money.providerTimeoutMs,
      );
    } catch (error) {
      if (error instanceof ProviderRefusal) await this.finish(withdrawalId, 'rejected', 'payout', error.reason, ['paying'], { code: 'PAYOUT_REFUSED', text: null });
      return;
    }
    // A manual payout stays paying until an operator marks it paid (or rejects it).
    if (outcome === 'paid') await this.finish(withdrawalId, 'paid', 'payout');
  }

  /**
   * An operator's approval that sends a queued withdrawal to the payout: the only one it needs, or
   * the second of two by another operator than the first (the queue has checked they are of
   * different trees; the database refuses otherwise). Guarded by the status it leaves and by the
   * approvals it needs, so two approvals at once pay once and a missing first approval pays nothing.
   */
  async approve(withdrawalId: string, operator: { operatorId: number; username: string }): Promise<void> {
    const moved = await this.money.db.updateTable('withdrawal').set({ status: 'paying', decided_by: operator.username, approved_by: operator.operatorId })
      .where('id', '=', withdrawalId).where('status', '=', 'queued')
      .where((eb) => eb.or([
        eb('second_approval_above', 'is', null),
        eb('amount', '<=', eb.ref('second_approval_above')),
        eb.and([eb('first_approved_by', 'is not', null), eb('first_approved_by', '<>', operator.operatorId)]),
      ]))
      .executeTakeFirst();
    if (!moved.numUpdatedRows) throw new DomainError('NO_DATA');
    await this.pay(withdrawalId);
  }

  /** The first of two approvals of a withdrawal above its four-eyes amount: recorded once, nothing moves. */
  async approveFirst(withdrawalId: string, operatorId: number, at: Date): Promise<void> {
    const recorded = await this.money.db.updateTable('withdrawal').set({ first_approved_by: operatorId, first_approved_at: at })
      .where('id', '=', withdrawalId).where('status', '=', 'queued').where('first_approved_by', 'is', null)
      .where('second_approval_above', 'is not', null).where('amount', '>', (eb) => eb.ref('second_approval_above'))
      .executeTakeFirst();
    if (!recorded.numUpdatedRows) throw new DomainError('NO_DATA');
  }

  /** An operator refuses a queued withdrawal: the held money returns to the wallet. */
  async reject(withdrawalId: string, operator: string, note?: string): Promise<void> {
    const done = await this.finish(withdrawalId, 'rejected', operator, note, ['queued']);
    if (!done) throw new DomainError('NO_DATA');
  }

  /** Ends a withdrawal once: paid (held money leaves for the bank) or rejected (it returns). */
  async finish(
    withdrawalId: string, outcome: 'paid' | 'rejected', by: string, note?: string, from: ('queued' | 'paying')[] = ['paying'],
    reason?: { code: WithdrawalRejectReason; text: string | null },
  ): Promise<boolean> {
    const currency = await this.currencyOfWithdrawal(withdrawalId);
    if (currency === undefined) return false;
    return this.money.step(async (step) => {
      const w = await step.trx.updateTable('withdrawal')
        .set({
          status: outcome, completed_at: new Date(), note: note ?? null,
          ...(outcome === 'paid' ? { payout_reference: withdrawalId } : { decided_by: by, reject_reason: reason?.code ?? null, reject_text: reason?.text ?? null }),
        })
        .where('id', '=', withdrawalId).where('status', 'in', from)
        .returningAll().executeTakeFirst();
      if (!w) return false;
      const amount = BigInt(w.amount);
      // The withdrawal ends once, whoever ends it (the request, an operator, the reconciler).
      await step.register({ memberId: w.member_id, key: `withdrawal-end:${w.id}`, operation: 'withdraw_end', payload: { outcome } }, answerBody({ outcome }));
      await step.post({
        kind: outcome === 'paid' ? 'withdraw_paid' : 'withdraw_return',
        memberId: w.member_id, currency, reference: w.id,
        postings: [
          { account: house(HOUSE.withdrawalsInFlight), amount: -amount },
          { account: outcome === 'paid' ? house(HOUSE.bankPayouts) : wallet(w.member_id), amount },
        ],
      });
      // Whoever ended it (the payout, an operator, the reconciler), the member hears it once: this step runs once per withdrawal.
      step.tell(w.member_id, { kind: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.refused', amount, currency });
      return true;
    });
  }

  /** Read before the step: on the embedded database a second connection would wait for the step's. */
  private async currencyOfWithdrawal(withdrawalId: string): Promise<string | undefined> {
    const w = await this.money.db.selectFrom('withdrawal').select('member_id').where('id', '=', withdrawalId).executeTakeFirst();
    return w ? this.money.currencyOf(w.member_id) : undefined;
  }
}

