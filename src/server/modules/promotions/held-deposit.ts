import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * How much of a deposit is still in the member's account, which is what a deposit bonus counts:
 * its amount less what was withdrawn since it (a withdrawal held for payout counts; one the
 * operator rejected gave its money back), and never more than the member's whole balance now
 * (wallet and game accounts as the ledger holds them), since money lost in a game is not held
 * either. Read in the activation's transaction, with the member row locked, so a withdrawal
 * cannot slip in between this answer and the bonus.
 */
export async function depositStillHeld(trx: Transaction<DB>, memberId: number, deposit: { entryId: bigint; amount: bigint }): Promise<bigint> {
  const { rows } = await sql<{ withdrawn: string; balance: string }>`
    select
      (select coalesce(-sum(p.amount), 0)
        from ledger_entry e
        join ledger_posting p on p.entry_id = e.id
        join ledger_account a on a.id = p.account_id and a.member_id = ${memberId} and a.kind = 'wallet'
        where e.member_id = ${memberId} and e.kind in ('withdraw_hold', 'withdraw_return')
          and e.reference in (
            select h.reference from ledger_entry h
            where h.member_id = ${memberId} and h.kind = 'withdraw_hold' and h.id > ${deposit.entryId}))::text as withdrawn,
      (select coalesce(sum(balance), 0) from ledger_account where member_id = ${memberId})::text as balance`.execute(trx);
  const left = deposit.amount - BigInt(rows[0].withdrawn);
  const balance = BigInt(rows[0].balance);
  const held = left < balance ? left : balance;
  return held > 0n ? held : 0n;
}
