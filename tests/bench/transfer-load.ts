/**
 * The transfers load, for `npm run bench:transfers` and `npm run bench`: N concurrent clients,
 * each its own member, send wallet-to-game transfers through the HTTP API for a fixed time; the
 * load runs in a worker thread of the server's process (load.mjs), sharing its two cores.
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

export interface TransferLoadOptions {
  clients: number;
  seconds: number;
  warmupSeconds: number;
  /** Database connections of the server's pool. */
  pool: number;
}

export interface TransferFigures { perSecond: number; p50: number; p99: number }

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One case on a fresh database: prints its three lines and answers the figures. */
export async function runTransferLoad(name: string, engine: Engine, shared: boolean, options: TransferLoadOptions): Promise<TransferFigures> {
  const { clients: CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS } = options;
  const test = await freshDatabase(engine, { poolSize: options.pool });
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

