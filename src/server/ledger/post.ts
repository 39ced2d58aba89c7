import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../errors';
import type { AccountDirectory, AccountRef } from './accounts';
import { refusalsAsDomainErrors } from './db-errors';

export interface Posting {
  account: AccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface EntryInput {
  /** What happened, in the product's words: transfer_reserve, transfer_settle, withdraw_hold, deposit... */
  kind: string;
  memberId: number | null;
  currency: string;
  postings: Posting[];
  /** Unique per kind when given: the same outside reference can never be booked twice. */
  reference?: string;
  description?: Record<string, unknown>;
}

export interface PostedEntry {
  /** Member account balances after the entry, keyed by account id. */
  balances: Map<bigint, bigint>;
}

/**
 * Books one entry in the caller's transaction through the database's one write path,
 * `ledger_post` (migration 0003): member accounts locked in id order, postings appended,
 * cached balances moved, and a balance below zero refused as MONEY_NOT_ENOUGH.
 */
export async function postEntry(trx: Transaction<DB>, accounts: AccountDirectory, input: EntryInput): Promise<PostedEntry> {
  const ids: string[] = [];
  const amounts: string[] = [];
  for (const posting of input.postings) {
    const id = await accounts.idOf(trx, posting.account, input.currency);
    if (id === undefined) throw new DomainError(posting.account.kind === 'game' ? 'SLOT_NO_ACCOUNT' : 'NO_WALLET');
    ids.push(id.toString());
    amounts.push(posting.amount.toString());
  }
  const description = input.description ? JSON.stringify(input.description) : null;
  const result = await refusalsAsDomainErrors(
    sql<{ o_account_id: bigint; o_balance: bigint }>`
      select o_account_id, o_balance from ledger_post(${input.kind}, ${input.memberId}::integer, ${input.reference ?? null}::text,
        ${description}::jsonb, ${ids}::bigint[], ${amounts}::bigint[])`.execute(trx),
  );
  return { balances: new Map(result.rows.map((r) => [BigInt(r.o_account_id), BigInt(r.o_balance)])) };
}
