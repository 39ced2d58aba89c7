import { sql } from 'kysely';
import { LAOS_CURRENCIES, toMajor, type Locale } from '../../../contract';
import type { PerCurrencyAmount } from '../../db/schema';
import type { Clock } from '../../clock';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import type { MoneyStep } from '../../ledger/envelope';
import type { Settings } from '../../settings/settings';
import type { MoneyContext } from '../wallet/money-context';
import { currencyIn, isUniqueViolation, type HeldBonuses } from './member-bonus';
import { amountIn } from './currency-figures';
import { countingWindowStart } from './rules';
import { bannersIn, localized, sanitizeOperatorHtml } from './texts';

/**
 * The operator's refund rule (setting `refund.rule`, seeded by 0012). Amounts in minor units,
 * per member currency since 0026.
 */
export interface RefundRule {
  percent: number;
  period: 'day' | 'week';
  /** The smallest refund made, per currency; a currency without one gets no refunds. */
  minimum: PerCurrencyAmount | number;
  success: number;
  fail: number;
  utcOffsetMinutes?: number;
  info?: unknown;
}

const DEFAULT_RULE: RefundRule = { percent: 0, period: 'day', minimum: {}, success: 0, fail: 0 };

/** The rule's minimum of each currency that has one, minor units as text, for the job's SQL. */
const minimumsOf = (rule: RefundRule) => Object.fromEntries(LAOS_CURRENCIES.flatMap((c) => {
  const minimum = amountIn(rule.minimum, c);
  return minimum === undefined ? [] : [[c, minimum.toString()]];
}));

/** The period before the one `now` is in: [start, end) and its key (`day:2026-11-22`). */
export function previousPeriod(period: 'day' | 'week', now: Date, offsetMinutes: number) {
  const end = countingWindowStart(period, now, offsetMinutes)!;
  const start = countingWindowStart(period, new Date(end.getTime() - 1), offsetMinutes)!;
  const localDate = new Date(start.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
  return { start, end, key: `${period}:${localDate}` };
}

/**
 * Refunds (cashback): after each period the job gives every member `percent` of their net loss
 * in games (the game results the ledger booked in the period), when it reaches `minimum`. A
 * refund is one row per member and period (unique key), made by one INSERT ... ON CONFLICT DO
 * NOTHING, so two server processes running the job at once make it once. The member receives
 * it as a held bonus (with the rule's turnover) or straight into the wallet.
 */
export class Refunds {
  constructor(private readonly money: MoneyContext, private readonly settings: Settings, private readonly held: HeldBonuses, private readonly clock: Clock) {}

  rule() {
    return this.settings.get<RefundRule>('refund.rule', DEFAULT_RULE);
  }

  /** The job: makes the refunds of the period that ended last. Answers how many it made. */
  async computeDue(): Promise<number> {
    const rule = await this.rule();
    if (rule.percent <= 0) return 0;
    const { start, end, key } = previousPeriod(rule.period, this.clock.now(), rule.utcOffsetMinutes ?? 420);
    // Each member's refund is held to the minimum of the currency they hold (a kip loss is not measured in baht).
    const minimums = JSON.stringify(minimumsOf(rule));
    // Safer play (issue 31): no refund for a member whose break or self-exclusion touched the
    // period or holds now: nothing waits for them when it ends.
    const paused = [...new Set((await this.money.hooks.pausesIn(this.money.db, { from: start, to: new Date(Math.max(end.getTime(), this.clock.now().getTime()) + 1) }))
      .map((p) => p.memberId))];
    const made = await sql`
      insert into refund (member_id, period, net_loss, amount)
      select r.member_id, ${key}, r.loss, r.loss * ${rule.percent} / 100
      from (
        select e.member_id, -sum(p.amount) as loss
        from ledger_entry e
        join ledger_posting p on p.entry_id = e.id
        join ledger_account a on a.id = p.account_id and a.member_id = e.member_id
        where e.kind = 'game_result' and e.created_at >= ${start} and e.created_at < ${end}
        group by e.member_id
      ) r
      join member m on m.id = r.member_id
      where r.loss > 0 and (${minimums}::jsonb ->> m.currency) is not null
        and not (m.id = any(${paused}::integer[]))
        and r.loss * ${rule.percent} / 100 >= greatest((${minimums}::jsonb ->> m.currency)::bigint, 1)
      on conflict (member_id, period) do nothing`.execute(this.money.db);
    return Number(made.numAffectedRows ?? 0n);
  }

  /** POST /api/refund: a page of the member's refunds, newest first. */
  async page(memberId: number, page: number, limit: number) {
    const base = this.money.db.selectFrom('refund').where('member_id', '=', memberId);
    const [{ total }, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      base.select(['amount', 'created_at']).orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    ]);
    return { total: Number(total), refunds: rows.map((r) => ({ refundAmount: toMajor(BigInt(r.amount)), createdAt: r.created_at.toISOString() })) };
  }

  private async waiting(memberId: number) {
    const row = await this.money.db.selectFrom('refund').select(sql<string>`coalesce(sum(amount), 0)::text`.as('waiting'))
      .where('member_id', '=', memberId).where('status', '=', 'waiting').executeTakeFirstOrThrow();
    return BigInt(row.waiting);
  }

  /** GET /api/refund/check. */
  async check(memberId: number, language: Locale) {
    const [rule, waiting, held, currency] = await Promise.all([
      this.rule(), this.waiting(memberId), this.held.held(this.money.db, memberId), this.money.currencyOf(memberId),
    ]);
    const minimum = amountIn(rule.minimum, currency);
    return {
      result: waiting > 0n,
      bonus: Boolean(held),
      info: sanitizeOperatorHtml(localized(rule.info, language)),
      refundAmount: toMajor(waiting),
      refundSuccess: rule.success,
      refundFail: rule.fail,
      // A currency without a minimum gets no refunds at all.
      refundMinimum: minimum === undefined ? null : toMajor(minimum),
      currency: currency as (typeof LAOS_CURRENCIES)[number],
    };
  }

  /**
   * Takes every waiting refund of the member in the caller's transaction (a conditional update:
   * of two calls at once, the second finds nothing).
   */
  private async take(trx: MoneyStep['trx'], memberId: number, as: 'bonus' | 'wallet') {
    const taken = await trx.updateTable('refund').set({ status: as, received_at: new Date() })
      .where('member_id', '=', memberId).where('status', '=', 'waiting').returning(['id', 'amount']).execute();
    const amount = taken.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    if (amount <= 0n) throw new DomainError('NO_REFUND');
    return { amount, ids: taken.map((r) => String(r.id)).sort() };
  }

  private async active() {
    const rule = await this.rule();
    if (rule.percent <= 0) throw new DomainError('REFUND_INACTIVE');
    return rule;
  }

  /** GET /api/refund/receive: the waiting refund becomes the member's held bonus. */
  async receive(memberId: number) {
    const rule = await this.active();
    try {
      await this.money.step(async (step) => {
        const { trx } = step;
        // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
        await this.money.hooks.giftGate(step.trx, memberId);
        const { amount } = await this.take(trx, memberId, 'bonus');
        if (await this.held.held(trx, memberId)) throw new DomainError('REFUND_CONDITION');
        await this.held.grant(step, {
          memberId, source: 'refund', code: 'REFUND', amount, depositAmount: 0n, depositEntryId: null,
          target: (amount * BigInt(Math.max(rule.success, 1))) / 100n, minimum: (amount * BigInt(rule.fail)) / 100n,
          percentFail: rule.fail, categories: ['slot', 'sport', 'lotto'], description: 'REFUND',
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('REFUND_CONDITION');
      throw error;
    }
    return { message: 'REFUND_SUCCESS' as const };
  }

  /** GET /api/refund/addWallet: the waiting refund goes straight into the wallet. */
  async addWallet(memberId: number) {
    await this.active();
    const result = await this.money.step(async (step) => {
      const { trx } = step;
      // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
      await this.money.hooks.giftGate(step.trx, memberId);
      const { amount, ids } = await this.take(trx, memberId, 'wallet');
      await step.register({ memberId, key: `refund:${ids.join(',')}`, operation: 'refund_claim', payload: {} }, answerBody({ amount: amount.toString() }));
      const posted = await step.post({
        kind: 'bonus', memberId, currency: await currencyIn(trx, memberId), reference: `refund:${ids.join(',')}`,
        description: { source: 'refund', code: 'REFUND', description: 'REFUND' },
        postings: [{ account: wallet(memberId), amount }, { account: house(HOUSE.bonusExpense), amount: -amount }],
      });
      return { amount, balance: [...posted.balances.values()][0] };
    });
    return { message: 'REFUND_SUCCESS' as const, amount: toMajor(result.amount), wallet: { amount: toMajor(result.balance) } };
  }

  async banners(language: Locale) {
    return bannersIn(await this.settings.get('refund.banners', []), language);
  }
}
