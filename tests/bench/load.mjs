/**
 * The load of `npm run bench:transfers` (plain JavaScript: a worker thread runs it without
 * the TypeScript loader), in a worker thread: the clients send their transfers
 * from their own event loop, so that the server's loop serves requests only (as it would with
 * the clients on other machines) while the process still runs on the same two cores.
 * Transfers finished during the warm-up are not counted.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ port: number, warmupMs: number, measureMs: number, clients: { token: string, code: string }[], headers: Record<string, string> }} */
const plan = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: plan.clients.length });

function post(path, body, headers) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: plan.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const start = performance.now();
const from = start + plan.warmupMs;
const until = from + plan.measureMs;
const result = { latencies: [], failures: 0 };
await Promise.all(plan.clients.map(async (client) => {
  const headers = { ...plan.headers, authorization: `Bearer ${client.token}` };
  while (performance.now() < until) {
    const started = performance.now();
    const status = await post('/api/wallet/transfer', { from: 'wallet', to: client.code, amount: 1 }, { ...headers, 'idempotency-key': randomUUID() });
    if (started < from) continue;
    result.latencies.push(performance.now() - started);
    if (status !== 200) result.failures++;
  }
}));
agent.destroy();
parentPort.postMessage(result);
