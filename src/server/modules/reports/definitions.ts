import { sql, type RawBuilder } from 'kysely';
import type { ReportKind } from '../../../contract';
import { bonusCategory, LEDGER } from './ledger-terms';

/**
 * Each report of the ledger as SQL pieces over one shape: the entries `e` of some kinds in the
 * range, each with its house posting `h` (amount, account_id, and the house account's code and
 * currency; one per entry, the one the report reads, chosen by `house` over posting `hp` and
 * account `ha`), the member `m`, and any further joins. A line's `amount` and the summary's groups
 * and figures are expressions over those. The operator actions report reads the audit log instead
 * (`operators.ts`). README.md says what each amount means.
 */
export interface LedgerReport {
  kinds: readonly string[];
  /** Which house posting of the entry the report reads (over `hp` and its account `ha`). */
  house: RawBuilder<unknown>;
  /** Further conditions on the entry. */
  where?: RawBuilder<unknown>;
  joins?: RawBuilder<unknown>;
  /** The amount of a line in minor units (signed as the report means it). */
  amount: RawBuilder<unknown>;
  /** The report's own columns, as `expression as column_code` (the common ones come from the shape). */
  columns: RawBuilder<unknown>;
  /** What the summary groups by within a currency. */
  group: RawBuilder<unknown>;
  /** Sums beside count and amount, as `sum(...)::text as "figure"` (REPORT_SUMMARY_FIGURES). */
  figures?: RawBuilder<unknown>;
}

const prefixed = (prefix: string) => sql`ha.code like ${`${prefix}%`}`;
const suffixOf = (prefix: string) => sql`substr(h.code, ${prefix.length + 1})`;
const memberBonusJoin = sql`left join member_bonus mb on mb.id = (case when e.reference like 'member_bonus:%' then substr(e.reference, 14)::bigint end)`;
const paidAs = sql`(case when e.reference like 'member_bonus:%' then 'bonus' else 'wallet' end)`;
const bonusKind = sql`(case e.kind when 'bonus_forfeit' then 'forfeit' else 'grant' end)`;
const grantFigures = sql`
  sum(case when e.kind = 'bonus' then -h.amount else 0 end)::text as "granted",
  sum(case when e.kind = 'bonus_forfeit' then h.amount else 0 end)::text as "forfeited"`;

/** Bonus-expense entries (grants and forfeits) of some categories (`bonusCategory`). */
const bonusFamily = (categories: string[], extra: Pick<LedgerReport, 'columns' | 'group' | 'figures'>): LedgerReport => ({
  kinds: ['bonus', 'bonus_forfeit'],
  house: sql`ha.code = ${LEDGER.bonusExpense}`,
  where: sql`${bonusCategory} in (${sql.join(categories)})`,
  joins: memberBonusJoin,
  amount: sql`-h.amount`,
  ...extra,
});

const movement = sql`(case
  when e.kind = 'game_result' then (case when h.amount > 0 then 'member_loss' else 'member_win' end)
  when e.kind = 'transfer_settle' then (case when ma.kind = 'game' then 'to_game' else 'from_game' end)
  else (case when ma.kind = 'wallet' then 'to_game_reversed' else 'from_game_reversed' end) end)`;

export const LEDGER_REPORTS: Record<Exclude<ReportKind, 'operators'>, LedgerReport> = {
  deposits: {
    kinds: ['deposit'],
    house: prefixed(LEDGER.depositsPrefix),
    amount: sql`-h.amount`,
    columns: sql`${suffixOf(LEDGER.depositsPrefix)} as channel, e.reference as reference`,
    group: suffixOf(LEDGER.depositsPrefix),
  },
  withdrawals: {
    kinds: ['withdraw_hold', 'withdraw_paid', 'withdraw_return'],
    // A paid withdrawal moves money between two house accounts: its line is the payout's side.
    house: sql`ha.code in (${LEDGER.withdrawalsInFlight}, ${LEDGER.bankPayouts}) and (ha.code = ${LEDGER.bankPayouts}) = (e.kind = 'withdraw_paid')`,
    amount: sql`abs(h.amount)`,
    columns: sql`(case e.kind when 'withdraw_hold' then 'held' when 'withdraw_paid' then 'paid' else 'returned' end) as step, e.reference as withdrawal_id`,
    group: sql`(case e.kind when 'withdraw_hold' then 'held' when 'withdraw_paid' then 'paid' else 'returned' end)`,
  },
  bonuses: bonusFamily(['bonus', 'promotion'], {
    columns: sql`${bonusKind} as kind, ${bonusCategory} as source, e.description->>'code' as code, mb.id::text as bonus_id,
      mb.turnover_target::text as turnover_target, mb.turnover_done::text as turnover_done, coalesce(mb.outcome, mb.status) as bonus_status`,
    group: sql`coalesce(e.description->>'code', ${bonusCategory})`,
    figures: sql`${grantFigures},
      sum(case when e.kind = 'bonus' then coalesce(mb.turnover_target, 0) else 0 end)::text as "turnoverTarget",
      sum(case when e.kind = 'bonus' then coalesce(mb.turnover_done, 0) else 0 end)::text as "turnoverDone"`,
  }),
  refunds: bonusFamily(['refund'], {
    columns: sql`${bonusKind} as kind, ${paidAs} as paid_as, e.reference as reference`,
    group: paidAs,
    figures: grantFigures,
  }),
  invites: bonusFamily(['invite'], {
    columns: sql`${bonusKind} as kind, ${paidAs} as paid_as, e.reference as reference`,
    group: paidAs,
    figures: grantFigures,
  }),
  spin: {
    kinds: ['spin_prize'],
    house: sql`ha.code = ${LEDGER.bonusExpense}`,
    amount: sql`-h.amount`,
    columns: sql`e.description->'luckydraw'->>'slice' as slice, e.reference as coupon_id`,
    group: sql`coalesce(e.description->'luckydraw'->>'slice', '')`,
  },
  providers: {
    kinds: ['transfer_settle', 'transfer_reverse', 'game_result'],
    house: sql`(${prefixed(LEDGER.transfersInFlightPrefix)} or ${prefixed(LEDGER.gameFloatPrefix)})`,
    joins: sql`join ledger_posting mp on mp.entry_id = e.id and mp.account_id <> h.account_id join ledger_account ma on ma.id = mp.account_id`,
    // A transfer's line is the amount moved; a game result's is the house's side (the member's loss, negative for a win).
    amount: sql`(case when e.kind = 'game_result' then h.amount else abs(h.amount) end)`,
    columns: sql`split_part(h.code, ':', 2) as provider, ${movement} as movement, e.reference as reference`,
    group: sql`split_part(h.code, ':', 2)`,
    figures: sql`
      sum(case when ${movement} = 'to_game' then abs(h.amount) else 0 end)::text as "toGame",
      count(*) filter (where ${movement} = 'to_game')::text as "toGameCount",
      sum(case when ${movement} = 'from_game' then abs(h.amount) else 0 end)::text as "fromGame",
      count(*) filter (where ${movement} = 'from_game')::text as "fromGameCount",
      sum(case when e.kind = 'transfer_reverse' then abs(h.amount) else 0 end)::text as "reversed",
      count(*) filter (where e.kind = 'transfer_reverse')::text as "reversedCount",
      sum(case when e.kind = 'game_result' then h.amount else 0 end)::text as "ggr"`,
  },
  adjustments: {
    kinds: ['adjustment_credit', 'adjustment_debit'],
    house: sql`ha.code = ${LEDGER.manualAdjustments}`,
    amount: sql`-h.amount`,
    columns: sql`(case e.kind when 'adjustment_credit' then 'credit' else 'debit' end) as direction, e.description->>'reason' as reason, e.reference as adjustment_id`,
    group: sql`(case e.kind when 'adjustment_credit' then 'credit' else 'debit' end)`,
  },
};

/** The providers report's summary amount is the GGR, not the sum of lines (which mixes transfers and results). */
export const SUMMARY_AMOUNT_FIGURE: Partial<Record<ReportKind, string>> = { providers: 'ggr' };

/** Figures that count lines rather than sum amounts. */
export const COUNT_FIGURES: ReadonlySet<string> = new Set(['toGameCount', 'fromGameCount', 'reversedCount']);
