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
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, then close the database.
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  { url: `http://localhost:${(app.server.address() as { port: number }).port}`, sandbox: config.sandbox, database: app.ctx.database.engine },
  config.sandbox ? 'member wallet is running in SANDBOX mode' : 'member wallet is running',
);
