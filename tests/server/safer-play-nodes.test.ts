import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { Sessions } from '../../src/server/modules/sessions/sessions';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { seedPlayers } from './helpers/players';
import { stopServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * Issue 31 on every node: two server processes on one PostgreSQL and one Redis. A break taken
 * through node A ends the member's sessions on node B too: B refuses the member's other token,
 * and B's socket of that session is ended by the server.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(process.env.TEST_DATABASE_URL)('safer play on two processes (postgres and redis)', () => {
  let test: TestDatabase;
  let nodes: ServerProcess[] = [];
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(nodes.map(stopServer));
    await test?.drop();
  });

  const call = async (node: ServerProcess, method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${node.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('ends every session of the member on both nodes when a break starts', async () => {
    test = await freshDatabase('postgres');
    const db = test.database.db;
    await migrateToLatest(db);
    const [player] = await seedPlayers(db, 1, 100, '08931');
    const onB = await new Sessions(db).create(player.id, { persistent: true });
    const env = { DATABASE_URL: test.url!, REDIS_URL, RECONCILE_INTERVAL_MS: '0' };
    nodes = [await startServer(env)];
    nodes.push(await startServer(env));
    const [a, b] = nodes as [ServerProcess, ServerProcess];

    expect((await call(b, 'GET', '/api/wallet', onB)).status).toBe(200);
    const socket = io(b.url, { path: '/socket.io', auth: { token: onB }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const taken = await call(a, 'POST', '/api/safer-play/break', player.token, { length: '7d', confirm: true });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ restriction: { reason: 'ON_BREAK' } });
    expect(await ended).toBe('io server disconnect');
    // Node B may trust what it read for up to SESSION_CACHE_MS; then the revocation holds there too.
    let answer = await call(b, 'GET', '/api/wallet', onB);
    for (let i = 0; i < 50 && answer.status === 200; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await call(b, 'GET', '/api/wallet', onB);
    }
    expect(answer).toEqual({ status: 401, body: { message: 'invalid-token' } });
    expect((await call(a, 'GET', '/api/wallet', player.token)).body).toEqual({ message: 'invalid-token' });
  }, 300_000);
});
