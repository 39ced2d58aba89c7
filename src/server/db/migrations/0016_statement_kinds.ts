import { sql, type Kysely } from 'kysely';

/**
 * The statement kinds that came with the promotions (0012: a bonus given up), the back office
 * (0014: an operator's manual credit or debit) and the spin wheel (0015: a prize claimed), which
 * were written beside 0009's numbered statement lines: they join
 * `statement_kind`, and the lines are numbered again so entries booked before now appear too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into statement_kind (kind) values ('bonus_forfeit'), ('adjustment_credit'), ('adjustment_debit'), ('spin_prize') on conflict do nothing`.execute(db);
  await sql`select statement_lines_rebuild()`.execute(db);
}
