import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Maker-checker needs two people, not two accounts. An admin chose the first password of every
 * operator they made in the console and could sign in as them, so the checker of an item may
 * be neither its proposer, nor an operator the proposer made, nor the one who made the
 * proposer. Migration 0022's trigger holds the same rule in the database.
 */
export async function independentChecker(db: Kysely<DB> | Transaction<DB>, proposerId: number, checkerId: number): Promise<boolean> {
  if (proposerId === checkerId) return false;
  const related = await db.selectFrom('operator').select('id')
    .where((eb) => eb.or([
      eb.and([eb('id', '=', checkerId), eb('created_by', '=', proposerId)]),
      eb.and([eb('id', '=', proposerId), eb('created_by', '=', checkerId)]),
    ]))
    .executeTakeFirst();
  return related === undefined;
}
