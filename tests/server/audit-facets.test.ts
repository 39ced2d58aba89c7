import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { operatorWith } from './helpers/operators';

/**
 * The audit page's filters (issue 29): operators and actions chosen from lists of what occurs in
 * the log (GET /api/admin/audit/facets), an action exact or a family (`service.`), and a time
 * range (from inclusive, to exclusive).
 */
describe.each(engines)('audit facets and filters on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => { await t.close(); });

  const line = (operator: string | null, action: string, at: string, before: unknown = null, after: unknown = null) =>
    t.app.ctx.db.insertInto('operator_audit').values({
      operator_id: null, operator_username: operator, action, target_type: 'test', target_id: null,
      before: before === null ? null : JSON.stringify(before), after: after === null ? null : JSON.stringify(after), ip: '10.9.9.9', created_at: new Date(at),
    }).execute();

  it('lists the operators and actions that occur, answers each filter, and refuses support', async () => {
    await line('zoe', 'service.off', '2026-01-10T03:00:00Z', { active: true }, { active: false, reason: 'upgrade' });
    await line('zoe', 'service.on', '2026-01-10T05:00:00Z', { active: false }, { active: true });
    await line('anan', 'service.schedule', '2026-01-11T10:00:00Z');
    await line('anan', 'member.lock', '2026-01-12T23:59:59Z');
    await line(null, 'operator.login_failed', '2026-01-13T00:00:00Z');

    const admin = await operatorWith(t.app, 'admin');
    const facets = await admin.auditFacets();
    expect(facets.statusCode).toBe(200);
    const f = facets.json();
    // The admin's own enrolment is in the log too; no null operator in the list.
    expect(f.operators).toEqual([...new Set(['anan', admin.username, 'zoe'])].sort());
    expect(f.actions).toEqual(expect.arrayContaining(['member.lock', 'operator.enrol', 'operator.login_failed', 'service.off', 'service.on', 'service.schedule']));
    expect(f.actions).toEqual([...f.actions].sort());
    expect(new Set(f.actions).size).toBe(f.actions.length);
    expect(f.first).toBe('2026-01-10T03:00:00.000Z');
    expect(Date.parse(f.last)).toBeGreaterThan(Date.parse('2026-01-13T00:00:00Z'));

    const actionsOf = async (query: string) => (await admin.audit(query)).json().items.map((l: { action: string }) => l.action);
    expect(await actionsOf('?operator=zoe')).toEqual(['service.on', 'service.off']);
    expect(await actionsOf('?operator=ZOE')).toEqual(['service.on', 'service.off']);
    // Exact: service.on is not service.off; a family ends with a dot.
    expect(await actionsOf('?action=service.on')).toEqual(['service.on']);
    expect(await actionsOf('?action=service')).toEqual([]);
    expect(await actionsOf('?action=service.')).toEqual(['service.schedule', 'service.on', 'service.off']);
    // A range: from inclusive, to exclusive.
    expect(await actionsOf('?from=2026-01-10T05:00:00Z&to=2026-01-13T00:00:00Z')).toEqual(['member.lock', 'service.schedule', 'service.on']);
    expect(await actionsOf('?from=2026-01-11T00:00:00%2B07:00&to=2026-01-12T00:00:00%2B07:00')).toEqual(['service.schedule']);
    expect(await actionsOf('?operator=anan&action=member.lock&from=2026-01-12T00:00:00Z')).toEqual(['member.lock']);
    const total = (await admin.audit('?action=service.&from=2026-01-10T00:00:00Z&to=2026-01-11T00:00:00Z')).json();
    expect(total.total).toBe(2);
    expect(total.items[1]).toMatchObject({ operator: 'zoe', before: { active: true }, after: { active: false, reason: 'upgrade' } });

    expect((await admin.audit('?from=yesterday')).json()).toEqual({ message: 'INVALID_INPUT' });

    const support = await operatorWith(t.app, 'support');
    const refused = await support.auditFacets();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'FORBIDDEN' });
    const finance = await operatorWith(t.app, 'finance');
    expect((await finance.auditFacets()).statusCode).toBe(200);
  });
});
