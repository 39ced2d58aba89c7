import { sql } from 'kysely';
import { z } from 'zod';
import { MAIN_WALLET_CODE, STATUS_FAILED, STATUS_SUCCESS, toMajor, type StatementType, type WithdrawalRejectReason } from '../../../contract';
import { keysetPage, memberListTotal, type ListPageRequest } from '../../db/member-lists';
import { pickText } from '../../content/request-language';
import type { LocalizedText } from '../../content/localized-text';
import type { Locale } from '../../../contract';
import type { MoneyContext } from './money-context';

/**
 * The member's statement: a view of the ledger entries that start something the member did
 * (a transfer, a withdrawal, a deposit), with the status of what followed. Not a second book.
 * A kind added here is added to the statement_kind table too, by a migration that then calls
 * statement_lines_rebuild() (tests/server/statement-scale.test.ts keeps the two equal).
 */
export const ANCHORS: Record<string, StatementType> = {
  transfer_reserve: 'transfer',
  withdraw_hold: 'withdraw',
  deposit: 'deposit',
  bonus: 'bonus',
  finish_bonus: 'finish_bonus',
  // A bonus given up by withdrawing the whole balance: the bonus amount went back.
  bonus_forfeit: 'finish_bonus',
  // A spin wheel prize claimed into the wallet, linked to its lucky draw.
  spin_prize: 'bonus',
  // An operator's manual credit or debit (back office, maker-checker).
  adjustment_credit: 'deposit',
  adjustment_debit: 'withdraw',
};

/** The bonus, promotion, invite or refund a bonus entry comes from, as the statement links it. */
const LINKED_SOURCES = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'];

/**
 * The linked object's words, in the language the member reads the statement in now (issue 28):
 * a bonus's or promotion's text is booked in every language and picked here; an invite's or a
 * refund's is its marker ('INVITE', 'REFUND'), which the client words. A bonus booked before
 * texts had languages kept the words of the day it came, in that day's language: its code
 * stands for it, which reads the same in every language.
 */
function linkedObject(description: Record<string, unknown> | null, language: Locale) {
  const source = description?.source;
  if (typeof source !== 'string' || !LINKED_SOURCES.includes(source)) return {};
  const booked = description?.description;
  const code = String(description?.code ?? source);
  const text =
    booked && typeof booked === 'object' ? pickText(booked as LocalizedText, language)
    : typeof booked === 'string' && source !== 'bonus' && source !== 'promotion' ? booked
    : code;
  return { [source]: { description: text || code } };
}

const PENDING = 'PENDING';

interface StatementEntryRow {
  seq: bigint;
  id: bigint;
  kind: string;
  created_at: Date;
  description: Record<string, unknown> | null;
  direction: string | null;
  provider_code: string | null;
  transfer_status: string | null;
  transfer_amount: bigint | null;
  withdrawal_status: string | null;
  withdrawal_amount: bigint | null;
  bank_code: string | null;
  reject_reason: WithdrawalRejectReason | null;
  reject_text: string | null;
  member_delta: bigint | null;
}

/**
 * A page of the member's statement lines (migration 0009 numbers them 1, 2, 3... per member),
 * newest first. Page N is a range of the member's own lines, and `total` is the running count,
 * so neither depends on how long anyone's history is. Each line's entry, transfer and
 * withdrawal are then read by primary key (the entry's reference is cast to the uuid key,
 * never the key to text, which no index could serve).
 */
export async function statementPage(money: MoneyContext, memberId: number, request: ListPageRequest, language: Locale = 'en') {
  // The total first: every line up to it has committed with it, so the page agrees with it.
  const total = await memberListTotal(money.db, memberId, 'statement');
  const page = await keysetPage<StatementEntryRow, number>({
    request,
    key: z.number().int().positive(),
    keyOf: (row) => Number(row.seq),
    pageStart: (n, limit) => total - (n - 1) * limit + 1,
    load: async ({ after, skip }, take) => (await sql<StatementEntryRow>`
      select l.seq, e.id, e.kind, e.created_at, e.description,
        t.direction, t.provider_code, t.status as transfer_status, t.amount as transfer_amount,
        w.status as withdrawal_status, w.amount as withdrawal_amount, w.bank_code, w.reject_reason, w.reject_text,
        (select sum(p.amount) from ledger_posting p join ledger_account a on a.id = p.account_id
          where p.entry_id = e.id and a.member_id = ${memberId}) as member_delta
      from statement_line l
      join ledger_entry e on e.id = l.entry_id
      left join game_transfer t on t.id = (case when e.kind = 'transfer_reserve' then e.reference::uuid end)
      left join withdrawal w on w.id = (case when e.kind = 'withdraw_hold' then e.reference::uuid end)
      where l.member_id = ${memberId} and l.seq < ${after ?? total + 1}
      order by l.seq desc
      limit ${take} offset ${skip}`.execute(money.db)).rows,
  });
  const entries = page.rows;

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
    } else if (e.kind === 'adjustment_debit') {
      from = MAIN_WALLET_CODE;
      to = null;
    } else if (e.kind === 'deposit') {
      // Where the money came from: slip, truewallet, sandbox, or the QR provider's code.
      const channel = e.description?.channel;
      from = typeof channel === 'string' ? channel : null;
    } else if (e.kind === 'finish_bonus') {
      // Nothing moves when a bonus completes; the row shows the bonus it finished.
      amount = toMajor(BigInt(String(e.description?.amount ?? 0)));
    } else if (e.kind === 'bonus_forfeit') {
      status = STATUS_FAILED;
      to = null;
    }
    const row = { _id: String(e.id), statementType, status, from, to, amount, createdAt: e.created_at.toISOString(), ...linkedObject(e.description, language) };
    // A refused withdrawal says why: a standard reason the client words, and the operator's own words as plain text.
    if (e.kind === 'withdraw_hold' && e.withdrawal_status === 'rejected' && e.reject_reason) {
      return { ...row, reason: { code: e.reject_reason, text: e.reject_text } };
    }
    if (e.kind === 'spin_prize') {
      const draw = e.description?.luckydraw as { label?: Partial<LocalizedText> } | undefined;
      return { ...row, luckydraw: { description: pickText(draw?.label ?? {}, language) } };
    }
    return row;
  });
  return { total, statements, cursor: page.cursor };
}
