/**
 * `npm run bench:scale -- <postings>`: grows a ledger on PostgreSQL through its own write path
 * to about <postings> postings (4 per transfer: reserve and settle), then prints, one line
 * per figure, what issue 11's table compares: transfer and wallet p50, statement page 1 and
 * page 200 p50 for an ordinary member, a busy member and the member with the most entries,
 * transfers/s with 32 clients, and the audit's time (full, then incremental).
 *
 * Growth calls the saga's own SQL functions (transfer_reserve_many, demo_move_many,
 * transfer_complete_many) in bulk from a loop in the database, for speed: the same write path
 * and the same database rules as a request, without HTTP in between. The members are made and
 * funded through the app (postEntry), their game accounts activated at the demo provider.
 * After growing, VACUUM ANALYZE, as autovacuum would (see the ledger README's "Scale").
 *
 * Flags: --seconds=N bounds the growth (default 1800; it stops early with what it reached),
 * --heavy=N entries for the member with the most (default 150000), --busy=N (2000),
 * --members=N (50), --workers=N connections growing at once (3), --samples=N requests per latency figure (200), --clients=N (32),
 * --keep keeps the database (its URL is printed) for EXPLAIN. Env BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test: a new database is made beside it).
 * Targets 127.0.0.1 only. Figures from a shared machine are noisy: compare runs on one machine.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { auditLedger } from '../../src/server/ledger/audit';
import { freshDatabase } from '../server/helpers/db';
import { fundWallet, seedMember } from '../server/helpers/members';
import { createGrowFunction, growLedger, type Grower } from './scale-grow';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const target = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const options = {
  seconds: flag('seconds', 1800), heavy: flag('heavy', 150_000), busy: flag('busy', 2000),
  members: flag('members', 50), workers: flag('workers', 3), samples: flag('samples', 200), clients: flag('clients', 32), keep: args.includes('--keep'),
};
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const GAME = 'PG';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const test = await freshDatabase('postgres', { poolSize: 8 });
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', PORT: '0', HOST: '127.0.0.1', RECONCILE_INTERVAL_MS: '0', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database: test.database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = app.ctx.db;

async function call(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** p50 of `samples` requests sent one after another. */
async function p50(samples: number, send: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await send(i);
    latencies.push(performance.now() - started);
  }
  return percentile(latencies.sort((a, b) => a - b), 50);
}

async function makeMember() {
  const m = await seedMember(app);
  await fundWallet(app, m.id, 10_000_000);
  await app.wallet.games.activate(m.id, GAME);
  return m;
}

try {
  // Members: the heavy one, a busy one, ordinary ones (a handful of entries), one that sends
  // the measured transfers, and the rest sharing the bulk of the growth.
  const members = [];
  for (let i = 0; i < options.members; i++) members.push(await makeMember());
  const [heavy, busy, ordinary, prober, ...regular] = members;
  for (let i = 0; i < 4; i++) {
    await call(ordinary.token, 'POST', '/api/wallet/transfer', { from: 'wallet', to: GAME, amount: 5 }, { 'idempotency-key': randomUUID() });
  }

  await createGrowFunction(db);
  const grower: Grower = { heavy: heavy.id, busy: busy.id, regular: regular.map((m) => m.id), game: GAME };
  const grown = await growLedger(db, grower, { postings: target, heavyEntries: options.heavy, busyEntries: options.busy, seconds: options.seconds, workers: options.workers });
  console.log(`growth: ${grown.transfers} transfers in ${grown.seconds.toFixed(0)} s (${(grown.transfers / grown.seconds).toFixed(0)} transfers/s in bulk)${grown.stoppedByTime ? ', stopped by --seconds' : ''}`);
  const analysed = performance.now();
  await sql`vacuum analyze`.execute(db);
  console.log(`vacuum analyze: ${((performance.now() - analysed) / 1000).toFixed(0)} s`);

  const sizes = await sql<{ postings: string; entries: string; heavy: string; busy: string; ordinary: string }>`
    select (select count(*) from ledger_posting)::text as postings, (select count(*) from ledger_entry)::text as entries,
      (select count(*) from ledger_entry where member_id = ${heavy.id})::text as heavy,
      (select count(*) from ledger_entry where member_id = ${busy.id})::text as busy,
      (select count(*) from ledger_entry where member_id = ${ordinary.id})::text as ordinary`.execute(db);
  const size = sizes.rows[0];
  console.log(`postings: ${Number(size.postings).toLocaleString('en')} (${Number(size.entries).toLocaleString('en')} entries, ${options.members} members)`);
  console.log(`entries: heavy member ${Number(size.heavy).toLocaleString('en')}, busy member ${Number(size.busy).toLocaleString('en')}, ordinary member ${size.ordinary}`);

  const fullStarted = performance.now();
  const full = await auditLedger(db, { mode: 'full' });
  console.log(`audit, full: ${ms(performance.now() - fullStarted)} (${full.entries} entries, ${full.ok ? 'clean' : 'FAILED'})`);

  const statement = (token: string, page: number) => () => call(token, 'POST', '/api/statement', { page, limit: 10 });
  const heavyPages = Math.ceil(Number((await call(heavy.token, 'POST', '/api/statement', { page: 1, limit: 10 })).total) / 10);
  for (const [name, member] of [['ordinary member', ordinary], ['busy member', busy], ['heavy member', heavy]] as const) {
    console.log(`statement page 1, ${name}: p50 ${ms(await p50(options.samples, statement(member.token, 1)))}`);
    console.log(`statement page 200, ${name}: p50 ${ms(await p50(options.samples, statement(member.token, 200)))}`);
  }
  console.log(`statement last page (${heavyPages}), heavy member: p50 ${ms(await p50(options.samples, statement(heavy.token, heavyPages)))}`);
  let cursor: string | null = null;
  console.log(`statement by cursor, heavy member: p50 ${ms(await p50(options.samples, async () => {
    const page = await call(heavy.token, 'POST', '/api/statement', { page: 1, limit: 10, ...(cursor ? { cursor } : {}) });
    cursor = page.cursor as string | null;
  }))}`);
  console.log(`wallet: p50 ${ms(await p50(options.samples, () => call(ordinary.token, 'GET', '/api/wallet')))}`);
  console.log(`transfer: p50 ${ms(await p50(options.samples, (i) =>
    call(prober.token, 'POST', '/api/wallet/transfer', i % 2 ? { from: GAME, to: 'wallet', amount: 1 } : { from: 'wallet', to: GAME, amount: 1 }, { 'idempotency-key': randomUUID() })))}`);

  const clients = regular.slice(0, options.clients);
  const load = await new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: {
        port: Number(new URL(base).port), warmupMs: 2000, measureMs: 10_000,
        clients: clients.map((m) => ({ token: m.token, code: GAME })), headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  console.log(`transfers/s (${clients.length} clients, 10 s): ${(load.latencies.length / 10).toFixed(0)} (${load.failures} failed)`);

  const incrementalStarted = performance.now();
  const incremental = await auditLedger(db, { mode: 'incremental' });
  console.log(`audit, incremental: ${ms(performance.now() - incrementalStarted)} (${incremental.entries} entries since the checkpoint, ${incremental.ok ? 'clean' : 'FAILED'})`);
  if (options.keep) console.log(`kept: ${test.url}`);
} finally {
  await app.close();
  if (!options.keep) await test.drop();
}
