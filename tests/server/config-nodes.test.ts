import * as OTPAuth from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type MoneyConfig } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { seedPlayers } from './helpers/players';
import { stopServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * Issue 29, live on every node: two server processes on one PostgreSQL and one Redis. A money
 * rule proposed on one and approved on the other is served by both within seconds, with no
 * restart; before the approval neither serves it. Prints how long the second node took.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'sandbox-admin-for-nodes';

const code = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

describe.runIf(process.env.TEST_DATABASE_URL)('configuration on two processes (postgres and redis)', () => {
  let test: TestDatabase;
  let nodes: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map(stopServer));
    await test?.drop();
  });

  const call = async <T>(node: ServerProcess, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${node.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  /** Enrols the seeded operator's authenticator and signs in; the code's step differs from any used before. */
  const signIn = async (node: ServerProcess, username: string, password: string) => {
    const first = await call<{ step: string; secret: string }>(node, 'POST', '/api/admin/login', undefined, { username, password });
    expect(first.body.step).toBe('enrol');
    const signed = await call<{ token: string }>(node, 'POST', '/api/admin/login', undefined, { username, password, code: code(first.body.secret) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    return signed.body.token;
  };

  it('serves a change approved on one node from the other at once', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const [player] = await seedPlayers(db, 1, 1_000, '08903');
    const env = { DATABASE_URL: test.url!, REDIS_URL, ADMIN_SEED_PASSWORD: ADMIN_PASSWORD, RECONCILE_INTERVAL_MS: '0' };
    // One after the other: the first start seeds the sandbox's operators.
    nodes = [await startServer(env)];
    nodes.push(await startServer(env));
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const checkerLine = a.log().split('\n').find((l) => l.includes('"operator":"checker"') && l.includes('"sandboxPassword"'));
    const checkerPassword = (JSON.parse(checkerLine!) as { sandboxPassword: string }).sandboxPassword;

    const admin = await signIn(a, 'admin', ADMIN_PASSWORD);
    const checker = await signIn(b, 'checker', checkerPassword);
    const withdrawMax = async (node: ServerProcess) => (await call<{ withdrawMax: number }>(node, 'GET', '/api/lookup/withdraw', player!.token)).body.withdrawMax;
    const before = await withdrawMax(a);
    expect(await withdrawMax(b)).toBe(before);

    const current = (await call<{ items: { target: string; value: MoneyConfig }[] }>(a, 'GET', '/api/admin/config/money', admin)).body.items.find((i) => i.target === 'BAHT')!.value;
    const proposed = await call<{ id: string; status: string }>(a, 'PUT', '/api/admin/config/money/BAHT', admin, { value: { ...current, withdrawMax: before - 1_234 } });
    expect(proposed.body.status).toBe('pending');
    expect([await withdrawMax(a), await withdrawMax(b)]).toEqual([before, before]);

    const approved = await call<{ status: string }>(b, 'POST', `/api/admin/config-changes/${proposed.body.id}/approve`, checker, {});
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ status: 'applied' });
    const at = Date.now();
    const seen: Record<string, number> = {};
    while (Object.keys(seen).length < 2 && Date.now() - at < 10_000) {
      for (const [name, node] of [['a', a], ['b', b]] as const) {
        if (!(name in seen) && (await withdrawMax(node)) === before - 1_234) seen[name] = Date.now() - at;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Object.keys(seen).sort()).toEqual(['a', 'b']);
    // Settings are cached for a second per process: "no cache older than a few seconds".
    expect(Math.max(seen.a!, seen.b!)).toBeLessThan(3_000);
    console.log(`config: a money rule approved on node b was served by node b after ${seen.b} ms and by node a after ${seen.a} ms, no restart`);
  }, 240_000);
});
