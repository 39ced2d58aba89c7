import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { TEST_PASSWORD_COST } from './password-cost';

/** The server as its own process (`src/server/main.ts`), for tests of crashes, outages and several nodes. */
export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote so far. */
  log: () => string;
  /** Settles when the process has exited (listened for from the start, so it can't be missed). */
  exited: Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Starts a server with `env` (on a free port unless PORT is given) and waits until it answers its health check. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const childEnv: NodeJS.ProcessEnv = {};
  // Vitest's own variables (NODE_ENV=test is set again below) stay out of the server's environment.
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VITEST') && !['MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'TEST', 'TEST_DATABASE_URL'].includes(key)) childEnv[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...childEnv, HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout!.on('data', (c) => (log += c));
  child.stderr!.on('data', (c) => (log += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { url, port, process: child, log: () => log, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${log}`);
}

/** Stops a server as an operator would (SIGTERM, then SIGKILL after 10 s). */
export async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.process.exitCode !== null || server.process.pid === undefined) return;
  process.kill(-server.process.pid, 'SIGTERM');
  const timer = setTimeout(() => server.process.pid && process.kill(-server.process.pid, 'SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** Kills a server at once, as a crash would: SIGKILL to its whole process group. */
export async function killServer(server: ServerProcess | undefined) {
  if (!server || server.process.exitCode !== null || server.process.pid === undefined) return;
  process.kill(-server.process.pid, 'SIGKILL');
  await server.exited;
}
