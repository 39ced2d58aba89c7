import type { FastifyInstance } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../../src/contract';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { Engine } from '../../../src/server/db/database';
import { freshDatabase } from './db';
import { TEST_PASSWORD_COST } from './password-cost';

export interface TestApp {
  app: FastifyInstance;
  engine: Engine;
  close(): Promise<void>;
}

/** An app on a fresh database of the given engine, for `inject()`. */
export async function build(
  engine: Engine,
  env: Record<string, string> = {},
  /** Extra routes registered before the app is ready (for cross-cutting tests). */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const config: Config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, ...env });
  const test = await freshDatabase(engine);
  const app = await buildApp({ config, database: test.database, logger: process.env.TEST_LOG ? { level: 'error' } : false });
  extend?.(app);
  await app.ready();
  return {
    app,
    engine,
    async close() {
      await app.close();
      await test.drop();
    },
  };
}

/** Headers the wallet client sends, plus a bearer token when given. */
export const clientHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});
