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
