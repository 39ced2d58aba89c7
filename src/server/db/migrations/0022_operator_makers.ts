import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, finding 10: `operator.created_by` is the admin who made an operator in the console
 * (null for the sandbox seed and `admin:create`). That admin chose the operator's first password
 * and could sign in as them, and as every operator those made: one person holds the whole tree
 * under an operator made outside the console (its root, `operator_root`). A manual credit or
 * debit is approved only by an operator of another tree than its proposer's. A CHECK cannot read
 * other rows, so a trigger holds the rule for whatever code (or SQL prompt) approves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator add column created_by integer references operator (id)`.execute(db);
  // A maker exists before what it makes (created_by points to an older row), so the walk up ends.
  await sql`
    create function operator_root(p_operator integer) returns integer language sql stable as $$
      with recursive up (id, created_by) as (
        select id, created_by from operator where id = p_operator
        union all
        select o.id, o.created_by from operator o join up on o.id = up.created_by
      )
      select id from up where created_by is null limit 1
    $$`.execute(db);
  await sql`
    create function manual_adjustment_independent_checker() returns trigger language plpgsql as $$
    begin
      if new.status = 'approved' and operator_root(new.decided_by) = operator_root(new.proposed_by) then
        raise exception 'adjustment % approved by an operator of its proposer''s own tree (not independent)', new.id using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger manual_adjustment_independent_checker before insert or update on manual_adjustment
    for each row execute function manual_adjustment_independent_checker()`.execute(db);
}
