import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminEndpoints as e, endpoints } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { clientHeaders } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines, freshDatabase, type TestDatabase } from './helpers/db';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { TEST_PASSWORD_COST } from './helpers/password-cost';
import type { FastifyInstance } from 'fastify';

const MINUTE = 60_000;
const MESSAGE = { th: 'ปิดปรับปรุงระบบ 02:00 ถึง 04:00', la: 'ປິດປັບປຸງລະບົບ 02:00 ຫາ 04:00', en: 'Closed for maintenance 02:00 to 04:00' };
const ENV = { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' };

/**
 * Closing the member service (issue 29, dangerous switches): a reason and the typed word, now or
 * at a scheduled time with a maintenance message members read ahead; at that time every node
 * turns members away by itself (the stored closure and each node's clock, no timer), and lets
 * them back at the reopen time. Two app instances share one database; both clocks are faked.
 */
describe.each(engines)('closing the member service on a schedule, on %s', (engine) => {
  let test: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let now = Date.parse('2026-11-26T10:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  beforeAll(async () => {
    test = await freshDatabase(engine);
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, ...ENV });
    first = await buildApp({ config, database: test.database, logger: false });
    await first.ready();
    // A second instance on the same database (PostgreSQL: its own pool): its own settings cache and clock.
    const shared = engine === 'pglite' ? { ...test.database, close: async () => undefined } : openDatabase({ url: test.url! });
    second = await buildApp({ config, database: shared, logger: false });
    await second.ready();
    for (const app of [first, second]) vi.spyOn(app.ctx.clock, 'now').mockImplementation(() => new Date(now));
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await test?.drop();
  });

  const served = async (app: FastifyInstance, token: string) => (await contractCaller(app, token)(endpoints.wallet)).statusCode;
  const notice = (app: FastifyInstance, language: string) =>
    app.inject({ method: 'GET', url: '/api/lookup/maintenance', headers: clientHeaders(undefined, { 'accept-language': language }) });
  const settle = () => new Promise((r) => setTimeout(r, 1_100)); // the other node's settings cache

  it('refuses support and finance, a wrong word and a time gone, and changes nothing', async () => {
    const support = await operatorWith(first, 'support');
    const finance = await operatorWith(first, 'finance');
    const admin = await operatorWith(first, 'admin');
    const body = { reason: 'database upgrade', confirmation: 'CLOSE', closeAt: at(30 * MINUTE), message: MESSAGE };
    for (const who of [support, finance]) {
      const refused = await who.closeService(body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'FORBIDDEN' });
      expect((await who.reopenService()).json()).toEqual({ message: 'FORBIDDEN' });
      expect((await who.cancelServiceSchedule()).json()).toEqual({ message: 'FORBIDDEN' });
    }
    for (const confirmation of ['', 'close', 'CLOSED', 'yes']) {
      const wrong = await admin.closeService({ ...body, confirmation });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'CONFIRMATION_MISMATCH' });
    }
    expect((await admin.closeService({ ...body, reason: '' })).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await admin.closeService({ ...body, closeAt: at(-10 * MINUTE) })).json()).toEqual({ message: 'SCHEDULE_IN_PAST' });
    expect((await admin.closeService({ ...body, reopenAt: at(20 * MINUTE) })).json()).toEqual({ message: 'SCHEDULE_IN_PAST' });
    expect((await admin.cancelServiceSchedule()).json()).toEqual({ message: 'NO_SCHEDULE' });
    // A client that sends an empty JSON object to the body-less calls is answered as one that sends none.
    const withBody = await first.inject({ method: 'DELETE', url: '/api/admin/service/schedule', payload: {}, headers: clientHeaders(admin.token) });
    expect(withBody.json()).toEqual({ message: 'NO_SCHEDULE' });
    expect((await first.inject({ method: 'POST', url: '/api/admin/service/reopen', payload: {}, headers: clientHeaders(admin.token) })).json()).toMatchObject({ phase: 'open' });

    expect((await admin.serviceState()).json()).toMatchObject({ active: true, phase: 'open', closeAt: null, confirmWord: 'CLOSE' });
    expect((await notice(first, 'en')).json()).toEqual({ phase: 'open', closeAt: null, reopenAt: null, message: null });
    const lines = (await admin.audit('?action=service.')).json();
    expect(lines.total).toBe(0);
  });

  it('shows the notice ahead, closes on both instances at the time without anyone acting, reopens at the reopen time', async () => {
    const m = await seedMember(first);
    const admin = await operatorWith(first, 'admin');
    const closeAt = at(30 * MINUTE);
    const reopenAt = at(150 * MINUTE);
    const scheduled = await admin.closeService({ reason: 'database upgrade', confirmation: 'CLOSE', closeAt, reopenAt, message: MESSAGE });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ active: true, phase: 'scheduled', closeAt, reopenAt, reason: 'database upgrade', message: MESSAGE, by: admin.username });
    await settle();

    // Before the time: members are served and read the notice in their language, on both instances.
    for (const app of [first, second]) {
      expect(await served(app, m.token)).toBe(200);
      expect((await contractCaller(app)(endpoints.lookupActive)).statusCode).toBe(200);
      for (const language of ['th', 'la', 'en'] as const) {
        const answer = await notice(app, language);
        expect(answer.headers['vary']).toMatch(/accept-language/i);
        expect(answer.json()).toEqual({ phase: 'scheduled', closeAt, reopenAt, message: MESSAGE[language] });
      }
    }
    // The reason is the operators' own.
    expect((await notice(second, 'en')).body).not.toContain('database upgrade');

    // The time comes: nobody acts, both instances turn members away.
    now += 30 * MINUTE;
    for (const app of [first, second]) {
      expect(await served(app, m.token)).toBe(410);
      const active = await contractCaller(app)(endpoints.lookupActive);
      expect(active.statusCode).toBe(410);
      expect(active.json()).toEqual({ message: 'gone' });
      // /terminated still reads the message and when it reopens.
      const closed = await notice(app, 'la');
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toEqual({ phase: 'closed', closeAt, reopenAt, message: MESSAGE.la });
    }
    expect((await admin.serviceState()).json()).toMatchObject({ active: false, phase: 'closed' });
    now += 60 * MINUTE;
    expect(await served(second, m.token)).toBe(410);

    // The reopen time: served again everywhere, and nothing left to show.
    now += 60 * MINUTE;
    for (const app of [first, second]) {
      expect(await served(app, m.token)).toBe(200);
      expect((await notice(app, 'th')).json()).toEqual({ phase: 'open', closeAt: null, reopenAt: null, message: null });
    }
    const line = (await admin.audit('?action=service.schedule')).json().items[0];
    expect(line).toMatchObject({ operator: admin.username, targetType: 'service' });
    expect(line.before).toMatchObject({ active: true, closeAt: null });
    expect(line.after).toMatchObject({ active: true, closeAt, reopenAt, reason: 'database upgrade', message: MESSAGE });
  });

  it('cancels a schedule ahead; closes now and reopens by hand on every instance, audited', async () => {
    const m = await seedMember(first);
    const admin = await operatorWith(first, 'admin');
    const closeAt = at(10 * MINUTE);
    expect((await admin.closeService({ reason: 'provider move', confirmation: 'CLOSE', closeAt })).json()).toMatchObject({ phase: 'scheduled', message: null });
    const cancelled = await admin.cancelServiceSchedule();
    expect(cancelled.json()).toMatchObject({ phase: 'open', closeAt: null });
    await settle();
    now += 20 * MINUTE;
    for (const app of [first, second]) expect(await served(app, m.token)).toBe(200);

    const closed = await admin.closeService({ reason: 'incident', confirmation: ' CLOSE ', message: { th: '', la: '', en: 'Back soon' } });
    expect(closed.json()).toMatchObject({ active: false, phase: 'closed', closeAt: new Date(now).toISOString(), reopenAt: null });
    await settle();
    for (const app of [first, second]) expect(await served(app, m.token)).toBe(410);
    // Any language reads the one message written.
    expect((await notice(second, 'th')).json()).toMatchObject({ phase: 'closed', message: 'Back soon' });
    expect((await admin.closeService({ reason: 'again', confirmation: 'CLOSE' })).json()).toEqual({ message: 'SERVICE_CLOSED' });
    now += 6 * 60 * MINUTE; // no reopen time: still closed hours later (sessions last 12 hours)
    expect(await served(first, m.token)).toBe(410);

    expect((await admin.reopenService()).json()).toMatchObject({ active: true, phase: 'open' });
    await settle();
    for (const app of [first, second]) expect(await served(app, m.token)).toBe(200);
    // Reopening an open service changes nothing and writes no line.
    expect((await admin.reopenService()).json()).toMatchObject({ phase: 'open' });

    const actions = (await admin.audit(`?operator=${admin.username}`)).json().items.map((l: { action: string }) => l.action);
    expect(actions.slice(0, 4)).toEqual(['service.on', 'service.off', 'service.unschedule', 'service.schedule']);
    const off = (await admin.audit('?action=service.off')).json().items[0];
    expect(off.before).toMatchObject({ active: true, closeAt: null });
    expect(off.after).toMatchObject({ active: false, reason: 'incident', message: { en: 'Back soon' } });
    const on = (await admin.audit('?action=service.on')).json().items[0];
    expect(on.before).toMatchObject({ active: false, reason: 'incident' });
    expect(on.after).toMatchObject({ active: true, closeAt: null });
  });

  it('keeps the endpoints where the contract says', () => {
    expect(e.adminCloseService.path).toBe('/api/admin/service/close');
    expect(e.adminCancelServiceSchedule.method).toBe('DELETE');
  });
});
