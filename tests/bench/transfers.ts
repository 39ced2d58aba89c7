/**
 * `npm run bench:transfers`: wallet-to-game transfers through the HTTP API.
 * N concurrent clients, each its own member, send transfers for a fixed time; prints
 * transfers/s and p50/p99 latency, one line per figure:
 *   1. PostgreSQL, clients spread over the 16 providers (16 in-flight house accounts);
 *   2. PostgreSQL, every transfer to one provider (one shared house account);
 *   3. PGlite, spread.
 * Targets 127.0.0.1 only; bounded by BENCH_SECONDS per case. The load runs in the same
 * process as the server (one Node process, as `npm start` runs), sharing its two cores.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_CLIENTS
 * (32), BENCH_SECONDS (10), BENCH_CASES (postgres-spread,postgres-shared,pglite-spread).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Engine } from '../../src/server/db/database';
import { auditLedger } from '../../src/server/ledger/audit';
import { PROVIDER_CODES } from '../../src/server/providers/games/catalogue';
import { freshDatabase } from '../server/helpers/db';
import { fundWallet, seedMember } from '../server/helpers/members';

process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CASES = (process.env.BENCH_CASES ?? 'postgres-spread,postgres-shared,pglite-spread').split(',');

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(port: number, path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runCase(name: string, engine: Engine, shared: boolean) {
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
    const latencies: number[] = [];
    let failures = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(members.map(async (m) => {
      const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${m.token}` };
      while (Date.now() < until) {
        const started = performance.now();
        const status = await post(port, '/api/wallet/transfer', { from: 'wallet', to: m.code, amount: 1 }, { ...headers, 'idempotency-key': randomUUID() });
        latencies.push(performance.now() - started);
        if (status !== 200) failures++;
      }
    }));
    latencies.sort((a, b) => a - b);
    const audit = await auditLedger(app.ctx.db);
    console.log(`${name}: ${(latencies.length / SECONDS).toFixed(0)} transfers/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${clients} clients, ${latencies.length} transfers in ${SECONDS} s, ${failures} failed, audit ${audit.ok ? 'clean' : 'FAILED'}`);
  } finally {
    await app.close();
    await test.drop();
  }
}

for (const c of CASES) {
  const [engine, mode] = c.split('-') as [Engine, string];
  await runCase(c, engine, mode === 'shared');
}
agent.destroy();
