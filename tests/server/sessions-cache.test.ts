import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, Sessions } from '../../src/server/modules/sessions/sessions';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

/**
 * A node remembers a session it has read for SESSION_CACHE_MS: what this node revokes ends
 * at once; what another node revokes (or an operator's lock) ends within that time.
 */
describe.each(engines)('session cache on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:00:00Z');
  let sessions: Sessions;
  beforeAll(async () => {
    t = await build(engine);
    sessions = new Sessions(t.app.ctx.db, () => now);
  });
  afterAll(async () => { await t.close(); });

  it('ends a session revoked on this node at once', async () => {
    const m = await seedMember(t.app);
    const token = await sessions.create(m.id, { persistent: false });
    const identity = await sessions.authenticate(token);
    expect(identity).toMatchObject({ memberId: m.id });
    await sessions.revoke(identity!.sessionId);
    expect(await sessions.authenticate(token)).toBeNull();
  });

  it('ends the other sessions of a member at once after a password change on this node', async () => {
    const m = await seedMember(t.app);
    const [kept, other] = [await sessions.create(m.id, { persistent: false }), await sessions.create(m.id, { persistent: false })];
    const keep = (await sessions.authenticate(kept))!;
    expect(await sessions.authenticate(other)).not.toBeNull();
    await sessions.revokeOthers(m.id, keep.sessionId);
    expect(await sessions.authenticate(other)).toBeNull();
    expect(await sessions.authenticate(kept)).toMatchObject({ memberId: m.id });
  });

  it('sees a revocation or a lock made elsewhere within the cache time, and an expiry at once', async () => {
    const m = await seedMember(t.app);
    const token = await sessions.create(m.id, { persistent: false });
    expect(await sessions.authenticate(token)).not.toBeNull();
    // Another node locks the member.
    await t.app.ctx.db.updateTable('member').set({ status: 'locked' }).where('id', '=', m.id).execute();
    expect(await sessions.authenticate(token)).not.toBeNull();
    now = new Date(now.getTime() + SESSION_CACHE_MS);
    expect(await sessions.authenticate(token)).toBeNull();

    await t.app.ctx.db.updateTable('member').set({ status: 'active' }).where('id', '=', m.id).execute();
    expect(await sessions.authenticate(token)).not.toBeNull();
    now = new Date(now.getTime() + 12 * 3600_000);
    expect(await sessions.authenticate(token)).toBeNull();
  });
});
