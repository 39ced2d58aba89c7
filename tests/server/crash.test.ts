import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { expectMoneyIntact, waitNothingPending } from './helpers/money-checks';
import { seedPlayers } from './helpers/players';
import { killServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * The server is killed with SIGKILL in the middle of a burst of transfers and started again.
 * After the reconciler has run, the ledger audit is clean, money is conserved, the provider
 * holds what the ledger says, and every transfer acknowledged to a client is in the ledger
 * with the answer the client got. Needs PostgreSQL (TEST_DATABASE_URL).
 */
const MEMBERS = 8;
const FUNDING = 5_000;

const serverEnv = (url: string, port?: number): Record<string, string> => ({
  DATABASE_URL: url, RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '500', PROVIDER_TIMEOUT_MS: '2000',
  ...(port ? { PORT: String(port) } : {}),
});

describe.runIf(process.env.TEST_DATABASE_URL)('crash in the middle of transfers (postgres)', () => {
  let test: TestDatabase;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await killServer(server);
    await test?.drop();
  });

  it('loses and doubles nothing across a SIGKILL and restart', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const members = await seedPlayers(db, MEMBERS, FUNDING);

    server = await startServer(serverEnv(test.url!));
    const { port } = server;

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
    await killServer(server);
    killed = true;
    await burstEnds;

    const pendingAtCrash = await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute();
    server = await startServer(serverEnv(test.url!, port));
    await waitNothingPending(db);
    const { entries } = await expectMoneyIntact(db, MEMBERS, FUNDING);

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
    console.log(`fault: SIGKILL during a transfer burst, restart: ${acknowledged.size} transfers acknowledged, ${pendingAtCrash.length} pending at the crash and resolved, lost 0, doubled 0, audit clean over ${entries} entries`);
  }, 120_000);
});
