import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

describe.each(engines)('sockets end with their session on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const open: Socket[] = [];
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', SOCKET_SESSION_CHECK_MS: '200' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await t.close();
  });

  /** A page's socket, connected and in the member's room; `ended` settles when the server ends it. */
  async function connect(token: string) {
    const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    return { socket, ended };
  }

  /** True when the event reaches the socket within a short wait. */
  const receives = (socket: Socket, event: string, memberId: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1_000);
      socket.once(event, () => { clearTimeout(timer); resolve(true); });
      t.app.ctx.realtime.toMember(memberId, event, {});
    });

  it('ends the socket of a session that logs out, and it receives nothing more', async () => {
    const m = await seedMember(t.app);
    const page = await connect(m.token);
    expect(await receives(page.socket, 'wallet.changed', m.id)).toBe(true);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: clientHeaders(m.token) });
    expect(out.statusCode).toBe(200);
    expect(await page.ended).toBe('io server disconnect');
    expect(page.socket.connected).toBe(false);
  });

  it('ends the other sessions\' sockets on a password change and keeps the one that changed it', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ password_hash: await t.app.ctx.passwords.hash('secret123') }).where('id', '=', m.id).execute();
    const other = await t.app.ctx.sessions.create(m.id, { persistent: false });
    const here = await connect(m.token);
    const elsewhere = await connect(other);
    const changed = await t.app.inject({
      method: 'PUT', url: '/api/account/changepwd', headers: clientHeaders(m.token),
      payload: { oldPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await elsewhere.ended).toBe('io server disconnect');
    expect(await receives(here.socket, 'wallet.changed', m.id)).toBe(true);
  });

  it('ends the sockets of a member locked in the back office', async () => {
    const m = await seedMember(t.app);
    const page = await connect(m.token);
    await t.app.ctx.db.updateTable('member').set({ status: 'locked' }).where('id', '=', m.id).execute();
    expect(await page.ended).toBe('io server disconnect');
  });
});
