import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { sign } from '../../src/server/providers/signing';
import { bearerMatches } from '../../src/server/metrics/routes';
import { build, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { walletClient } from './helpers/wallet';

const TOKEN = 'scrape-token-0123456789abcdef';
const SECRET = 'ops-test-gateway-secret';

/** One sample's value from Prometheus's text format: the line named `name` carrying every label given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/**
 * Issue 33: the Prometheus metrics at /metrics (only with METRICS_TOKEN) and the liveness and
 * readiness checks a load balancer polls. Through inject(), on each engine.
 */
describe.each(engines)('metrics and health checks on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { METRICS_TOKEN: TOKEN, SANDBOX_GATEWAY_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  });
  afterAll(async () => { await t.close(); });

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('hides /metrics without the token, with a wrong one, and when no token is configured', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abc', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.json()).toEqual({ message: 'NOT_FOUND' });
      expect(res.body).not.toContain('member_wallet_');
    }
    // The SPA fallback never answers it either: a browser asking for HTML gets the same 404.
    const page = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });

  it('counts a transfer and a deposit: ledger entries, provider calls, route latency, queues and the backlog', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 500);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 100)).statusCode).toBe(200);
    // A QR deposit through the sandbox gateway, paid by its signed notification.
    const order = (await contractCaller(t.app, m.token)(endpoints.qrcodeCreate, { params: { bankCode: 'WW' }, body: { amount: 100 } })).json();
    const raw = JSON.stringify({ orderId: order.qrcodeId, reference: `PAY${order.qrcodeId.slice(0, 8)}`, amount: '100.00', currency: 'BAHT', paidAt: new Date().toISOString() });
    const timestamp = String(Date.now());
    const paid = await t.app.inject({
      method: 'POST', url: '/api/webhooks/gateway/WW', payload: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(SECRET, timestamp, raw) },
    });
    expect(paid.statusCode).toBe(200);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    // The transfer's reservation and settlement, the deposit's credit.
    expect(sample(text, 'member_wallet_ledger_entries_booked_total')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'member_wallet_provider_calls_total', { kind: 'game', provider: 'PG', operation: 'deposit', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'member_wallet_provider_calls_total', { kind: 'gateway', provider: 'WW', operation: 'open', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'member_wallet_provider_call_duration_seconds_count', { kind: 'game', provider: 'PG' })).toBeGreaterThanOrEqual(1);
    // Latency by route pattern, never by the raw URL.
    const transfers = { method: 'POST', route: '/api/wallet/transfer', status_class: '2xx' };
    expect(sample(text, 'member_wallet_http_requests_total', transfers)).toBe(1);
    expect(sample(text, 'member_wallet_http_request_duration_seconds_count', transfers)).toBe(1);
    expect(sample(text, 'member_wallet_http_request_duration_seconds_sum', transfers)).toBeGreaterThan(0);
    expect(sample(text, 'member_wallet_http_requests_total', { route: '/api/webhooks/gateway/:provider' })).toBe(1);
    expect(text).not.toContain(`route="/api/webhooks/gateway/WW"`);
    // Queues and backlog, read as scraped: nothing waits here.
    for (const queue of ['withdrawals_to_decide', 'slips_to_review', 'bank_arrivals_unmatched', 'chats_unanswered']) {
      expect(sample(text, 'member_wallet_operator_queue_waiting', { queue }), queue).toBe(0);
    }
    expect(sample(text, 'member_wallet_reconciler_backlog', { item: 'pending_transfer_legs' })).toBe(0);
    expect(sample(text, 'member_wallet_reconciler_backlog', { item: 'open_transfer_keys' })).toBe(0);
    expect(sample(text, 'member_wallet_sockets_connected')).toBe(0);
    // And the process's own.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads the queues as they change: a member writes to support and is counted until an operator reads it', async () => {
    const unanswered = async () => sample((await scrape(`Bearer ${TOKEN}`)).body, 'member_wallet_operator_queue_waiting', { queue: 'chats_unanswered' });
    const m = await seedMember(t.app);
    const before = await unanswered();
    const customer = { kind: 'member', memberId: m.id } as const;
    await t.app.chat.sendFromCustomer(customer, { message: { message_type: 'text', payload: 'hello' } });
    expect(await unanswered()).toBe(before! + 1);
    await t.app.chat.markReadByOperator((await t.app.chat.conversationFor(customer)).id);
    expect(await unanswered()).toBe(before);
  });

  it('answers liveness, and readiness with each check', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'off', migrations: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
    // The old check keeps its answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: engine });
  });

  it('is not ready while a migration file of this build is not applied, and ready once it is', async () => {
    const db = t.app.ctx.db;
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from schema_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = last.rows[0]!;
    await sql`delete from schema_migration where name = ${name}`.execute(db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failed: ['migrations'], checks: { database: 'ok', redis: 'off', migrations: 'failed' } });
    } finally {
      await sql`insert into schema_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('takes a safe X-Request-Id from the caller and echoes it; replaces an unsafe one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'lb-7f3a.42:abc' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42:abc');
    for (const unsafe of ['a b', 'x'.repeat(65), 'id"}\n{"level":60', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 503 to readiness and liveness once a shutdown has started', async () => {
    t.app.ctx.lifecycle.stopping = true;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'stopping' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(503);
    } finally {
      t.app.ctx.lifecycle.stopping = false;
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => { t = await build('pglite'); });
  afterAll(async () => { await t.close(); });

  it('answers /metrics 404 whatever is sent', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
    }
  });
});
