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
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Engine } from '../../src/server/db/database';
import { auditLedger } from '../../src/server/ledger/audit';
import { PROVIDER_CODES } from '../../src/server/providers/games/catalogue';
import { freshDatabase } from '../server/helpers/db';
import { fundWallet, seedMember } from '../server/helpers/members';

/** What the load worker (load.mjs) is given and answers. */
interface LoadPlan {
  port: number;
  warmupMs: number;
  measureMs: number;
  clients: { token: string; code: string }[];
  headers: Record<string, string>;
}
interface LoadResult {
  latencies: number[];
  failures: number;
}

process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 48);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CASES = (process.env.BENCH_CASES ?? 'postgres-spread,postgres-shared,pglite-spread').split(',');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runCase(name: string, engine: Engine, shared: boolean): Promise<{ perSecond: number; p50: number; p99: number }> {
  const test = await freshDatabase(engine, { poolSize: Number(process.env.BENCH_POOL ?? 8) });
  const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', PORT: '0', HOST: '127.0.0.1', RECONCILE_INTERVAL_MS: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: test.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const clients = engine === 'pglite' ? Math.min(CLIENTS, 8) : CLIENTS;
  try {
    const members: (Awaited<ReturnType<typeof seedMember>> & { code: string })[] = [];
    for (let i = 0; i < clients; i++) {
      const m = await seedMember(app);
      await fundWallet(app, m.id, 10_000_000);
      const code = shared ? 'PG' : PROVIDER_CODES[i % PROVIDER_CODES.length];
      await app.wallet.games.activate(m.id, code);
      members.push({ ...m, code });
    }
    const plan: LoadPlan = {
      port, warmupMs: WARMUP_SECONDS * 1000, measureMs: SECONDS * 1000,
      clients: members.map((m) => ({ token: m.token, code: m.code })),
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    };
    const { latencies, failures } = await new Promise<LoadResult>((resolve, reject) => {
      const worker = new Worker(new URL('./load.mjs', import.meta.url), { workerData: plan });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    latencies.sort((a, b) => a - b);
    const audit = await auditLedger(app.ctx.db);
    const figures = { perSecond: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    console.log(`${name}: ${figures.perSecond.toFixed(0)} transfers/s (${clients} clients, ${latencies.length} transfers in ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, ${failures} failed, audit ${audit.ok ? 'clean' : 'FAILED'})`);
    console.log(`${name}: p50 ${figures.p50.toFixed(1)} ms`);
    console.log(`${name}: p99 ${figures.p99.toFixed(1)} ms`);
    return figures;
  } finally {
    await app.close();
    await test.drop();
  }
}

const results = new Map<string, Awaited<ReturnType<typeof runCase>>>();
for (const c of CASES) {
  const [engine, mode] = c.split('-') as [Engine, string];
  results.set(c, await runCase(c, engine, mode === 'shared'));
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
