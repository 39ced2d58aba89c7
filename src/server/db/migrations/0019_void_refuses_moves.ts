import { sql, type Kysely } from 'kysely';

/**
 * The demo provider answered a move whose reference had been voided as "already applied", so
 * a transfer the reconciler voided while its call was still on the way was settled by the
 * request (the reconciler's reversal came second and found nothing pending): the ledger
 * credited the game, the provider never did, and the next balance sync booked the gap as a
 * loss (found by the crash test). A voided reference now refuses the move, as a real
 * provider's cancelled transaction does, so the request reverses it like the reconciler.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function demo_move_many(p_provider text[], p_reference text[], p_username text[], p_amount bigint[])
    returns table (o_index integer, o_result text) language plpgsql as $$
    declare
      i integer;
      v_voided boolean;
    begin
      for i in select s.i from generate_subscripts(p_provider, 1) as s(i) order by p_provider[s.i], p_username[s.i], p_reference[s.i] loop
        o_index := i;
        insert into demo_transfer (provider_code, reference, username, amount) values (p_provider[i], p_reference[i], p_username[i], p_amount[i])
          on conflict do nothing;
        if not found then
          select voided into v_voided from demo_transfer where provider_code = p_provider[i] and reference = p_reference[i];
          o_result := case when v_voided then 'voided' else 'already applied' end;
        else
          update demo_player set balance = balance + p_amount[i]
            where provider_code = p_provider[i] and username = p_username[i] and balance + p_amount[i] >= 0;
          if found then
            o_result := 'applied';
          else
            delete from demo_transfer where provider_code = p_provider[i] and reference = p_reference[i];
            o_result := 'refused';
          end if;
        end if;
        return next;
      end loop;
    end $$`.execute(db);
}
