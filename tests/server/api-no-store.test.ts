import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

/**
 * Issue 27, finding 1: while the service was off the API answered 410 `gone` without a cache
 * header, Chromium kept it, and players were sent to /terminated long after the service
 * reopened. Every kind of API answer is `no-store`; the client's files keep their own caching.
 */
describe.each(engines)('API answers are never stored by a cache on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.app.ctx.settings.set('service.active', true);
    await t.close();
  });

  const noStore = (res: { statusCode: number; headers: Record<string, unknown> }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('marks successes, public and member, no-store', async () => {
    const m = await seedMember(t.app);
    noStore(await t.app.inject({ method: 'GET', url: '/api/lookup/info' }), 200);
    noStore(await t.app.inject({ method: 'GET', url: '/api/lookup/active' }), 200);
    noStore(await contractCaller(t.app, m.token)(endpoints.wallet), 200);
    noStore(await t.app.inject({ method: 'GET', url: '/api/health' }), 200);
    noStore(await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' }), 200);
  });

  it('marks refusals no-store: invalid input, no client marker, a bad token, not found, HEAD', async () => {
    noStore(await t.app.inject({ method: 'POST', url: '/api/login', payload: { nope: 1 } }), 400);
    noStore(await t.app.inject({ method: 'GET', url: '/api/wallet' }), 403);
    noStore(await t.app.inject({ method: 'GET', url: '/api/wallet', headers: clientHeaders('not-a-session') }), 401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    noStore(missing, 404);
    expect(missing.json()).toEqual({ message: 'NOT_FOUND' });
    noStore(await t.app.inject({ method: 'HEAD', url: '/api/lookup/info' }), 404);
  });

  it('marks the rate limit\'s 429 no-store', async () => {
    // Registration allows 20 requests a minute per address; the 21st is refused by the limit.
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/account', payload: {}, remoteAddress: '203.0.113.27' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20)).not.toContain(429);
    noStore(last!, 429);
    expect(last!.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('marks webhooks and the sandbox\'s calls no-store', async () => {
    const unsigned = await t.app.inject({
      method: 'POST', url: '/api/webhooks/gateway/FP',
      payload: { orderId: 'x', reference: 'y', amount: '10.00', currency: 'BAHT', paidAt: new Date().toISOString() },
    });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.headers['cache-control']).toBe('no-store');
    noStore(await t.app.inject({ method: 'GET', url: '/api/sandbox/sms' }), 200);
  });

  it('marks the 410 gone of a switched-off service no-store, and the answer after it reopens', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.settings.set('service.active', false);
    try {
      const active = await t.app.inject({ method: 'GET', url: '/api/lookup/active' });
      noStore(active, 410);
      expect(active.json()).toEqual({ message: 'gone' });
      noStore(await contractCaller(t.app, m.token)(endpoints.wallet), 410);
      noStore(await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '0812345678', password: 'whatever1' } }), 410);
    } finally {
      await t.app.ctx.settings.set('service.active', true);
    }
    noStore(await t.app.inject({ method: 'GET', url: '/api/lookup/active' }), 200);
  });

  it('leaves the bundled assets their own caching', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/games/PG-logo.svg' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(asset.headers['cache-control']).not.toContain('no-store');
  });
});
