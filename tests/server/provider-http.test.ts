import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { HttpGameProvider } from '../../src/server/providers/games/http-adapter';
import { ProviderRefusal } from '../../src/server/providers/games/adapter';
import { sign } from '../../src/server/providers/signing';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

// The HTTP adapter real providers will use, driven against the demo provider engine served
// over its signed protocol by the same server.
const SECRET = 'test-secret-for-the-demo-provider';

describe.each(engines)('game providers over HTTP on %s', (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await build(engine, {
      SANDBOX_PROVIDERS_OVER_HTTP: '1', SANDBOX_PROVIDER_SECRET: SECRET,
      PROVIDER_TIMEOUT_MS: '1500', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '0',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    t.app.demoProvider!.hangMs = 2_000;
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  it('opens a player, moves money both ways, and reverses or settles after each fault', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 500);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('JOKER')).json()).toMatchObject({ code: 'JOKER', isActive: true });

    expect((await w.transfer('wallet', 'JOKER', 200)).json()).toEqual({ wallet: { amount: 300 }, slots: [{ code: 'JOKER', amount: 200, syncedAt: expect.any(String) }] });
    expect((await w.transfer('JOKER', 'wallet', 50)).json()).toEqual({ wallet: { amount: 350 }, slots: [{ code: 'JOKER', amount: 150, syncedAt: expect.any(String) }] });

    t.app.demoProvider!.injectFault('JOKER', 'fail');
    expect((await w.transfer('wallet', 'JOKER', 10)).json()).toEqual({ message: 'TRANSFER_FAIL' });

    t.app.demoProvider!.injectFault('JOKER', 'timeout_before');
    const key = randomUUID();
    expect((await w.transfer('wallet', 'JOKER', 10, key)).json()).toEqual({ message: 'TRANSFER_PENDING' });
    await new Promise((r) => setTimeout(r, 2_100)); // the hung call gives up without applying
    expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).reversed).toBe(1);
    expect((await w.transfer('wallet', 'JOKER', 10, key)).json()).toEqual({ message: 'TRANSFER_FAIL' });

    t.app.demoProvider!.injectFault('JOKER', 'timeout_after');
    expect((await w.transfer('wallet', 'JOKER', 10)).statusCode).toBe(200);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 340, JOKER: 160 });
  });

  it('refuses a call with a bad signature, and the adapter with a wrong secret', async () => {
    const body = JSON.stringify({ username: 'nobody' });
    const timestamp = String(Date.now());
    const res = await fetch(`${base}/sandbox/provider/PG/balance`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign('wrong', timestamp, body) }, body,
    });
    expect(res.status).toBe(401);
    const stale = String(Date.now() - 10 * 60_000);
    const old = await fetch(`${base}/sandbox/provider/PG/balance`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-timestamp': stale, 'x-signature': sign(SECRET, stale, body) }, body,
    });
    expect(old.status).toBe(401);
    const impostor = new HttpGameProvider('PG', `${base}/sandbox/provider`, 'wrong', 1_000);
    await expect(impostor.createPlayer(1)).rejects.toBeInstanceOf(ProviderRefusal);
  });

  it('resets a password at the provider and shows the new one to the owner', async () => {
    const m = await seedMember(t.app);
    const w = walletClient(t.app, m.token);
    await w.activate('PG');
    const before = (await w.get('/api/wallet/account/PG')).json();
    expect((await w.get('/api/wallet/resetpassword/PG')).json()).toEqual({ message: 'OK' });
    const after = (await w.get('/api/wallet/account/PG')).json();
    expect(after.username).toBe(before.username);
    expect(after.password).not.toBe(before.password);
    expect((await w.activate('PG')).json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
  });
});
