import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { NOT_OFFERED } from '../../src/server/docs/not-offered';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

describe.each(engines)('foundation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  it('answers health with a database ping', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: engine });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says the service is active, and gone once an operator switches it off', async () => {
    const on = await t.app.inject({ method: 'GET', url: '/api/lookup/active' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: 'OK' });

    await t.app.ctx.settings.set('service.active', false);
    const off = await t.app.inject({ method: 'GET', url: '/api/lookup/active' });
    expect(off.statusCode).toBe(410);
    expect(off.json()).toEqual({ message: 'gone' });

    await t.app.ctx.settings.set('service.active', true);
    const back = await t.app.inject({ method: 'GET', url: '/api/lookup/active' });
    expect(back.statusCode).toBe(200);
  });

  it('answers an unknown API path with NOT_FOUND as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('serves an OpenAPI 3.1 document listing every contract path the server offers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, e] of Object.entries(endpoints)) {
      if (NOT_OFFERED.has(name as keyof typeof endpoints)) continue;
      const path = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[path]?.[e.method.toLowerCase()], `${e.method} ${path}`).toBeDefined();
    }
  });

  it('sends security headers with every JSON answer, refusals included, and helmet\'s policy with pages', async () => {
    const member = await seedMember(t.app);
    const ok = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: clientHeaders(member.token) });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: clientHeaders('no-such-token') });
    expect(refused.statusCode).toBe(401);
    for (const res of [ok, refused]) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The app's pages: the chat shows pictures and videos from https addresses, never from plain http.
    const app = (await t.app.inject({ method: 'GET', url: '/user/home', headers: { accept: 'text/html' } })).headers['content-security-policy'];
    expect(app).toContain("img-src 'self' data: blob: https:;");
    expect(app).toContain("media-src 'self' data: blob: https:;");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a readable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('refuses a CORS preflight from another site', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS', url: '/api/lookup/active',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('marks the marker header as known to the client helper', () => {
    expect(clientHeaders('abc')).toMatchObject({ 'x-client': 'member-wallet', authorization: 'Bearer abc' });
  });
});
