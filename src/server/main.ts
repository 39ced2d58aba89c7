import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// `npm start` / `npm run serve`: one process serving the SPA, the API and the socket.
let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ config });
let closing = false;
/**
 * SIGTERM/SIGINT (README, Going live): readiness answers 503 and the listening socket closes (the
 * balancer sends elsewhere); the sockets end; background jobs start nothing new; requests in flight,
 * their money steps included, finish; then Redis and the database close and the process exits 0.
 * Past SHUTDOWN_GRACE_MS the connections still open are cut and it exits 1: a money step cut there
 * is one a crash could cut too, and the reconciler resolves it (its key, its pending leg) on any node.
 */
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.ctx.lifecycle.stopping = true;
  app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
  const forced = setTimeout(() => {
    app.log.error({ graceMs: config.SHUTDOWN_GRACE_MS }, 'shutdown grace passed: cutting the connections still open');
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), 1_000).unref();
  }, config.SHUTDOWN_GRACE_MS);
  forced.unref();
  // A keep-alive connection whose request finishes during the shutdown would stay open until its
  // keep-alive timeout and hold the close: each is closed as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  clearTimeout(forced);
  clearInterval(idle);
  app.log.info({ signal }, 'shut down');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { url: `http://localhost:${(app.server.address() as { port: number }).port}`, sandbox: config.sandbox, database: app.ctx.database.engine },
  config.sandbox ? 'member wallet is running in SANDBOX mode' : 'member wallet is running',
);
