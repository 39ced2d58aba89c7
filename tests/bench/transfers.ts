/**
 * `npm run bench:transfers`: wallet-to-game transfers through the HTTP API.
 * N concurrent clients, each its own member, send transfers for a fixed time; prints
 * transfers/s and p50/p99 latency, one line per figure, then whether the aims are met:
 *   1. PostgreSQL, clients spread over the 16 providers (16 in-flight house accounts);
 *   2. PostgreSQL, every transfer to one provider (one shared house account);
 *   3. PGlite, spread.
 * Targets 127.0.0.1 only; bounded by BENCH_WARMUP_SECONDS + BENCH_SECONDS per case. The
 * load runs in a worker thread of the server's process (load.mjs), sharing its two cores.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_CLIENTS
 * (48), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_POOL (database connections, 8),
 * BENCH_CASES (postgres-spread,postgres-shared,pglite-spread).
 */
import type { Engine } from '../../src/server/db/database';
import { runTransferLoad, type TransferFigures } from './transfer-load';

process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const options = {
  clients: Number(process.env.BENCH_CLIENTS ?? 48),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  pool: Number(process.env.BENCH_POOL ?? 8),
};
const CASES = (process.env.BENCH_CASES ?? 'postgres-spread,postgres-shared,pglite-spread').split(',');

const results = new Map<string, TransferFigures>();
for (const c of CASES) {
  const [engine, mode] = c.split('-') as [Engine, string];
  results.set(c, await runTransferLoad(c, engine, mode === 'shared', options));
}
const spread = results.get('postgres-spread');
const shared = results.get('postgres-shared');
if (spread) {
  const met = spread.perSecond >= 2000 && spread.p99 < 50;
  console.log(`aim (PostgreSQL, at least 2,000 transfers/s with p99 under 50 ms): ${met ? 'met' : 'not met'}`);
}
if (spread && shared) {
  const ratio = shared.perSecond / spread.perSecond;
  console.log(`shared house account: ${(ratio * 100).toFixed(0)}% of the spread case's transfers/s (aim: at least 80%): ${ratio >= 0.8 ? 'met' : 'not met'}`);
}
