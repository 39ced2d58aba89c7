import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from '../server/helpers/db';

/**
 * The browser benchmarks' server: the whole app in this process on an in-memory database,
 * serving the built client from `clientDir` on a free 127.0.0.1 port. `close` stops it and
 * drops its database.
 */
export async function startClientServer(clientDir: string) {
  const database = await freshDatabase('pglite');
  const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: clientDir, PORT: '0', HOST: '127.0.0.1', RECONCILE_INTERVAL_MS: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: database.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const close = async () => {
    await app.close();
    await database.drop();
  };
  return { app, baseURL, close };
}
