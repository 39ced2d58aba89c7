import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

/**
 * Concurrent transfers share transactions (src/server/db/batcher.ts, migration 0007). A
 * refusal of one request in a batch is that request's answer only: it writes nothing and the
 * others go through.
 */
describe.each(engines)('transfer batches on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1000', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '0' });
    t.app.demoProvider!.hangMs = 1_500;
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function memberWith(amount: number, activate: string[]) {
    const m = await seedMember(t.app);
    if (amount) await fundWallet(t.app, m.id, amount);
    const w = walletClient(t.app, m.token);
    for (const code of activate) expect((await w.activate(code)).statusCode).toBe(200);
    return { ...m, w };
  }

  it('answers each of many concurrent requests on its own: refusals move nothing, the rest go through', async () => {
    const rich = await Promise.all(Array.from({ length: 8 }, () => memberWith(100, ['PG'])));
    const poor = await memberWith(5, ['PG']);
    const inactive = await memberWith(100, []);
    const sent = [
      ...rich.map((m) => ({ m, res: m.w.transfer('wallet', 'PG', 40) })),
      { m: poor, res: poor.w.transfer('wallet', 'PG', 40) },
      { m: inactive, res: inactive.w.transfer('wallet', 'PG', 40) },
      ...rich.map((m) => ({ m, res: m.w.transfer('PG', 'wallet', 1000) })),
    ];
    const answers = await Promise.all(sent.map(async (s) => ({ m: s.m, res: await s.res })));
    for (const { res } of answers.slice(0, 8)) expect(res.json()).toEqual({ wallet: { amount: 60 }, slots: [{ code: 'PG', amount: 40, syncedAt: expect.any(String) }] });
    expect(answers[8]!.res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(answers[9]!.res.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    for (const { res } of answers.slice(10)) expect(res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    for (const m of rich) expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40 });
    expect(await balances(t.app, poor.id)).toMatchObject({ wallet: 5, PG: 0 });

    // A refused reservation leaves no claim and no transfer behind: the refusal is the key's
    // stored answer, and the same key with another payload is still a conflict.
    const key = randomUUID();
    expect((await poor.w.transfer('wallet', 'PG', 50, key)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await poor.w.transfer('wallet', 'PG', 50, key)).headers['idempotency-replayed']).toBe('true');
    expect((await poor.w.transfer('wallet', 'PG', 2, key)).statusCode).toBe(409);
    const transfers = await t.app.ctx.db.selectFrom('game_transfer').select('id').where('member_id', '=', poor.id).execute();
    expect(transfers).toEqual([]);
  });

  it('completes a transfer reserved before its accounts were recorded (older rows) by looking them up', async () => {
    const m = await memberWith(100, ['JOKER']);
    t.app.demoProvider!.injectFault('JOKER', 'timeout_before');
    expect((await m.w.transfer('wallet', 'JOKER', 30)).statusCode).toBe(202);
    t.app.demoProvider!.injectFault('JOKER', 'timeout_after');
    expect((await m.w.transfer('wallet', 'JOKER', 20)).statusCode).toBe(200);
    // Make the pending one look like a row from before migration 0007.
    await t.app.ctx.db.updateTable('game_transfer').set({ source_account: null, in_flight_account: null, target_account: null })
      .where('member_id', '=', m.id).where('status', '=', 'pending').execute();
    expect(await t.app.wallet.reconciler.run({ graceMs: 0 })).toMatchObject({ reversed: 1, unresolved: 0 });
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 80, JOKER: 20 });
  });
});
