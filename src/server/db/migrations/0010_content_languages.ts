import { sql, type Kysely } from 'kysely';
import { FALLBACK_SETTINGS, LOCALIZED_SETTINGS } from './0010_content_languages.seed';

/**
 * Operator texts get a text per language (src/server/content). The sandbox texts 0005 seeded
 * become the same texts in th, la and en; a text the operator has already changed stays as it
 * is and is read as written in the country's language until the operator adds the others.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [key, [seeded, localized]] of Object.entries(LOCALIZED_SETTINGS)) {
    await sql`update setting set value = ${JSON.stringify(localized)}::jsonb, updated_at = now()
      where key = ${key} and value = ${JSON.stringify(seeded)}::jsonb`.execute(db);
  }
  for (const [key, value] of Object.entries(FALLBACK_SETTINGS)) {
    await sql`insert into setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`.execute(db);
  }
}
