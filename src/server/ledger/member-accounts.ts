import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { PROVIDER_CODES } from '../providers/games/catalogue';
import { openLedgerAccounts } from './accounts';

/**
 * A new member's wallet and one inactive game account per provider, made in the caller's
 * (registration) transaction so a member never exists without them.
 */
export async function openMemberAccounts(trx: Kysely<DB> | Transaction<DB>, memberId: number): Promise<void> {
  const member = await trx.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  await openLedgerAccounts(trx, memberId, member.currency, PROVIDER_CODES);
}

/**
 * Makes the member's money steps that read each other's outcome (a bonus activation, a
 * withdrawal, a spin coupon's claim, a deposit's coins) take turns, in the caller's transaction: each waits for the other's commit and
 * then reads it, so a withdrawal is never missed by the deposit a bonus counts, nor a bonus by
 * the withdrawal's and the claim's rules. Taken before any ledger account lock, as activation
 * takes it. NO KEY UPDATE: the ledger's foreign-key share locks on the member row do not wait for it.
 */
export async function takeMemberTurn(trx: Transaction<DB>, memberId: number): Promise<void> {
  await trx.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
}
