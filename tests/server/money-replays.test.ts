import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { depositClient, encryptLink, sandbox } from './helpers/deposits';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances, walletClient } from './helpers/wallet';

/**
 * Every endpoint the contract marks idempotent moves money through the one envelope: the same
 * key again answers the stored answer with Idempotency-Replayed, and moves nothing more.
 */
describe.each(engines)('a replay of every money endpoint on %s', (engine) => {
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
    if (amount > 0) await fundWallet(t.app, m.id, amount);
    return { ...m, w: walletClient(t.app, m.token), d: depositClient(t.app, m.token) };
  }

  /** Sends twice with one key: the second is the first's answer, marked replayed, and books nothing. */
  async function replayed<R extends { statusCode: number; body: string; headers: Record<string, unknown> }>(send: (key: string) => Promise<R>, memberId: number) {
    const key = randomUUID();
    const first = await send(key);
    expect(first.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    const after = await balances(t.app, memberId);
    const second = await send(key);
    expect(second.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(second.statusCode).toBe(first.statusCode);
    expect(await balances(t.app, memberId)).toEqual(after);
    return { first, second };
  }

  it('transfer and transferAll', async () => {
    const m = await memberWith(500);
    expect((await m.w.activate('PG')).statusCode).toBe(200);
    const { first, second } = await replayed((key) => m.w.transfer('wallet', 'PG', 100, key), m.id);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await balances(t.app, m.id)).wallet).toBe(400);
    const all = await replayed((key) => m.w.transferAll('PG', key), m.id);
    expect(all.first.statusCode).toBe(200);
    expect((await balances(t.app, m.id)).PG).toBe(500);
  });

  it('withdraw and withdrawAll, and a refusal replayed as the same refusal', async () => {
    const m = await memberWith(1000);
    const { first, second } = await replayed((key) => m.w.withdraw(300, key), m.id);
    expect(first.json()).toEqual({ wallet: { amount: 700 } });
    expect(second.json()).toEqual({ wallet: { amount: 700 } });
    const refused = await replayed((key) => m.w.withdraw(5000, key), m.id);
    expect(refused.first.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(refused.second.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    const all = await replayed((key) => m.w.withdrawAll(700, key), m.id);
    expect(all.second.json()).toEqual({ wallet: { amount: 0 } });
    expect(await t.app.ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.id).execute()).toHaveLength(2);
  });

  it('a slip upload answers the same slip, as it is now', async () => {
    const m = await memberWith(0);
    const slip = await sandbox(t.app).slip(75);
    const { first, second } = await replayed((key) => m.d.uploadSlip(slip.png, { key }), m.id);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', amount: 75 });
    expect(second.json()).toMatchObject({ _id: first.json()._id, status: 'SUCCESS', amount: 75 });
    expect((await balances(t.app, m.id)).wallet).toBe(75);
  });

  it('a True Wallet gift link', async () => {
    const m = await memberWith(0);
    const link = encryptLink((await sandbox(t.app).voucher(120)).link);
    const { first, second } = await replayed((key) => m.d.truelink(link, key), m.id);
    expect(first.json()).toEqual({ amount: 120, wallet: { amount: 120 } });
    expect(second.json()).toEqual(first.json());
  });

  it('the sandbox fund', async () => {
    const m = await memberWith(0);
    const call = contractCaller(t.app, m.token);
    const { second } = await replayed((key) => call(endpoints.sandboxWalletFund, { body: { amount: 40 }, key }), m.id);
    expect(second.json()).toEqual({ wallet: { amount: 40 } });
    expect((await balances(t.app, m.id)).wallet).toBe(40);
  });

  it("an operator's adjustment proposal", async () => {
    const m = await memberWith(0);
    const maker = await operatorWith(t.app, 'finance');
    const body = { memberId: m.id, direction: 'credit' as const, amount: 12.5, reason: 'goodwill' };
    const { first, second } = await replayed((key) => maker.propose(body, key), m.id);
    expect(second.json().id).toBe(first.json().id);
    expect(await t.app.ctx.db.selectFrom('manual_adjustment').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
  });
});
