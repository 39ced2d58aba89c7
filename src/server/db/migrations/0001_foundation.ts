import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The service switch: when false every member endpoint answers 410 { message: 'gone' }.
  await sql`insert into setting (key, value) values ('service.active', 'true'::jsonb)`.execute(db);
}
