import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: operators configure the wheel in the console. A spin and its coupon name the slice
 * they were drawn from, so what a slice pays and how often it is drawn never change under them:
 * a slice's code, wheel, weight and prize are written once (a trigger). A change to them retires
 * the slice (`retired_at`) and puts a new one of the same code in its place; codes and positions
 * are unique among the slices in use. Texts and colours change in place. A weight may be 0 (a
 * slice shown but never drawn); the wheel's section checks that some slice can be drawn.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table spin_slice add column retired_at timestamptz`.execute(db);
  await sql`alter table spin_slice drop constraint spin_slice_weight_check`.execute(db);
  await sql`alter table spin_slice add constraint spin_slice_weight_check check (weight >= 0)`.execute(db);
  await sql`alter table spin_slice drop constraint spin_slice_position_unique`.execute(db);
  await sql`alter table spin_slice drop constraint spin_slice_code_unique`.execute(db);
  await sql`create unique index spin_slice_position_in_use on spin_slice (wheel_id, position) where retired_at is null`.execute(db);
  await sql`create unique index spin_slice_code_in_use on spin_slice (wheel_id, code) where retired_at is null`.execute(db);
  await sql`create index spin_slice_idx on spin (slice_id)`.execute(db);
  await sql`
    create function spin_slice_written_once() returns trigger language plpgsql as $$
    begin
      if old.retired_at is not null then
        raise exception 'spin slice % is retired', old.id using errcode = '23514';
      end if;
      if (new.wheel_id, new.code, new.weight, new.prize_kind, new.prize_amount)
         is distinct from (old.wheel_id, old.code, old.weight, old.prize_kind, old.prize_amount) then
        raise exception 'spin slice % keeps its code, weight and prize: retire it and add another', old.id using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger spin_slice_written_once before update on spin_slice
    for each row execute function spin_slice_written_once()`.execute(db);
}
