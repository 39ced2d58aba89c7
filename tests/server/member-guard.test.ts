import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

describe.each(engines)('member endpoints on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout', headers });

  it('refuses a call without the client marker header', async () => {
    const m = await seedMember(t.app);
    const res = await logout({ authorization: `Bearer ${m.token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'CLIENT_REQUIRED' });
  });

  it('answers invalid-token without a token, with an unknown one, and after logout', async () => {
    expect((await logout(clientHeaders())).json()).toEqual({ message: 'invalid-token' });
    const unknown = await logout(clientHeaders('not-a-token'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'invalid-token' });

    const m = await seedMember(t.app);
    const first = await logout(clientHeaders(m.token));
    expect(first.statusCode).toBe(200);
    const again = await logout(clientHeaders(m.token));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'invalid-token' });
  });

  it('answers invalid-token for a locked member', async () => {
    const m = await seedMember(t.app, { status: 'locked' });
    expect((await logout(clientHeaders(m.token))).json()).toEqual({ message: 'invalid-token' });
  });

  it('answers 410 gone on every member endpoint while the service is switched off', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.settings.set('service.active', false);
    try {
      const res = await logout(clientHeaders(m.token));
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: 'gone' });
    } finally {
      await t.app.ctx.settings.set('service.active', true);
    }
    expect((await logout(clientHeaders(m.token))).statusCode).toBe(200);
  });
});
