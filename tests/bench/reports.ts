/**
 * `npm run bench:reports [-- --rows=100000 --keep]`: the deposits report's CSV export streamed through the
 * HTTP server from a ledger of that many deposit entries over one month on PostgreSQL. Prints the
 * rows and bytes received, the time, the time to the first byte, and the process's peak RSS and
 * heap growth while streaming (server and client share this process), beside the size of the rows
 * had they been read at once. Figures only: nothing passes or fails.
 *
 * The ledger is grown with bulk SQL (a benchmark needs rows, not the money paths, which have their
 * own tests): entries, their two postings and the wallets' cached balances, in one transaction so
 * the ledger's deferred checks hold. --keep keeps the database (its URL printed) for EXPLAIN. Env BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from '../server/helpers/db';
import { seedMember } from '../server/helpers/members';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = flag('rows', 100_000);
const MEMBERS = flag('members', 200);
const KEEP = args.includes('--keep');
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const test = await freshDatabase('postgres', { poolSize: 4 });
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', RECONCILE_INTERVAL_MS: '0', LOG_LEVEL: 'silent', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' });
const app = await buildApp({ config, database: test.database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = app.ctx.db;

try {
  // Members, then a month (March 2025, Bangkok) of deposits spread over them and four channels.
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) members.push((await seedMember(app)).id);
  const seedStart = performance.now();
  await db.transaction().execute(async (trx) => {
    for (const channel of ['sandbox', 'slip', 'truewallet', 'KBANK']) {
      await sql`insert into ledger_account (member_id, kind, code, currency) values (null, 'house', ${`deposits:${channel}`}, 'BAHT') on conflict do nothing`.execute(trx);
    }
    await sql`
      create temporary table bench_deposit on commit drop as
      select g as n, ${members}::int[] as members from generate_series(1, ${ROWS}) g`.execute(trx);
    await sql`
      with made as (
        insert into ledger_entry (kind, member_id, reference, description, created_at)
        select 'deposit', members[1 + (n % cardinality(members))], 'bench:' || n,
          jsonb_build_object('channel', (array['sandbox', 'slip', 'truewallet', 'KBANK'])[1 + n % 4], 'note', case when n % 97 = 0 then '=cmd|x' end),
          timestamptz '2025-02-28 17:00:00+00' + ((n - 1)::float / ${ROWS}) * interval '31 days'
        from bench_deposit
        returning id, member_id, description->>'channel' as channel, (100 + id % 900000) as amount
      ), wallet as (
        insert into ledger_posting (entry_id, account_id, amount)
        select m.id, a.id, m.amount from made m join ledger_account a on a.member_id = m.member_id and a.kind = 'wallet'
        returning account_id, amount
      ), house as (
        insert into ledger_posting (entry_id, account_id, amount)
        select m.id, a.id, -m.amount from made m join ledger_account a on a.member_id is null and a.code = 'deposits:' || m.channel and a.currency = 'BAHT'
        returning 1
      )
      update ledger_account la set balance = la.balance + w.total
      from (select account_id, sum(amount) as total from wallet group by account_id) w where la.id = w.account_id`.execute(trx);
  });
  await sql`analyze`.execute(db);
  const seeded = await sql<{ n: number }>`select count(*)::int as n from ledger_entry where kind = 'deposit'`.execute(db);
  console.log(`seeded: ${seeded.rows[0].n} deposit entries (${seeded.rows[0].n * 2} postings) over 31 days for ${MEMBERS} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // An admin signs in (enrolling an authenticator on this first login).
  const password = 'bench-Reports-Harbour-83';
  await app.backOffice.operators.create({ username: 'bench', name: 'Bench', role: 'admin', password }, null, { checkStrength: false });
  const login = async (body: object) =>
    (await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const { secret } = await login({ username: 'bench', password });
  const { token } = await login({ username: 'bench', password, code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate() });

  // Stream the export, sampling memory as it goes.
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/reports/deposits/csv?from=2025-03-01&to=2025-04-01&tz=Asia/Bangkok`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  // What the process keeps, as against garbage not yet collected: the heap after a full collection
  // every 4 MB received (the script runs with --expose-gc).
  let retainedPeak = before.heapUsed;
  let nextGcAt = 4 * 1024 * 1024;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
    if (global.gc && bytes >= nextGcAt) {
      nextGcAt += 4 * 1024 * 1024;
      global.gc();
      retainedPeak = Math.max(retainedPeak, process.memoryUsage().heapUsed);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  console.log(`export: ${lines - 1} rows, ${mb(bytes)} (${bytes} bytes) in ${seconds.toFixed(2)} s (${Math.round((lines - 1) / seconds)} rows/s), first byte after ${firstByte.toFixed(0)} ms`);
  console.log(`memory: rss ${mb(before.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}), ${mb(after.rss)} after; heap used ${mb(before.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`);
  if (global.gc) console.log(`retained: heap after a full collection every 4 MB received peaked at ${mb(retainedPeak)} (+${mb(retainedPeak - before.heapUsed)} over before)`);
  // The month's dashboard and a report's last page, read once each after the export.
  for (const [name, path] of [
    ['dashboard, the month', '/api/admin/dashboard?from=2025-03-01&to=2025-04-01&tz=Asia/Bangkok'],
    ['dashboard, one day (by hour)', '/api/admin/dashboard?from=2025-03-15&to=2025-03-16&tz=Asia/Bangkok'],
    ['deposits report, page 1', '/api/admin/reports/deposits?from=2025-03-01&to=2025-04-01&tz=Asia/Bangkok&page=1'],
  ] as const) {
    const t0 = performance.now();
    const answer = await fetch(`${base}${path}`, { headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}` } });
    await answer.json();
    console.log(`${name}: ${answer.status} in ${(performance.now() - t0).toFixed(0)} ms`);
  }
  console.log(`for scale: the export itself is ${mb(bytes)}; read at once, its rows would be held whole in the heap`);
} finally {
  await app.close();
  if (KEEP) console.log(`kept: ${test.url}`);
  else await test.drop();
}
