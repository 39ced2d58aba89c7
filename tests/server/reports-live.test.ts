import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_EVENTS } from '../../src/contract';
import { DashboardNotices } from '../../src/server/modules/reports/live';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines, freshDatabase, type TestDatabase } from './helpers/db';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process';

/** A console's dashboard socket: connects with the operator's token, joins, counts 'dashboard.changed'. */
async function dashboardSocket(baseUrl: string, operatorToken: string) {
  const socket: Socket = io(baseUrl, { path: '/socket.io', auth: { operatorToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  let changed = 0;
  socket.on(DASHBOARD_EVENTS.changed, () => (changed += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.timeout(5000).emitWithAck(DASHBOARD_EVENTS.join, {})) as { ok: boolean; message?: string };
  const waitForChange = async (atLeast: number, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (changed >= atLeast) return changed;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no dashboard change arrived (${changed})`);
  };
  return { socket, joined, changes: () => changed, waitForChange };
}

describe('dashboard notices', () => {
  it('tells the first movement at once and the rest of its second once, at its end', () => {
    vi.useFakeTimers();
    try {
      let told = 0;
      const notices = new DashboardNotices(() => (told += 1), 1000);
      notices.moneyMoved();
      expect(told).toBe(1);
      for (let i = 0; i < 50; i++) notices.moneyMoved();
      expect(told).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(told).toBe(2);
      vi.advanceTimersByTime(5000);
      expect(told).toBe(2);
      notices.moneyMoved();
      expect(told).toBe(3);
      notices.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(engines)('the live dashboard on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => t.close());

  it('tells an operator with reports.read that money moved, with no figures, and refuses support', async () => {
    const finance = await operatorWith(t.app, 'finance');
    const support = await operatorWith(t.app, 'support');
    const live = await dashboardSocket(baseUrl, finance.token);
    const refused = await dashboardSocket(baseUrl, support.token);
    const payloads: unknown[] = [];
    live.socket.on(DASHBOARD_EVENTS.changed, (p: unknown) => payloads.push(p));
    try {
      expect(live.joined).toEqual({ ok: true });
      expect(refused.joined).toEqual({ ok: false, message: 'FORBIDDEN' });
      const m = await seedMember(t.app);
      const fund = () => t.app.inject({ method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount: 100 }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }) });
      expect((await fund()).statusCode).toBe(200);
      await live.waitForChange(1);
      expect(payloads[0]).toEqual({});
      for (let i = 0; i < 5; i++) expect((await fund()).statusCode).toBe(200);
      await live.waitForChange(2);
      expect(refused.changes()).toBe(0);
    } finally {
      live.socket.disconnect();
      refused.socket.disconnect();
    }
  });
});

/**
 * Across nodes: a member's deposit through node A reaches a dashboard connected to node B (the
 * socket.io Redis adapter), and node B's dashboard reads it. Runs with TEST_DATABASE_URL, Redis at
 * TEST_REDIS_URL or 127.0.0.1:6379, as the chat's two-node test.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the live dashboard across two server processes', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const ADMIN_PASSWORD = 'two-Nodes-Ledger-58-calmly';
  let database: TestDatabase;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const call = async (base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'x-client': 'member-wallet', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await database.database.close();
    const env = { DATABASE_URL: database.url!, REDIS_URL, ADMIN_SEED_PASSWORD: ADMIN_PASSWORD, RECONCILE_INTERVAL_MS: '0' };
    a = await startServer(env);
    b = await startServer(env);
  }, 330_000);
  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await database?.drop();
  }, 60_000);

  it("delivers 'dashboard changed' for a deposit through node A to a dashboard on node B", async () => {
    const credentials = { username: 'admin', password: ADMIN_PASSWORD };
    const { secret } = await call(b!.url, 'POST', '/api/admin/login', credentials);
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const signed = await call(b!.url, 'POST', '/api/admin/login', { ...credentials, code });
    const live = await dashboardSocket(b!.url, signed.token);
    try {
      expect(live.joined).toEqual({ ok: true });
      const phone = `08${String(Date.now()).slice(-8)}`;
      const { registerOTP } = await call(a!.url, 'GET', '/api/lookup/registerOTP');
      let otpToken: string | undefined;
      if (registerOTP) {
        otpToken = (await call(a!.url, 'POST', '/api/otp/send', { phoneNumber: phone })).otpToken;
        const inbox = await call(a!.url, 'GET', `/api/sandbox/sms?phone=${phone}`);
        await call(a!.url, 'POST', '/api/otp/verify', { otpToken, otpCode: inbox.messages[0].code });
      }
      await call(a!.url, 'POST', '/api/account', {
        name: 'Two Nodes', username: phone, password: 'secret-123', bankCode: 'SCB',
        bankAccountName: 'TWO NODES', bankAccountNo: `53${phone.slice(-8)}`, ...(otpToken ? { otpToken } : {}),
      });
      const { token } = await call(a!.url, 'POST', '/api/login', { username: phone, password: 'secret-123' });
      const before = live.changes();
      await call(a!.url, 'POST', '/api/sandbox/wallet/fund', { amount: 123.45 }, { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
      await live.waitForChange(before + 1);
      const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const dashboard = await call(b!.url, 'GET', `/api/admin/dashboard?from=${day}&to=${next}&tz=Asia/Bangkok`, undefined, { authorization: `Bearer ${signed.token}` });
      expect(dashboard.currencies[0].deposits).toMatchObject({ total: 123.45, count: 1 });
    } finally {
      live.socket.disconnect();
    }
  }, 60_000);
});
