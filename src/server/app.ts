import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import type { SpinWheel } from './modules/spin/spinwheel';
import type { Wallet } from './modules/wallet/wallet';
import type { DemoProviderEngine } from './sandbox/simulators/demo-provider/engine';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { trackMountedRoutes } from './docs/mounted-routes';
import { registerDocs } from './docs/routes';
import { registerAssets } from './http/assets';
import { answerFrameworkError, installErrorHandler } from './http/error-handler';
import { memberGuard, serviceSwitch, type Authenticator } from './http/member-guard';
import { MemberGates } from './http/member-gates';
import { noStoreApiAnswers } from './http/no-store';
import { loggerOptions, requestIdOf } from './http/logging';
import { refuseNulBytes } from './http/nul-guard';
import { registerSpa } from './http/spa';
import { chooseAdapters } from './adapters';
import { AppMetrics } from './metrics/metrics';
import { watchOperations } from './metrics/operations';
import { countRequests, registerMetricsRoute } from './metrics/routes';
import { pendingQueues } from './modules/reports/dashboard';
import { setupHealth } from './modules/health/setup';
import { Passwords, passwordCostOf } from './modules/account/passwords';
import { setupAccount } from './modules/account/setup';
import { ContentLanguages } from './content/content-languages';
import { Lookups } from './modules/lookup/lookups';
import { setupLookups } from './modules/lookup/setup';
import { Otp } from './modules/otp/otp';
import { ResetCodes } from './modules/otp/reset-codes';
import { setupOtp } from './modules/otp/setup';
import { setupSessions } from './modules/sessions/setup';
import { Sessions } from './modules/sessions/sessions';
import { setupDeposits } from './modules/deposits/setup';
import { setupSpinWheel } from './modules/spin/setup';
import { setupChat } from './modules/chat/setup';
import { setupWallet } from './modules/wallet/setup';
import { setupPromotions } from './modules/promotions/setup';
import { setupAdmin } from './modules/admin/setup';
import { setupConfig } from './modules/config/setup';
import { setupReports } from './modules/reports/setup';
import { setupSaferPlay } from './modules/safer-play/setup';
import { setupPush } from './modules/push/setup';
import { MemberNotices } from './notices/member-notices';
import { Realtime } from './realtime/realtime';
import { registerSandboxRoutes } from './sandbox/routes';
import { MovableClock } from './sandbox/clock';
import { Settings } from './settings/settings';
import { Throttle } from './throttle/throttle';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. The app closes it on close. */
  database?: Database;
  /**
   * Pino logger options (the level, a destination `stream`), or false for none (tests). The
   * app's own (JSON lines, request ids, redaction: http/logging.ts) apply under them.
   */
  logger?: false | object;
  /** The time domain rules read; tests move it. Defaults to the system clock. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    wallet: Wallet;
    /** The demo game provider engine (sandbox mode only). */
    demoProvider: DemoProviderEngine | undefined;
    spinWheel: SpinWheel;
  }
}

/**
 * The app factory: composes plugins in dependency order (external plugins, then the app's
 * services, then routes). Testable with `inject()`; `listen()` is the caller's business.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.LOG_LEVEL), ...options.logger },
    // A caller's X-Request-Id when it is a short safe token (a balancer's), else a fresh UUID; every log line of the request carries it.
    genReqId: requestIdOf,
    // Per-address limits read X-Forwarded-For only from proxies the operator names.
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((a) => a.trim()) : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  trackMountedRoutes(app);
  // Every route is counted, so the counting comes before any (metrics/README.md).
  const metrics = new AppMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  countRequests(app, metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  noStoreApiAnswers(app);
  installErrorHandler(app);
  refuseNulBytes(app);

  // External plugins.
  const corsOrigins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  await app.register(cors, { origin: corsOrigins.length ? corsOrigins : false, credentials: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // https: the chat shows pictures and videos an operator links from anywhere on the web
        // (cards, media messages); never over plain http.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Pixi compiles shaders at run time and PGlite-free clients need wasm only for decoders.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        // A game provider's launch form posts the member there (the sandbox's to its own demo game).
        formAction: ["'self'", ...config.GAME_FORM_ORIGINS],
      },
    },
  });
  // Answers and images over 1 KB travel compressed (the lobby's art, the home, statements). Brotli
  // at quality 4, not the default 11: these are made per request, and 11 costs far more CPU for a
  // few percent. The client's built files are compressed ahead (spa.ts) and are left as they are.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
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
  // Sandbox mode's clock can be moved forward by testers (sandbox/clock.ts); live mode's never.
  const clock = config.sandbox ? new MovableClock(options.clock ?? systemClock()) : options.clock ?? systemClock();
  const throttle = new Throttle(database.db, clock);
  const lookups = new Lookups(settings, config.COUNTRY, clock, new ContentLanguages(settings, config.COUNTRY));
  // Every outside service, live or sandbox, is chosen here once (adapters.ts); the modules take them from the context.
  const { adapters, simulators } = chooseAdapters(app, { config, db: database.db, clock, metrics });
  const otp = new Otp({ db: database.db, clock, sms: adapters.sms, throttle, country: config.COUNTRY });
  const resetCodes = new ResetCodes({
    db: database.db, clock, sms: adapters.sms, throttle, country: config.COUNTRY,
    onDeliveryFailed: (err) => app.log.error({ err }, 'password reset SMS not sent'),
  });
  const memberGates = new MemberGates();
  // Every member request and every socket's session check passes here: safer play counts signed-in time.
  const authenticate: Authenticator = async (token) => {
    const member = await sessions.authenticate(token);
    if (member) await memberGates.seen(member);
    return member;
  };
  const realtime = new Realtime({ authenticate, redisUrl: config.REDIS_URL, corsOrigins, sessionCheckMs: config.SOCKET_SESSION_CHECK_MS });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    settings,
    sessions,
    clock,
    throttle,
    lookups,
    otp,
    resetCodes,
    passwords: new Passwords(passwordCostOf(config)),
    authenticate,
    realtime,
    memberGates,
    adapters,
    notices: new MemberNotices((err) => app.log.error({ err }, 'a member notice listener failed')),
    metrics,
    redis,
    lifecycle: { stopping: false },
    guards: {
      member: memberGuard({ isServiceActive: () => settings.isServiceActive(clock.now()), authenticate, gates: memberGates }),
      service: serviceSwitch(() => settings.isServiceActive(clock.now())),
    },
  };
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => realtime.attach(app.server));
  // A shutdown (main.ts, or a test closing the app): readiness answers 503 from here, the sockets
  // end first (pages reconnect to another node), and requests in flight finish (README, Going live).
  app.addHook('preClose', async () => {
    ctx.lifecycle.stopping = true;
    realtime.disconnectAll();
  });
  // Reset codes' SMS go out after their answer: the database stays until they are handed over.
  app.addHook('preClose', async () => resetCodes.settled());
  app.addHook('onClose', async () => {
    await realtime.close();
    await redis?.quit().catch(() => undefined);
    await database.close();
  });

  // The modules, each composed and mounted by its setup.ts.
  setupHealth(app, ctx);
  setupLookups(app, ctx);
  setupSessions(app, ctx);
  setupOtp(app, ctx);
  setupAccount(app, ctx);
  await registerAssets(app);
  const wallet = setupWallet(app, ctx, (code, language) => ctx.lookups.bankName(code, language));
  app.decorate('wallet', wallet);
  const deposits = setupDeposits(app, ctx, wallet.money);
  setupPromotions(app, ctx, wallet.money, wallet.view);
  const spinWheel = setupSpinWheel(app, ctx, wallet.money);
  app.decorate('spinWheel', spinWheel);
  const office = setupAdmin(app, ctx, wallet, deposits);
  setupConfig(app, ctx, office);
  setupReports(app, ctx, wallet.money, office);
  const chat = setupChat(app, ctx);
  setupSaferPlay(app, ctx, wallet.money, office);
  setupPush(app, ctx);
  // The sandbox's routes, all from here and only in sandbox mode (chooseAdapters made simulators).
  app.decorate('demoProvider', simulators?.demo);
  if (simulators) registerSandboxRoutes(app, ctx, simulators, { wallet, spinWheel, depositAccounts: deposits.accounts });
  // Ledger entries as they commit; the reconciler's backlog, sockets and operators' queues when scraped.
  wallet.money.onEntriesBooked((entries) => metrics.ledgerEntries.inc(entries));
  watchOperations(metrics, {
    sockets: () => realtime.connectedCount(),
    backlog: () => wallet.reconciler.backlog(),
    queues: async () => {
      const [queues, chats] = await Promise.all([pendingQueues(database.db), chat.unansweredCount()]);
      return {
        withdrawals_to_decide: queues.withdrawalsQueued,
        withdrawals_to_pay: queues.withdrawalsPaying,
        slips_to_review: queues.slipsPending,
        bank_arrivals_unmatched: queues.arrivalsUnmatched,
        adjustments_to_approve: queues.adjustmentsProposed,
        config_changes_to_approve: queues.configChangesPending,
        chats_unanswered: chats,
      };
    },
    onError: (err) => app.log.warn({ err }, 'a metric was not read for this scrape'),
  });
  registerMetricsRoute(app, metrics, config.METRICS_TOKEN);
  await registerDocs(app, { sandbox: config.sandbox });
  app.setNotFoundHandler(await registerSpa(app, config.CLIENT_DIR, { sandbox: config.sandbox }));

  return app;
}
