/**
 * `npm run bench:chat`: how many chat sockets one server process holds, and how fast operator
 * messages reach them. Starts the server (sandbox, PGlite in a temporary folder) on 127.0.0.1,
 * makes BENCH_GUESTS guest conversations, connects up to BENCH_SOCKETS sockets spread over
 * them (each a browser tab of one of those guests, all in the guest's room), then the operator
 * sends BENCH_MESSAGES messages round the conversations; every arrival at every socket is one
 * latency sample (operator call sent to socket event). The operator is the sandbox's seeded
 * admin, signed in with its authenticator as the console does. Bounded by BENCH_SECONDS, then it
 * stops by itself. The npm script raises the file-descriptor limit first.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { io, type Socket } from 'socket.io-client';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const GUESTS = Number(process.env.BENCH_GUESTS ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const BATCH = 250;
/** The seeded admin's first password (the server prints it; here it is chosen). */
const ADMIN_PASSWORD = randomBytes(18).toString('base64url');
const started = Date.now();
const deadline = started + SECONDS * 1000;
const left = () => deadline - Date.now();

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RECONCILE_INTERVAL_MS: '0', ADMIN_SEED_PASSWORD: ADMIN_PASSWORD, CLIENT_DIR: '/nonexistent' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const sockets: Socket[] = [];
const stop = (code: number) => {
  for (const s of sockets) s.disconnect();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
};
setTimeout(() => {
  console.log('bench:chat stopped at its time limit');
  stop(1);
}, SECONDS * 1000 + 30_000).unref();

while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
  if (left() <= 0 || server.exitCode !== null) stop(1);
  await new Promise((r) => setTimeout(r, 300));
}

const json = async (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-client': 'member-wallet', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};

/** The seeded admin signs in: the password, then enrols an authenticator and gives its code. */
async function operatorHeaders(): Promise<Record<string, string>> {
  const credentials = { username: 'admin', password: ADMIN_PASSWORD };
  const { secret } = await json('POST', '/api/admin/login', credentials);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const { token } = await json('POST', '/api/admin/login', { ...credentials, code });
  return { authorization: `Bearer ${token}` };
}

// The guests and their conversations.
const guests = Array.from({ length: GUESTS }, () => randomBytes(18).toString('base64url'));
for (const guestId of guests) await json('POST', '/api/chat/send-message', { guestId, message: { message_type: 'text', payload: 'hello' } }, { 'x-chat-guest': guestId });
const operator = await operatorHeaders();
const { conversations } = await json('GET', `/api/admin/chat/conversations?limit=100`, undefined, operator);
const conversationOf = new Map<string, string>(conversations.map((c: { guestId: string; _id: string }) => [c.guestId, c._id]));

// Sockets, in batches, until the target, a failure, or half the time is spent.
const sentAt = new Map<string, number>();
/** Every arrival at every socket; an arrival can beat the answer to its POST, so they are matched to send times at the end. */
const arrivals: { id: string; at: number }[] = [];
let connectFailures = 0;
const connectStart = Date.now();
// Connecting may use 60 % of what is left once the server is up; the rest is for the messages.
const connectUntil = connectStart + left() * 0.6;
const connectOne = (guestId: string) =>
  new Promise<void>((resolve) => {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { guestId }, reconnection: false, forceNew: true, timeout: 20_000 });
    socket.on('messaging', (m: { _id: string }) => arrivals.push({ id: m._id, at: performance.now() }));
    socket.once('connect', () => {
      socket.timeout(20_000).emit('chat.join', {}, (err: unknown, answer: { ok: boolean }) => {
        if (err || !answer?.ok) connectFailures += 1;
        else sockets.push(socket);
        resolve();
      });
    });
    socket.once('connect_error', () => {
      connectFailures += 1;
      socket.disconnect();
      resolve();
    });
  });
while (sockets.length < SOCKETS && Date.now() < connectUntil && connectFailures < 100) {
  const n = Math.min(BATCH, SOCKETS - sockets.length);
  await Promise.all(Array.from({ length: n }, (_, i) => connectOne(guests[(sockets.length + i) % GUESTS])));
}
const connectSeconds = (Date.now() - connectStart) / 1000;
const held = sockets.length;

// Operator messages round the conversations, one at a time, waiting for each to fan out.
const perRoom = Math.ceil(held / GUESTS);
let sent = 0;
for (let i = 0; i < MESSAGES && left() > 5_000; i += 1) {
  const guestId = guests[i % GUESTS];
  const before = arrivals.length;
  const t0 = performance.now();
  const reply = await json('POST', `/api/admin/chat/conversations/${conversationOf.get(guestId)}/messages`, { message: { message_type: 'text', payload: `bench ${i}` } }, operator);
  sentAt.set(reply._id, t0);
  // Waits for this message to reach (nearly) every socket of its room before the next.
  const until = Date.now() + 5_000;
  while (arrivals.length - before < Math.floor(held / GUESTS) - 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
  sent += 1;
}
await new Promise((r) => setTimeout(r, 500));

const samples = arrivals.flatMap(({ id, at }) => (sentAt.has(id) ? [at - sentAt.get(id)!] : []));
const sorted = samples.sort((a, b) => a - b);
const pct = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : 'n/a');
console.log('bench:chat (127.0.0.1, one server process; a shared, busy 2-core machine: figures are indicative)');
console.log(`sockets connected and joined: ${held} of ${SOCKETS} aimed (${connectFailures} failures) in ${connectSeconds.toFixed(1)} s`);
console.log(`operator messages: ${sent}, each fanned out to about ${perRoom} sockets (${GUESTS} rooms)`);
console.log(`deliveries measured: ${samples.length}`);
console.log(`delivery latency p50: ${pct(50)} ms`);
console.log(`delivery latency p95: ${pct(95)} ms`);
console.log(`aim of ${SOCKETS} sockets: ${held >= SOCKETS ? 'met' : 'not met'}`);
stop(0);
