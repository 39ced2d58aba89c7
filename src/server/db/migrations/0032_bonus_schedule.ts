import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: promotions can be scheduled. A bonus or promotion code is offered only while it is
 * active and between `starts_at` and `ends_at` (null: no bound), read against the app clock on
 * every request; operators set both in the console. The seeded ones have no dates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bonus_definition
    add column starts_at timestamptz,
    add column ends_at timestamptz,
    add constraint bonus_definition_schedule check (starts_at is null or ends_at is null or ends_at > starts_at)`.execute(db);
}
