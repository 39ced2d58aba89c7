import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../../../src/server/db/database';
import { pgliteTemplate, postgresTemplate } from './db-templates';

/**
 * The engines API tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * When it is set and PostgreSQL cannot be reached the tests fail; they never skip.
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own: PGlite in memory, or a new PostgreSQL database dropped afterwards.
 * In a test run it is a copy of the run's migrated template (db-templates.ts), so the app's
 * migrateToLatest finds nothing to do; elsewhere (the benches) it is empty.
 */
export async function freshDatabase(engine: Engine, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = openDatabase({ loadDataDir: await pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `mw_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: options.poolSize });
  let closed = false;
  return {
    database,
    url: url.toString(),
    async drop() {
      if (!closed) { closed = true; await database.close().catch(() => undefined); }
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
