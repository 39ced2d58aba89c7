import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { registerDocs } from './docs/routes';
import { installErrorHandler } from './http/error-handler';
import { memberGuard, type Authenticator } from './http/member-guard';
import { registerSpa } from './http/spa';
import { registerHealth } from './modules/health/routes';
import { registerLookups } from './modules/lookup/routes';
import { registerSessionRoutes } from './modules/sessions/routes';
import { Sessions } from './modules/sessions/sessions';
import { Realtime } from './realtime/realtime';
import { Settings } from './settings/settings';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. The app closes it on close. */
  database?: Database;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The app factory: composes plugins in dependency order (external plugins, then the app's
 * services, then routes). Testable with `inject()`; `listen()` is the caller's business.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);

  // External plugins.
  const corsOrigins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  await app.register(cors, { origin: corsOrigins.length ? corsOrigins : false, credentials: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Pixi compiles shaders at run time and PGlite-free clients need wasm only for decoders.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
  });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'member-wallet-rl:' } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'REQUEST_LIMIT' }),
  });

  // The app's services.
  const database = options.database ?? openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(database.db);
  const settings = new Settings(database.db);
  const sessions = new Sessions(database.db);
  const authenticate: Authenticator = (token) => sessions.authenticate(token);
  const realtime = new Realtime({ authenticate, redisUrl: config.REDIS_URL, corsOrigins });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    settings,
    sessions,
    authenticate,
    realtime,
    guards: { member: memberGuard({ isServiceActive: () => settings.isServiceActive(), authenticate }) },
  };
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => realtime.attach(app.server));
  app.addHook('onClose', async () => {
    await realtime.close();
    await redis?.quit().catch(() => undefined);
    await database.close();
  });

  // Routes.
  registerHealth(app, ctx);
  registerLookups(app, ctx);
  registerSessionRoutes(app, ctx);
  await registerDocs(app, { sandbox: config.sandbox });
  app.setNotFoundHandler(await registerSpa(app, config.CLIENT_DIR));

  return app;
}
