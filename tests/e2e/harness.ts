/**
 * End-to-end harness. As vitest's globalSetup (once per run) it builds the client (unless
 * SKIP_BUILD=1), starts the real server on a free port with a fresh data directory, waits
 * for GET /api/health, and hands the base URL to the tests. Tests use the helpers below to
 * drive Debian's Chromium through playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { TEST_PASSWORD_COST } from '../server/helpers/password-cost';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_DIR = path.join(ROOT, 'test-results');

/**
 * CI runs the files in two groups at once (E2E_GROUP=a|b, tests/e2e/vitest.config.ts), each with its own
 * shared server: what a group keeps beside its server (the log, the admin's authenticator) is
 * named for the group, so the two never read each other's.
 */
export const GROUP = process.env.E2E_GROUP ?? '';
export const SHARED_LOG = GROUP ? `server-${GROUP}.log` : 'server.log';
export const ADMIN_AUTHENTICATOR = path.join(RESULTS_DIR, GROUP ? `admin-authenticator-${GROUP}.json` : 'admin-authenticator.json');
/** The other seeded operators' keys (the checker's), for the files of the group (operators.ts). */
export const OPERATOR_KEYS = path.join(RESULTS_DIR, GROUP ? `operator-keys-${GROUP}.json` : 'operator-keys.json');

const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 90_000);

/**
 * Vitest puts Vite's own variables into process.env (MODE=test, NODE_ENV=test, DEV, PROD, ...).
 * Children must not inherit them: the server's own APP_MODE is separate, but NODE_ENV=test, and a build with
 * NODE_ENV=test is not a production build.
 */
const VITEST_VARS = ['MODE', 'NODE_ENV', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'TEST'];
const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (VITEST_VARS.includes(key) || key.startsWith('VITEST')) delete env[key];
  }
  return { ...env, ...extra };
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const waitForHealth = async (url: string, server: ChildProcess, log: () => string) => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS} ms:\n${log()}`);
};

const stopServer = async (server: ChildProcess) => {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise((r) => server.once('exit', r));
  // npx starts tsx which starts node: signal the whole process group we created.
  process.kill(-server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (server.exitCode === null && server.pid !== undefined) process.kill(-server.pid, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
};

/** A server of its own: its address, its data directory, and how to stop it (the directory goes with it unless kept). */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Builds the client into `outDir` with the build's variables (VITE_COUNTRY=LA: the Laos
 * variant), unless SKIP_BUILD=1 and a build is already there. Returns the directory.
 */
export async function buildClient(outDir = 'dist', env: Record<string, string> = {}): Promise<string> {
  const dir = path.join(ROOT, outDir);
  if (process.env.SKIP_BUILD === '1' && fs.existsSync(path.join(dir, 'index.html'))) return dir;
  if (process.env.SKIP_BUILD === '1' && outDir === 'dist') return dir;
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], childEnv({ NODE_ENV: 'production', ...env }));
  return dir;
}

/**
 * Starts the real server on a free port with a fresh data directory and waits for its health
 * check. `env` adds to the server's environment (COUNTRY=LA, CLIENT_DIR=dist-la for the Laos
 * variant); its log goes to test-results/`logName`. Passwords are hashed at the API tests' cost
 * (tests/server/helpers/password-cost.ts): a login at production's cost is a second or more of
 * CPU, and the browser tests log in many times without testing the hash.
 */
export async function startServer(env: Record<string, string> = {}, logName = 'server.log'): Promise<E2eServer> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-wallet-e2e-'));
  const logFile = path.join(RESULTS_DIR, logName);
  let log = '';
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...TEST_PASSWORD_COST, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log += chunk;
    fs.appendFileSync(logFile, chunk);
  };
  fs.writeFileSync(logFile, '');
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseURL = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  const stop = async (options: { keepData?: boolean } = {}) => {
    // Stopping twice (a test that audits the data, then the file's teardown) stops once.
    stopped ??= stopServer(server);
    await stopped;
    if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, () => log.slice(-4000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

/**
 * vitest globalSetup: builds the Thailand client (unless SKIP_BUILD=1), starts the server every
 * file shares, provides its base URL; returns the teardown. A file for another variant (the
 * Laos journey) builds and starts its own with buildClient and startServer.
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await buildClient('dist');
  // The shared server seeds a fresh admin: an authenticator kept by an earlier run is stale (e2e/operators.ts).
  fs.rmSync(ADMIN_AUTHENTICATOR, { force: true });
  fs.rmSync(OPERATOR_KEYS, { force: true });
  const server = await startServer({}, SHARED_LOG);
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}

let scriptServer: string | undefined;
/**
 * A script outside vitest (the how-to recorder, tests/howto/record.ts) names the server that
 * the helpers here and in support.ts talk to; inside vitest it is the shared server.
 */
export const setServerForScripts = (address: string) => {
  scriptServer = address;
};

/** The running server's address, inside a test. */
export const baseURL = (): string => scriptServer ?? inject('baseURL');
export const url = (pathname: string): string => new URL(pathname, baseURL()).toString();

/**
 * Issue 32: the built client registers a service worker that precaches the member app (about
 * 0.7 MB over the wire) once a page is idle. The e2e contexts must not: it made the files 2-3
 * times slower. Every context of a browser launched here blocks service workers unless it asks
 * for them (`serviceWorkers: 'allow'`, only tests/e2e/pwa.e2e.ts does), including the contexts a
 * file makes with browser.newContext directly.
 */
const blockServiceWorkers = (browser: Browser): Browser => {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
};

export const launchChromium = async (): Promise<Browser> =>
  blockServiceWorkers(await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--enable-unsafe-swiftshader',
    ],
  }));

/**
 * A phone-sized context (390×844 at 1× unless told) on the shared server unless told; each
 * context has fresh storage. 1×, not a phone's 2-3×: Chromium here rasterises and runs WebGL in
 * software, and four times the pixels cost a fifth of every file's time (deposits: 82 s -> 65 s);
 * a test about resolution asks for its own scale.
 */
export const phoneContext = (
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; baseURL?: string; deviceScaleFactor?: number; timezoneId?: string } = {},
): Promise<BrowserContext> =>
  browser.newContext({
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
    baseURL: options.baseURL ?? baseURL(),
    timezoneId: options.timezoneId,
    // No service worker (issue 32): see blockServiceWorkers.
    serviceWorkers: 'block',
  });

/** Saves a PNG into test-results/ and returns its path. */
export const screenshot = async (page: Page, name: string, fullPage = false): Promise<string> => {
  const file = path.join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, type: 'png', fullPage });
  return file;
};

/** Waits until web fonts in use have loaded, so screenshots show the real glyphs. */
export const fontsReady = (page: Page) => page.evaluate(() => document.fonts.ready.then(() => undefined));

/**
 * Pages in contexts of their own, at a laptop's width (the console) or a phone's, all closed by
 * `close`; in the machine's time zone unless told (an operator in Bangkok: 'Asia/Bangkok').
 */
export function pageMaker(browser: () => Browser, options: { timezoneId?: string } = {}) {
  const contexts: BrowserContext[] = [];
  const open = async (context: BrowserContext) => {
    contexts.push(context);
    return context.newPage();
  };
  return {
    laptop: async () =>
      open(await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: 'th-TH', baseURL: baseURL(), timezoneId: options.timezoneId, serviceWorkers: 'block' })),
    phone: async () => open(await phoneContext(browser(), { timezoneId: options.timezoneId })),
    close: async () => {
      for (const c of contexts.splice(0)) await c.close();
    },
  };
}
