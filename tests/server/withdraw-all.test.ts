import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

describe.each(engines)('withdrawAll withdraws only the balance the member confirmed, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function memberWith(amount: number) {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, amount);
    return { ...m, w: walletClient(t.app, m.token) };
  }

  it('refuses with BALANCE_CHANGED when a deposit arrived after the member saw the balance, and moves nothing', async () => {
    const m = await memberWith(300);
    // The member saw 300; 700 more arrived before they confirmed.
    await fundWallet(t.app, m.id, 700);
    const res = await m.w.withdrawAll(300);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'BALANCE_CHANGED' });
    expect((await balances(t.app, m.id)).wallet).toBe(1000);
    expect(await t.app.ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
  });

  it('refuses a balance that went down since it was seen too', async () => {
    const m = await memberWith(500);
    const res = await m.w.withdrawAll(600);
    expect(res.json()).toEqual({ message: 'BALANCE_CHANGED' });
    expect((await balances(t.app, m.id)).wallet).toBe(500);
  });

  it('withdraws the whole balance when it is the amount the member saw', async () => {
    const m = await memberWith(1000);
    const res = await m.w.withdrawAll(1000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet: { amount: 0 } });
  });
});
