import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { CuttableProxy, throughProxy } from './helpers/cuttable-proxy';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { expectMoneyIntact, waitNothingPending } from './helpers/money-checks';
import { seedPlayers, type Player } from './helpers/players';
import { stopServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * PostgreSQL goes away for a few seconds in the middle of a transfer load (every connection
 * dropped, new ones refused, as in a restart or failover) and comes back. While it is gone,
 * requests fail with SERVICE_UNAVAILABLE (or TRANSFER_PENDING when the outcome waits for the
 * reconciler), never a bare 500 and never a signed-out member; after it returns, requests
 * succeed again, and every request retried with its key ends with one answer. Then nothing is
 * pending, money is conserved, the provider holds what the ledger says, and no key moved money
 * twice. Needs PostgreSQL (TEST_DATABASE_URL).
 */
const MEMBERS = 6;
const FUNDING = 5_000;
const OUTAGE_MS = 3_000;

interface Sent {
  player: Player;
  body: string;
  answers: { status: number; body: string }[];
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL gone during load (postgres)', () => {
  let test: TestDatabase;
  let server: ServerProcess | undefined;
  let proxy: CuttableProxy | undefined;
  afterAll(async () => {
    await stopServer(server);
    await proxy?.close();
    await test?.drop();
  });

  it('answers SERVICE_UNAVAILABLE while it is gone, recovers, and loses or doubles nothing', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const players = await seedPlayers(db, MEMBERS, FUNDING, '08901');
    const target = new URL(test.url!);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = throughProxy(test.url!, await proxy.listen());
    server = await startServer({
      DATABASE_URL: proxied, RECONCILE_GRACE_MS: '1000', RECONCILE_INTERVAL_MS: '500', PROVIDER_TIMEOUT_MS: '2000',
    });

    const sent = new Map<string, Sent>();
    const send = async (key: string, s: Sent) => {
      try {
        const res = await fetch(`${server!.url}/api/wallet/transfer`, {
          method: 'POST', signal: AbortSignal.timeout(20_000),
          headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${s.player.token}`, 'idempotency-key': key },
          body: s.body,
        });
        s.answers.push({ status: res.status, body: await res.text() });
      } catch (error) {
        s.answers.push({ status: 0, body: String(error) });
      }
    };

    let phase: 'before' | 'outage' | 'after' | 'done' = 'before';
    const byPhase = { before: [] as number[], outage: [] as number[], after: [] as number[] };
    const outageAnswers = new Set<string>();
    let firstSuccessAfter: number | undefined;
    let restoredAt = 0;
    const lanes = players.flatMap((player) => [0, 1].map(async (lane) => {
      for (let n = 0; phase !== 'done'; n++) {
        const key = randomUUID();
        const toGame = (n + lane) % 2 === 0;
        const s: Sent = { player, body: JSON.stringify({ from: toGame ? 'wallet' : 'PG', to: toGame ? 'PG' : 'wallet', amount: 1 + (n % 5) }), answers: [] };
        sent.set(key, s);
        const at = phase; // the phase the request was sent in
        await send(key, s);
        const { status } = s.answers[0]!;
        byPhase[at].push(status);
        if (at === 'outage') outageAnswers.add(`${status} ${s.answers[0]!.body}`);
        if (at === 'after' && status === 200 && firstSuccessAfter === undefined) firstSuccessAfter = Date.now() - restoredAt;
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    }));
    const load = Promise.all(lanes);
    await new Promise((r) => setTimeout(r, 1_500));
    phase = 'outage';
    proxy.cut();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    proxy.restore();
    restoredAt = Date.now();
    phase = 'after';
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (byPhase.after.filter((s) => s === 200).length < 20)) await new Promise((r) => setTimeout(r, 100));
    phase = 'done';
    await load;

    // Before and after: the load went through. While gone: a clear code, never a bare 500 or a sign-out.
    expect(byPhase.before.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(byPhase.after.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    const outageCodes = new Set(byPhase.outage);
    // (A request that waited for a connection until the database came back has its ordinary answer.)
    for (const status of outageCodes) expect([200, 202, 400, 502, 503], [...outageAnswers].join('; ')).toContain(status);
    expect(byPhase.outage.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const s of sent.values()) {
      if (s.answers[0]!.status === 503) expect(JSON.parse(s.answers[0]!.body)).toEqual({ message: 'SERVICE_UNAVAILABLE' });
    }

    // Every request the client could not finish is retried with its key until it has its answer.
    await waitNothingPending(db);
    let retried = 0;
    for (const [key, s] of sent) {
      for (let i = 0; i < 20 && [0, 202, 503].includes(s.answers.at(-1)!.status); i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 250));
        await send(key, s);
        retried++;
      }
      // 200, TRANSFER_FAIL (502), or MONEY_NOT_ENOUGH (400) for a game account emptied by an earlier transfer.
      expect([200, 400, 502], `${key}: ${JSON.stringify(s.answers)}`).toContain(s.answers.at(-1)!.status);
    }
    await waitNothingPending(db);
    const { entries } = await expectMoneyIntact(db, MEMBERS, FUNDING);

    // One answer per key: a settled transfer answered 200, a reversed one TRANSFER_FAIL, a refused one nothing at all.
    let doubled = 0;
    for (const [key, s] of sent) {
      const legs = await db.selectFrom('game_transfer').select('status').where('member_id', '=', s.player.id).where('idempotency_key', '=', key).execute();
      if (legs.length > 1) doubled++;
      const final = s.answers.at(-1)!;
      if (final.status === 200) expect(legs.map((l) => l.status)).toEqual(['settled']);
      else if (final.status === 502) expect(legs.map((l) => l.status)).toEqual(['reversed']);
      else expect(legs).toEqual([]);
    }
    expect(doubled).toBe(0);
    const count = (list: number[], status: number) => list.filter((s) => s === status).length;
    console.log(`fault: PostgreSQL gone for ${OUTAGE_MS / 1000} s during load: ${sent.size} transfers, ${byPhase.outage.length} sent while gone `
      + `(${count(byPhase.outage, 503)} SERVICE_UNAVAILABLE, ${count(byPhase.outage, 202)} TRANSFER_PENDING, ${count(byPhase.outage, 200)} done), `
      + `first success ${firstSuccessAfter ?? '-'} ms after it returned, ${retried} retries with the same key, lost 0, doubled ${doubled}, audit clean over ${entries} entries`);
  }, 180_000);
});
