import { sql, type Kysely } from 'kysely';
import { toMajor } from '../../../../contract';
import type { DB } from '../../../db/schema';
import { HOUSE } from '../../../ledger/accounts';

/**
 * A member's lifetime figures per currency, each a sum of the ledger's own postings of the
 * member's entries (ledger_entry_member_idx), so they cannot disagree with the balances:
 * - deposits: the wallet's postings of 'deposit';
 * - withdrawals: what 'withdraw_paid' moved to the bank payouts (held or returned ones are not paid);
 * - toGames: the game accounts' postings of 'transfer_settle' into a game;
 * - bonuses: the wallet's postings of 'bonus' (bonuses, promotions, invite and refund payouts),
 *   'spin_prize' and 'bonus_forfeit' (negative: what was given back);
 * - adjustments: the wallet's postings of 'adjustment_credit' and 'adjustment_debit';
 * - ggr: minus the game accounts' postings of 'game_result' (a member's loss is the house's gain).
 * Turnover is not money in the ledger: it is what the providers reported as played while the
 * member held bonuses (member_bonus.turnover_done), in the member's currency.
 */
export async function memberFigures(db: Kysely<DB>, memberId: number) {
  const { rows } = await sql<{
    currency: string; deposits: string; withdrawals: string; to_games: string; bonuses: string; adjustments: string; game_results: string;
  }>`
    select a.currency,
      coalesce(sum(p.amount) filter (where e.kind = 'deposit' and a.kind = 'wallet'), 0) as deposits,
      coalesce(sum(p.amount) filter (where e.kind = 'withdraw_paid' and a.kind = 'house' and a.code = ${HOUSE.bankPayouts}), 0) as withdrawals,
      coalesce(sum(p.amount) filter (where e.kind = 'transfer_settle' and a.kind = 'game' and p.amount > 0), 0) as to_games,
      coalesce(sum(p.amount) filter (where e.kind in ('bonus', 'spin_prize', 'bonus_forfeit') and a.kind = 'wallet'), 0) as bonuses,
      coalesce(sum(p.amount) filter (where e.kind in ('adjustment_credit', 'adjustment_debit') and a.kind = 'wallet'), 0) as adjustments,
      coalesce(sum(p.amount) filter (where e.kind = 'game_result' and a.kind = 'game'), 0) as game_results
    from ledger_entry e
    join ledger_posting p on p.entry_id = e.id
    join ledger_account a on a.id = p.account_id
    where e.member_id = ${memberId}
    group by a.currency
    order by a.currency
  `.execute(db);
  const member = await db.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  const turnover = await db.selectFrom('member_bonus').select(sql<string>`coalesce(sum(turnover_done), 0)`.as('done'))
    .where('member_id', '=', memberId).executeTakeFirstOrThrow();
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  if (!byCurrency.has(member.currency)) byCurrency.set(member.currency, { currency: member.currency, deposits: '0', withdrawals: '0', to_games: '0', bonuses: '0', adjustments: '0', game_results: '0' });
  return [...byCurrency.values()].map((r) => {
    const deposits = BigInt(r.deposits);
    const withdrawals = BigInt(r.withdrawals);
    return {
      currency: r.currency,
      deposits: toMajor(deposits),
      withdrawals: toMajor(withdrawals),
      netDeposits: toMajor(deposits - withdrawals),
      toGames: toMajor(BigInt(r.to_games)),
      turnover: toMajor(r.currency === member.currency ? BigInt(turnover.done) : 0n),
      bonuses: toMajor(BigInt(r.bonuses)),
      adjustments: toMajor(BigInt(r.adjustments)),
      ggr: toMajor(-BigInt(r.game_results)),
    };
  });
}
