import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, finding 10: `operator.created_by` is the admin who made an operator in the console
 * (null for the sandbox seed and `admin:create`). That admin chose the operator's first password
 * and could sign in as them, so a manual credit or debit is approved only by an operator who is
 * neither its proposer, nor made by the proposer, nor the proposer's maker. A CHECK cannot read
 * another row, so a trigger holds the rule for whatever code (or SQL prompt) approves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator add column created_by integer references operator (id)`.execute(db);
  await sql`
    create function manual_adjustment_independent_checker() returns trigger language plpgsql as $$
    begin
      if new.status = 'approved' and exists (
        select 1 from operator
        where (id = new.decided_by and created_by = new.proposed_by)
           or (id = new.proposed_by and created_by = new.decided_by)
      ) then
        raise exception 'adjustment % approved by an operator its proposer made, or who made its proposer', new.id using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger manual_adjustment_independent_checker before insert or update on manual_adjustment
    for each row execute function manual_adjustment_independent_checker()`.execute(db);
}
