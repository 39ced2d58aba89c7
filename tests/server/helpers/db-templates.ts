import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { PGliteDialect } from '../../../src/server/db/pglite-dialect';

/**
 * Migrated databases to copy: the 20 migrations (seeds included) run once per test run and
 * engine, not once per test database. The run's global setup (db-templates-setup.ts) gives a
 * folder and a PostgreSQL database name; the first test that needs an engine's template makes
 * it there under a lock, every other worker waits for it and then copies:
 *   - PGlite: the migrated data directory dumped to a tarball, loaded into each new database;
 *   - PostgreSQL: a migrated database, each new one `create database ... template` of it.
 * The migrations read no configuration (seeds are per country inside the data), so one template
 * per engine serves every test; the app still runs migrateToLatest at start and finds nothing to do.
 * Outside a vitest run (the benches) there is no template and each database is migrated afresh.
 */
export interface TemplatePlace {
  /** A folder of this run only; removed with the run. */
  dir: string;
  /** The PostgreSQL template database of this run. */
  postgres: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates?: TemplatePlace;
  }
}

const PGLITE_IMAGE = 'pglite-migrated.tar';

async function templatePlace(): Promise<TemplatePlace | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('databaseTemplates');
}

/**
 * What the tests' databases change from the seed: the slip upload's daily closed window
 * (23:50-00:10 in Bangkok) is removed, so a test that uploads a slip passes at any hour of the
 * run. A test about the window sets it itself (deposits-slips, with its own clock).
 */
async function forTests(db: Kysely<any>) {
  await sql`update setting set value = value || '{"closedFrom":null,"closedTo":null}'::jsonb where key = 'slip'`.execute(db);
}

/** The migrated PGlite data directory to load, or undefined for an empty database. */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const place = await templatePlace();
  if (!place) return undefined;
  const image = path.join(place.dir, PGLITE_IMAGE);
  await makeOnce(place.dir, 'pglite', async () => {
    const pglite = new PGlite();
    const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
    try {
      await migrateToLatest(db);
      await forTests(db);
      // Uncompressed: loading skips a gunzip per database, and the file lives only as long as the run.
      writeWhole(image, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await db.destroy();
    }
  });
  // Read once per module instance: a Blob does not change, so every database loads the same one.
  if (loaded?.file !== image) loaded = { file: image, blob: new Blob([fs.readFileSync(image)]) };
  return loaded.blob;
}
let loaded: { file: string; blob: Blob } | undefined;

/** The name of the migrated PostgreSQL database to copy, or undefined for an empty database. */
export async function postgresTemplate(adminUrl: string): Promise<string | undefined> {
  const place = await templatePlace();
  if (!place) return undefined;
  await makeOnce(place.dir, 'postgres', async () => {
    // A maker that died half way may have left it unmigrated.
    await adminQuery(adminUrl, `drop database if exists ${place.postgres} with (force)`);
    await adminQuery(adminUrl, `create database ${place.postgres}`);
    const url = new URL(adminUrl);
    url.pathname = `/${place.postgres}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db);
      await forTests(db);
    } finally {
      await db.destroy();
    }
    // A template copies only while nobody is connected to it: from now on nobody can be.
    await adminQuery(adminUrl, `alter database ${place.postgres} allow_connections false`);
  });
  return place.postgres;
}

/** Drops this run's PostgreSQL template (the run's teardown). */
export async function dropPostgresTemplate(adminUrl: string, place: TemplatePlace) {
  await adminQuery(adminUrl, `drop database if exists ${place.postgres} with (force)`);
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Writes a file so that a reader sees all of it or nothing. */
function writeWhole(file: string, bytes: Buffer) {
  fs.writeFileSync(`${file}.${process.pid}`, bytes);
  fs.renameSync(`${file}.${process.pid}`, file);
}

/**
 * Runs `make` once across the run's workers: the first to take the lock (a folder, made
 * atomically) makes it and marks it done; the others wait for the mark. A maker that fails
 * frees the lock, so the next one tries (and fails alike, with its own error); one whose
 * process is gone leaves a lock the next waiter takes over.
 */
async function makeOnce(dir: string, name: string, make: () => Promise<void>) {
  const done = path.join(dir, `${name}.done`);
  const lock = path.join(dir, `${name}.lock`);
  while (!fs.existsSync(done)) {
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (makerGone(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (!fs.existsSync(done)) {
        await make();
        fs.writeFileSync(done, '');
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

function makerGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just taken: its pid is on the way
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
