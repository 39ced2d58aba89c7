import { sql } from 'kysely';
import { MAIN_WALLET_CODE, STATUS_FAILED, STATUS_SUCCESS, toMajor, type StatementType } from '../../../contract';
import type { MoneyContext } from './money-context';

/**
 * The member's statement: a view of the ledger entries that start something the member did
 * (a transfer, a withdrawal, a deposit), with the status of what followed. Not a second book.
 */
const ANCHORS: Record<string, StatementType> = {
  transfer_reserve: 'transfer',
  withdraw_hold: 'withdraw',
  deposit: 'deposit',
  bonus: 'bonus',
  finish_bonus: 'finish_bonus',
};

const PENDING = 'PENDING';

export async function statementPage(money: MoneyContext, memberId: number, page: number, limit: number) {
  const kinds = Object.keys(ANCHORS);
  const base = money.db.selectFrom('ledger_entry').where('ledger_entry.member_id', '=', memberId).where('ledger_entry.kind', 'in', kinds);
  const [{ total }, entries] = await Promise.all([
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('game_transfer', (j) => j.on(sql`game_transfer.id::text`, '=', sql.ref('ledger_entry.reference')))
      .leftJoin('withdrawal', (j) => j.on(sql`withdrawal.id::text`, '=', sql.ref('ledger_entry.reference')))
      .select([
        'ledger_entry.id', 'ledger_entry.kind', 'ledger_entry.created_at', 'ledger_entry.description',
        'game_transfer.direction', 'game_transfer.provider_code', 'game_transfer.status as transfer_status', 'game_transfer.amount as transfer_amount',
        'withdrawal.status as withdrawal_status', 'withdrawal.amount as withdrawal_amount', 'withdrawal.bank_code',
        sql<string>`(select sum(p.amount) from ledger_posting p join ledger_account a on a.id = p.account_id where p.entry_id = ledger_entry.id and a.member_id = ${memberId})`.as('member_delta'),
      ])
      .orderBy('ledger_entry.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);

  const statements = entries.map((e) => {
    const statementType = ANCHORS[e.kind];
    let status = STATUS_SUCCESS;
    let from: string | null = null;
    let to: string | null = MAIN_WALLET_CODE;
    // Deposits and bonuses: what reached the member's accounts.
    let amount = Math.abs(toMajor(BigInt(e.member_delta ?? 0)));
    if (e.kind === 'transfer_reserve') {
      status = e.transfer_status === 'settled' ? STATUS_SUCCESS : e.transfer_status === 'reversed' ? STATUS_FAILED : PENDING;
      from = e.direction === 'to_game' ? MAIN_WALLET_CODE : e.provider_code;
      to = e.direction === 'to_game' ? e.provider_code : MAIN_WALLET_CODE;
      amount = toMajor(BigInt(e.transfer_amount ?? 0));
    } else if (e.kind === 'withdraw_hold') {
      status = e.withdrawal_status === 'paid' ? STATUS_SUCCESS : e.withdrawal_status === 'rejected' ? STATUS_FAILED : PENDING;
      from = MAIN_WALLET_CODE;
      to = e.bank_code;
      amount = toMajor(BigInt(e.withdrawal_amount ?? 0));
    } else if (e.kind === 'deposit') {
      // Where the money came from: slip, truewallet, sandbox, or the QR provider's code.
      const channel = e.description?.channel;
      from = typeof channel === 'string' ? channel : null;
    }
    return { _id: String(e.id), statementType, status, from, to, amount, createdAt: e.created_at.toISOString() };
  });
  return { total: Number(total), statements };
}
