import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Maker-checker needs two people, not two accounts. An admin chose the first password of every
 * operator they made in the console and could sign in as them, and as every operator those made
 * in turn: one person holds the whole tree under an operator made outside the console (the
 * sandbox's seed or `npm run admin:create`, whoever runs the server). So the checker of an item
 * must come from another such tree than its proposer: neither the proposer, nor one the proposer
 * made, nor the proposer's maker, nor a sibling or cousin made by the same admin.
 * Migration 0022's trigger holds the same rule in the database (`operator_root`).
 */
export async function independentChecker(db: Kysely<DB> | Transaction<DB>, proposerId: number, checkerId: number): Promise<boolean> {
  if (proposerId === checkerId) return false;
  const { rows } = await sql<{ same: boolean }>`select operator_root(${proposerId}) = operator_root(${checkerId}) as same`.execute(db);
  return rows[0]?.same === false;
}
