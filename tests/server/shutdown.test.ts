import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { CuttableProxy, throughProxy } from './helpers/cuttable-proxy';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { expectMoneyIntact } from './helpers/money-checks';
import { seedPlayers } from './helpers/players';
import { killServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * Issue 33, on one server process on PostgreSQL (through a proxy the test can cut):
 * - readiness answers 503 naming the database while PostgreSQL is gone, and 200 again once it is back;
 * - SIGTERM in the middle of a burst of transfers: every request has an answer (those in flight
 *   finish; later ones are refused before any work, 503 or no connection, and their keys were never
 *   claimed), the process exits 0 within its grace, and nothing is left pending: the ledger audit is
 *   clean and money is conserved, without a restart or the reconciler.
 * Needs PostgreSQL (TEST_DATABASE_URL).
 */
const MEMBERS = 6;
const FUNDING = 5_000;

interface Sent { memberId: number; status: number; body: string; answeredAt: number }

const poll = async (url: string, until: (status: number) => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(async (r) => ({ status: r.status, body: await r.json() as unknown }), () => ({ status: 0, body: null }));
    if (until(res.status) || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe.runIf(process.env.TEST_DATABASE_URL)('readiness and graceful shutdown (postgres)', () => {
  let test: TestDatabase;
  let server: ServerProcess | undefined;
  let proxy: CuttableProxy | undefined;
  afterAll(async () => {
    await killServer(server);
    await proxy?.close();
    await test?.drop();
  });

  it('is not ready while PostgreSQL is gone; on SIGTERM mid-burst answers every request, exits 0 and loses nothing', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const players = await seedPlayers(db, MEMBERS, FUNDING, '08902');
    const target = new URL(test.url!);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServer({
      DATABASE_URL: throughProxy(test.url!, await proxy.listen()),
      RECONCILE_GRACE_MS: '1000', RECONCILE_INTERVAL_MS: '500', PROVIDER_TIMEOUT_MS: '2000', SHUTDOWN_GRACE_MS: '15000',
    });
    const ready = `${server.url}/api/health/ready`;

    // Readiness follows the database.
    expect(await poll(ready, (s) => s === 200, 5_000)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', redis: 'off', migrations: 'ok' } } });
    const cutAt = Date.now();
    proxy.cut();
    const gone = await poll(ready, (s) => s === 503, 10_000);
    expect(gone.status).toBe(503);
    expect(gone.body).toMatchObject({ status: 'unavailable', failed: expect.arrayContaining(['database']) });
    const noticedMs = Date.now() - cutAt;
    // Liveness does not follow it: restarting the process would not bring PostgreSQL back.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    proxy.restore();
    const restoredAt = Date.now();
    expect((await poll(ready, (s) => s === 200, 15_000)).status).toBe(200);
    const recoveredMs = Date.now() - restoredAt;

    // A burst of transfers, SIGTERM in the middle of it.
    const sent = new Map<string, Sent>();
    let stop = false;
    const lanes = players.flatMap((player) => [0, 1].map(async (lane) => {
      for (let n = 0; !stop; n++) {
        const key = randomUUID();
        const toGame = (n + lane) % 2 === 0;
        const body = JSON.stringify({ from: toGame ? 'wallet' : 'PG', to: toGame ? 'PG' : 'wallet', amount: 1 + (n % 7) });
        try {
          const res = await fetch(`${server!.url}/api/wallet/transfer`, {
            method: 'POST', signal: AbortSignal.timeout(20_000),
            headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${player.token}`, 'idempotency-key': key },
            body,
          });
          sent.set(key, { memberId: player.id, status: res.status, body: await res.text(), answeredAt: Date.now() });
        } catch (error) {
          // No connection: the server no longer listens (or closed an idle keep-alive connection).
          sent.set(key, { memberId: player.id, status: 0, body: String(error), answeredAt: Date.now() });
          return;
        }
      }
    }));
    const deadline = Date.now() + 20_000;
    while ([...sent.values()].filter((s) => s.status === 200).length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const sigtermAt = Date.now();
    process.kill(server.process.pid!, 'SIGTERM');
    await server.exited;
    const exitedMs = Date.now() - sigtermAt;
    stop = true;
    await Promise.all(lanes);
    expect(server.process.exitCode, server.log()).toBe(0);
    expect(server.log()).not.toContain('shutdown grace passed');

    const statuses = [...sent.values()].map((s) => s.status);
    const answeredAfter = [...sent.values()].filter((s) => s.status === 200 && s.answeredAt > sigtermAt).length;
    // Every answer is one a client can act on: the transfer's own, or a refusal before any work.
    for (const [key, s] of sent) expect([0, 200, 400, 502, 503], `${key}: ${s.status} ${s.body}`).toContain(s.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(100);

    // Nothing pending: no transfer leg, no request key. Each acknowledged key holds the answer given;
    // each request without one (503, no connection) never claimed its key, so a retry moves its money once.
    expect(await db.selectFrom('idempotency_key').select('key').where('state', '=', 'pending').execute()).toEqual([]);
    for (const [key, s] of sent) {
      const row = await db.selectFrom('idempotency_key').select(['state', 'response']).where('member_id', '=', s.memberId).where('key', '=', key).executeTakeFirst();
      if (s.status === 200) expect(row?.response).toEqual(JSON.parse(s.body));
      else if (s.status === 0 || s.status === 503) expect(row, `${key}: ${s.status} ${s.body}`).toBeUndefined();
    }
    const { entries } = await expectMoneyIntact(db, MEMBERS, FUNDING);
    console.log(`ops: readiness 503 ${noticedMs} ms after PostgreSQL was cut, 200 ${recoveredMs} ms after it was back; SIGTERM after ${statuses.length} transfers sent: ${answeredAfter} in flight finished after it, exit 0 in ${exitedMs} ms, ${statuses.filter((s) => s === 503).length} refused 503 and ${statuses.filter((s) => s === 0).length} without a connection (keys never claimed), pending 0, audit clean over ${entries} entries`);
  }, 120_000);
});
