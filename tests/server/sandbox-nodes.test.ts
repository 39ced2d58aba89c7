import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { sandboxSecret } from '../../src/server/sandbox/simulators/secrets';
import { engines, freshDatabase, type TestDatabase } from './helpers/db';
import { seedMember } from './helpers/members';
import { TEST_PASSWORD_COST } from './helpers/password-cost';
import { walletClient } from './helpers/wallet';

describe('sandbox mode listens on this machine only unless HOST says otherwise', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ HOST: '' }, '127.0.0.1'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ HOST: '192.168.1.20' }, '192.168.1.20'],
  ])('HOST %j listens on %s', (env, host) => {
    expect(loadConfig({ NODE_ENV: 'test', ...env }).HOST).toBe(host);
  });

  it('derives the simulators\' secrets from the shared database, the same on every node', () => {
    const node = { DATABASE_URL: 'postgres://db.internal/wallet', DATA_DIR: './data' };
    expect(sandboxSecret(node, 'provider')).toBe(sandboxSecret({ ...node }, 'provider'));
    expect(sandboxSecret(node, 'provider')).not.toBe(sandboxSecret({ ...node, DATABASE_URL: 'postgres://db.internal/other' }, 'provider'));
    expect(sandboxSecret(node, 'provider')).not.toBe(sandboxSecret(node, 'gateway'));
  });
});

describe.each(engines)('two sandbox nodes on one %s database', (engine) => {
  let test: TestDatabase;
  let nodes: FastifyInstance[];
  beforeAll(async () => {
    test = await freshDatabase(engine);
    // No SANDBOX_PROVIDER_SECRET: each node works out its own, as two `npm start` processes do.
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, RECONCILE_INTERVAL_MS: '0' });
    nodes = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, database: test.database, logger: false });
      await app.ready();
      nodes.push(app);
    }
  });
  afterAll(async () => {
    // Both nodes share the database object; the test owns it.
    for (const app of nodes) await app.close().catch(() => undefined);
    await test.drop().catch(() => undefined);
  });

  it('opens a game launch link made by one node on the other', async () => {
    const [a, b] = nodes;
    const m = await seedMember(a);
    const w = walletClient(a, m.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    const login = (await w.get('/api/wallet/account/PG')).json();
    const link = (await w.get(`/api/autoLogin/pg/${encodeURIComponent(login.username)}`)).json().link as string;
    const token = new URL(link).searchParams.get('t')!;
    for (const node of [a, b]) {
      const opened = await node.inject({ method: 'GET', url: `/api/sandbox/game/session?t=${encodeURIComponent(token)}` });
      expect(opened.statusCode, opened.body).toBe(200);
    }
  });
});
