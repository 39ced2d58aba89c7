import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, toMinor } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { AccountDirectory, house, wallet } from '../../src/server/ledger/accounts';
import { auditLedger } from '../../src/server/ledger/audit';
import { openMemberAccounts } from '../../src/server/ledger/member-accounts';
import { postEntry } from '../../src/server/ledger/post';
import { Sessions } from '../../src/server/modules/sessions/sessions';
import { DemoProviderEngine } from '../../src/server/sandbox/demo-provider/engine';
import { freshDatabase, type TestDatabase } from './helpers/db';

/**
 * The server is killed with SIGKILL in the middle of a burst of transfers and started again.
 * After the reconciler has run, the ledger audit is clean, money is conserved, the provider
 * holds what the ledger says, and every transfer acknowledged to a client is in the ledger
 * with the answer the client got. Needs PostgreSQL (TEST_DATABASE_URL).
 */
const MEMBERS = 8;
const FUNDING = 5_000;

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

interface RunningServer {
  process: ChildProcess;
  /** Settles when the process has exited (listened for from the start, so it can't be missed). */
  exited: Promise<void>;
}

function startServer(url: string, port: number): RunningServer {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root',
    DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', CLIENT_DIR: '/nonexistent',
    LOG_LEVEL: 'warn', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '500', PROVIDER_TIMEOUT_MS: '2000',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return { process: child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 200; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe.runIf(process.env.TEST_DATABASE_URL)('crash in the middle of transfers (postgres)', () => {
  let test: TestDatabase;
  let server: RunningServer | undefined;
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await server?.exited;
    await test?.drop();
  });

  it('loses and doubles nothing across a SIGKILL and restart', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const accounts = new AccountDirectory();
    const demo = new DemoProviderEngine(db);
    const sessions = new Sessions(db);
    const members: { id: number; token: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await db.transaction().execute(async (trx) => {
        const m = await trx.insertInto('member').values({
          username: `08900000${String(i).padStart(2, '0')}`, name: `Crash ${i}`, password_hash: 'x', country: 'TH', currency: 'BAHT',
          bank_code: 'SCB', bank_account_name: 'CRASH TEST', bank_account_no: `99900000${i}`, source_code: null, referrer_id: null,
        }).returning('id').executeTakeFirstOrThrow();
        await openMemberAccounts(trx, m.id);
        await postEntry(trx, accounts, { kind: 'deposit', memberId: m.id, currency: 'BAHT', postings: [
          { account: wallet(m.id), amount: toMinor(FUNDING) }, { account: house('deposits:test'), amount: -toMinor(FUNDING) },
        ] });
        return m.id;
      });
      const login = await demo.createPlayer('PG', id);
      await db.updateTable('game_account').set({ is_active: true, username: login.username, password: login.password })
        .where('member_id', '=', id).where('provider_code', '=', 'PG').execute();
      members.push({ id, token: await sessions.create(id, { persistent: true }) });
    }

    const port = await freePort();
    server = startServer(test.url!, port);
    await waitHealthy(port);

    const acknowledged = new Map<string, { memberId: number; body: string; request: string }>();
    let killed = false;
    const burst = members.flatMap((m) => [0, 1].map(async (lane) => {
      for (let n = 0; !killed; n++) {
        const key = randomUUID();
        const toGame = (n + lane) % 2 === 0;
        const request = JSON.stringify({ from: toGame ? 'wallet' : 'PG', to: toGame ? 'PG' : 'wallet', amount: 1 + (n % 7) });
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/wallet/transfer`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${m.token}`, 'idempotency-key': key },
            body: request,
          });
          const body = await res.text();
          if (res.status === 200) acknowledged.set(key, { memberId: m.id, body, request });
        } catch {
          return; // the server is gone
        }
      }
    }));
    // Kill in the middle of the burst: after enough acknowledgements (or 30 s on a slow machine).
    const burstEnds = Promise.all(burst);
    const deadline = Date.now() + 30_000;
    while (acknowledged.size < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged.size).toBeGreaterThan(0);
    server.process.kill('SIGKILL');
    killed = true;
    await burstEnds;
    await server.exited;

    const pendingAtCrash = await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute();
    server = startServer(test.url!, port);
    await waitHealthy(port);
    for (let i = 0; i < 100; i++) {
      const pending = await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute();
      if (!pending.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute()).toEqual([]);

    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ ok: true });
    const held = await sql<{ total: string }>`select sum(balance)::text as total from ledger_account where member_id is not null`.execute(db);
    const results = await sql`select e.id, e.kind, e.member_id, e.reference, e.created_at, p.amount, a.code from ledger_entry e join ledger_posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id where e.kind = 'game_result' and a.member_id is not null`.execute(db);
    // Nobody played, so no win or loss may have been booked: any would be a mis-read balance.
    expect(results.rows).toEqual([]);
    expect(BigInt(held.rows[0].total)).toBe(toMinor(FUNDING) * BigInt(MEMBERS));
    const mismatch = await sql`
      select g.member_id from game_account g
      join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
      join demo_player d on d.provider_code = g.provider_code and d.username = g.username
      where g.is_active and d.balance <> a.balance`.execute(db);
    expect(mismatch.rows).toEqual([]);

    // Every acknowledged transfer is settled in the ledger, and its key replays the same answer.
    for (const [key, ack] of acknowledged) {
      const row = await db.selectFrom('idempotency_key').select(['state', 'response']).where('member_id', '=', ack.memberId).where('key', '=', key).executeTakeFirstOrThrow();
      expect(row.state).toBe('done');
      expect(row.response).toEqual(JSON.parse(ack.body));
      const legs = await db.selectFrom('game_transfer').select('status').where('member_id', '=', ack.memberId).where('idempotency_key', '=', key).execute();
      expect(legs.map((l) => l.status)).toEqual(['settled']);
    }
    const [someKey, someAck] = [...acknowledged][0];
    const m = members.find((x) => x.id === someAck.memberId)!;
    const replay = await fetch(`http://127.0.0.1:${port}/api/wallet/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${m.token}`, 'idempotency-key': someKey },
      body: someAck.request,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(await replay.text()).toBe(someAck.body);
    console.log(`crash: ${acknowledged.size} transfers acknowledged before SIGKILL, ${pendingAtCrash.length} pending at the crash, all resolved; audit clean over ${audit.entries} entries`);
  }, 120_000);
});
