/**
 * `npm run bench`: the load figures in one run, one line each.
 *   1. Transfers against pgbench's TPC-B on the same PostgreSQL, alternating BENCH_ROUNDS times
 *      (so both see the same machine, warm or busy), with the same number of clients; prints each
 *      round, the medians, and transfers/s as a share of pgbench's transactions/s (aim: at least
 *      1.0, p99 under 50 ms). A transfer is two HTTP-served database steps plus a provider call;
 *      a TPC-B transaction is five statements in one transaction from a C client.
 *   2. The chat fan-out benchmark (`npm run bench:chat`, smaller by default: BENCH_SOCKETS).
 * Targets 127.0.0.1 only and stops by itself. Env: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_ROUNDS (3), BENCH_CLIENTS (48), BENCH_SECONDS
 * (10), BENCH_POOL (8), PGBENCH_SCALE (10), BENCH_SOCKETS (2000), BENCH_SKIP_CHAT.
 */
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { percentile, runTransferLoad, type TransferFigures } from './transfer-load';

const URL_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL ??= URL_BASE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 48);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.PGBENCH_SCALE ?? 10);
const PGBENCH_DB = 'bench_pgbench';

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** A database of its own for pgbench's tables, initialised once per run. */
async function preparePgbench(): Promise<string> {
  const admin = new pg.Client({ connectionString: URL_BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${PGBENCH_DB}`);
  await admin.query(`create database ${PGBENCH_DB}`);
  await admin.end();
  const url = new URL(URL_BASE);
  url.pathname = `/${PGBENCH_DB}`;
  const init = spawnSync('pgbench', ['-i', '-q', '-s', String(SCALE), url.toString()], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  return url.toString();
}

function runPgbench(url: string, round: number): { tps: number; latencyMs: number } {
  const run = spawnSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-M', 'prepared', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]);
  console.log(`round ${round} pgbench TPC-B: ${tps.toFixed(0)} tps (${CLIENTS} clients, scale ${SCALE}, ${SECONDS} s), latency average ${latencyMs.toFixed(1)} ms`);
  return { tps, latencyMs };
}

async function dropPgbench() {
  const admin = new pg.Client({ connectionString: URL_BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${PGBENCH_DB}`);
  await admin.end();
}

const pgbenchUrl = await preparePgbench();
const transfers: TransferFigures[] = [];
const tpcb: number[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate which goes first, so neither always meets the other's leftovers.
    const order = round % 2 === 1 ? ['transfers', 'pgbench'] : ['pgbench', 'transfers'];
    for (const which of order) {
      if (which === 'pgbench') tpcb.push(runPgbench(pgbenchUrl, round).tps);
      else transfers.push(await runTransferLoad(`round ${round} transfers`, 'postgres', false, { clients: CLIENTS, seconds: SECONDS, warmupSeconds: 2, pool: Number(process.env.BENCH_POOL ?? 8) }));
    }
  }
} finally {
  await dropPgbench();
}
const perSecond = median(transfers.map((t) => t.perSecond));
const p99 = median(transfers.map((t) => t.p99));
const tps = median(tpcb);
console.log(`transfers: ${perSecond.toFixed(0)} transfers/s (median of ${ROUNDS})`);
console.log(`transfers: p99 ${p99.toFixed(1)} ms (median of ${ROUNDS})`);
console.log(`pgbench TPC-B: ${tps.toFixed(0)} tps (median of ${ROUNDS})`);
console.log(`transfers/pgbench: ${(perSecond / tps).toFixed(2)} (aim at least 1.00 with p99 under 50 ms: ${perSecond >= tps && p99 < 50 ? 'met' : 'not met'})`);

if (!process.env.BENCH_SKIP_CHAT) {
  // The chat benchmark raises its own file-descriptor limit (its npm script).
  const chat = spawn('npm', ['run', '--silent', 'bench:chat'], {
    stdio: 'inherit', env: { ...process.env, BENCH_SOCKETS: process.env.BENCH_SOCKETS ?? '2000', BENCH_SECONDS: process.env.BENCH_CHAT_SECONDS ?? '120' },
  });
  process.exitCode = await new Promise<number>((resolve) => chat.once('exit', (code) => resolve(code ?? 1)));
}
