import { afterAll, describe, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { burstThenKill, expectAcknowledgedKept, pendingTransfers } from './helpers/crash-burst';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { expectMoneyIntact, waitNothingPending } from './helpers/money-checks';
import { seedPlayers } from './helpers/players';
import { killServer, startServer, type ServerProcess } from './helpers/server-process';

/**
 * The server is killed with SIGKILL in the middle of a burst of transfers and started again.
 * After the reconciler has run, the ledger audit is clean, money is conserved, the provider
 * holds what the ledger says, and every transfer acknowledged to a client is in the ledger
 * with the answer the client got. Needs PostgreSQL (TEST_DATABASE_URL). The same crash through
 * the OMG aggregator's adapter: crash-omg.test.ts.
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
    const acknowledged = await burstThenKill(server, members, 'PG', 150);
    const pendingAtCrash = await pendingTransfers(db);

    server = await startServer(serverEnv(test.url!, server.port));
    await waitNothingPending(db);
    const { entries } = await expectMoneyIntact(db, MEMBERS, FUNDING);
    await expectAcknowledgedKept(db, server, members, acknowledged);
    console.log(`fault: SIGKILL during a transfer burst, restart: ${acknowledged.size} transfers acknowledged, ${pendingAtCrash} pending at the crash and resolved, lost 0, doubled 0, audit clean over ${entries} entries`);
  }, 120_000);
});
