import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { expectMoneyIntact, waitNothingPending } from './helpers/money-checks';
import { seedPlayers } from './helpers/players';
import { stopServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * Scale-out for money (ARCHITECTURE.md): two server processes on one PostgreSQL and one Redis.
 * Every transfer is sent to both at the same moment under one idempotency key, as a client
 * retrying through a load balancer would. Each key moves money once and both copies get the
 * same answer; afterwards nothing is pending, money is conserved and the provider holds what
 * the ledger says. Needs PostgreSQL (TEST_DATABASE_URL); Redis at TEST_REDIS_URL or
 * 127.0.0.1:6379.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBERS = 6;
const FUNDING = 5_000;
const ROUNDS = 30;

describe.runIf(process.env.TEST_DATABASE_URL)('two processes moving the same money (postgres and redis)', () => {
  let test: TestDatabase;
  let nodes: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map(stopServer));
    await test?.drop();
  });

  it('moves each key once and answers both copies alike', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const players = await seedPlayers(db, MEMBERS, FUNDING, '08902');
    const env = { DATABASE_URL: test.url!, REDIS_URL, RECONCILE_GRACE_MS: '2000', RECONCILE_INTERVAL_MS: '500', PROVIDER_TIMEOUT_MS: '3000' };
    nodes = await Promise.all([startServer(env), startServer(env)]);

    const send = async (node: ServerProcess, token: string, key: string, body: string) => {
      const res = await fetch(`${node.url}/api/wallet/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}`, 'idempotency-key': key },
        body,
      });
      return { status: res.status, body: await res.text() };
    };

    let requests = 0;
    let differing = 0;
    const keys: { memberId: number; key: string; final: { status: number; body: string } }[] = [];
    await Promise.all(players.map(async (player) => {
      for (let n = 0; n < ROUNDS; n++) {
        const key = randomUUID();
        const body = JSON.stringify({ from: n % 2 === 0 ? 'wallet' : 'PG', to: n % 2 === 0 ? 'PG' : 'wallet', amount: 1 + (n % 4) });
        const answers = await Promise.all(nodes.map((node) => send(node, player.token, key, body)));
        requests += answers.length;
        // A copy that arrives while the other is still at the provider may answer "in progress" (202): retried, it answers alike.
        let final = answers.find((a) => a.status !== 202) ?? answers[0]!;
        for (let i = 0; i < 40 && final.status === 202; i++) {
          await new Promise((r) => setTimeout(r, 100));
          final = await send(nodes[i % 2]!, player.token, key, body);
        }
        const settled = answers.filter((a) => a.status !== 202);
        if (settled.some((a) => a.status !== final.status || a.body !== final.body)) differing++;
        keys.push({ memberId: player.id, key, final });
      }
    }));

    expect(differing).toBe(0);
    await waitNothingPending(db);
    const { entries } = await expectMoneyIntact(db, MEMBERS, FUNDING);
    let moved = 0;
    for (const { memberId, key, final } of keys) {
      const legs = await db.selectFrom('game_transfer').select('status').where('member_id', '=', memberId).where('idempotency_key', '=', key).execute();
      expect(legs.length, key).toBeLessThanOrEqual(1);
      if (final.status === 200) { expect(legs.map((l) => l.status)).toEqual(['settled']); moved++; }
    }
    expect(moved).toBeGreaterThan(keys.length / 2);
    console.log(`fault: two processes on one PostgreSQL and Redis, every transfer sent to both at once: ${keys.length} keys, ${requests} requests, ${moved} moved once, lost 0, doubled 0, differing answers ${differing}, audit clean over ${entries} entries`);
  }, 180_000);
});
