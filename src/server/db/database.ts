import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 columns hold minor units; read them as bigint on both engines so no amount is rounded.
const INT8 = 20;
const parseInt8 = (value: string) => BigInt(value);

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite in dataDir (or in memory when dataDir is absent). */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: a new database starts as this data directory (a tarball from PGlite's dumpDataDir), not empty. */
  loadDataDir?: Blob;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      // A database that does not answer (a failover in progress) fails the request, it does not hang it.
      connectionTimeoutMillis: 5_000,
      types: {
        getTypeParser: ((oid: number, format?: any) =>
          oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A client that loses its connection must not crash the process: an idle one is reported
    // on the pool, one checked out (in a transaction waiting on a provider, say) on itself. Its
    // next query then fails, the request answers SERVICE_UNAVAILABLE, and the pool drops it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite({ dataDir, loadDataDir: options.loadDataDir, parsers: { [INT8]: parseInt8 } });
  return wrap(new Kysely<DB>({ dialect: new PGliteDialect(pglite) }), 'pglite');
}

function wrap(db: Kysely<DB>, engine: Engine): Database {
  return {
    db,
    engine,
    async ping() { await sql`select 1`.execute(db); },
    async close() { await db.destroy(); },
  };
}
