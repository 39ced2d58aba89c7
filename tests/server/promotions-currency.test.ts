import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

/**
 * Issue 27, finding 9: a Lao member holding kip read "up to 500 baht" on every bonus card, and
 * the engine applied the baht figures to kip (a welcome bonus capped at 500 kip, a weekly bonus
 * of 50 kip). Every amount of a bonus, promotion, refund and invite rule is set per currency
 * (0026_promotion_currencies), applied in the member's, and named in it.
 */
describe.each(engines)("promotions in the member's currency on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { COUNTRY: 'LA', PROVIDER_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member(currency: 'LAK' | 'BAHT') {
    const m = await seedMember(t.app, { currency });
    const call = contractCaller(t.app, m.token);
    const get = (url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: clientHeaders(m.token, { 'accept-language': lang }) });
    /** A deposit as the bank would credit it, in the member's currency (the sandbox's funding). */
    const fund = async (amount: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }) });
      expect(res.statusCode, res.body).toBe(200);
    };
    const activate = (code: string) => call(endpoints.bonusActivate, { params: { code } });
    const wallet = async () => (await balances(t.app, m.id)).wallet;
    return { ...m, call, get, fund, activate, wallet, w: walletClient(t.app, m.token) };
  }

  it("lists each bonus with its own figures and texts in kip for a kip member, in baht for a baht member", async () => {
    const kip = await member('LAK');
    const english = { headers: { 'accept-language': 'en' } };
    const list = (await kip.call(endpoints.bonusList, english)).answer();
    const welcome = list.find((b) => b.code === 'WELCOME100')!;
    expect(welcome).toMatchObject({
      currency: 'LAK', amountPercent: 100, amountCap: 300_000, amountFixed: null, minDeposit: 60_000, turnoverMultiplier: 3, percentFail: 10,
      description: 'Welcome bonus 100% up to 300,000.00 kip, turnover 3x (slots)',
    });
    expect(welcome.banners[0].html).toContain('Deposit at least 60,000.00 kip and get up to 300,000.00 kip');
    expect(list.find((b) => b.code === 'WEEKLY50')).toMatchObject({ currency: 'LAK', amountFixed: 30_000, minDeposit: 180_000, percentFail: 20 });
    // In Lao, with the currency's Lao word; no text of a kip member names baht.
    const lao = (await kip.get('/api/bonus', 'lo')).json() as { code: string; description: string; banners: { html: string }[] }[];
    expect(lao.find((b) => b.code === 'WELCOME100')!.description).toBe('ໂບນັດຕ້ອນຮັບ 100% ສູງສຸດ 300,000.00 ກີບ ເທີນ 3 ເທົ່າ (ສະລັອດ)');
    for (const b of lao) expect(`${b.description} ${b.banners.map((x) => x.html).join(' ')}`).not.toMatch(/ບາດ|baht|THB|\{/);

    const baht = await member('BAHT');
    const bahtWelcome = (await baht.call(endpoints.bonusList, english)).answer().find((b) => b.code === 'WELCOME100')!;
    expect(bahtWelcome).toMatchObject({ currency: 'BAHT', amountCap: 500, minDeposit: 100, description: 'Welcome bonus 100% up to 500.00 baht, turnover 3x (slots)' });
    expect((await kip.call(endpoints.promotionFind, { params: { code: 'SONGKRAN' }, ...english })).answer()).toMatchObject({ currency: 'LAK', amountFixed: 60_000, description: expect.stringContaining('<b>60,000.00 kip</b>') });
  });

  it('caps a percent bonus in kip: 100% of a 1,000,000-kip deposit is 300,000 kip, not 500', async () => {
    const m = await member('LAK');
    await m.fund(1_000_000);
    expect((await m.activate('WELCOME100')).statusCode).toBe(200);
    expect(await m.wallet()).toBe(1_300_000);
    const held = (await m.call(endpoints.bonusCurrent, { headers: { 'accept-language': 'en' } })).answer().bonus!;
    expect(held).toMatchObject({ currency: 'LAK', amount: 300_000, depositAmount: 1_000_000, turnover: { required: 3_900_000 }, minimum: 130_000 });
    expect(held.description).toBe('Welcome bonus 100% up to 300,000.00 kip, turnover 3x (slots)');
  });

  it('holds a kip deposit to the kip minimum: 50,000 kip does not qualify for a bonus from 60,000 kip', async () => {
    const m = await member('LAK');
    // Was given: the baht minimum of 100 read as 100 kip.
    await m.fund(50_000);
    expect((await m.activate('WELCOME100')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
    expect(await m.wallet()).toBe(50_000);
  });

  it('gives a fixed bonus in kip: 30,000 kip on a deposit from 180,000 kip, not 50 kip', async () => {
    const small = await member('LAK');
    await small.fund(100_000);
    expect((await small.activate('WEEKLY50')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
    const m = await member('LAK');
    await m.fund(200_000);
    expect((await m.activate('WEEKLY50')).statusCode).toBe(200);
    expect(await m.wallet()).toBe(230_000);
    const promo = await member('LAK');
    expect((await promo.call(endpoints.promotionActivate, { params: { code: 'SONGKRAN' } })).statusCode).toBe(200);
    expect(await promo.wallet()).toBe(60_000);
  });

  it('offers no bonus to a currency the operator gave no figures', async () => {
    await t.app.ctx.db.updateTable('bonus_definition').set({ amount_cap: JSON.stringify({ BAHT: 20_000 }), min_deposit: JSON.stringify({ BAHT: 5_000 }) })
      .where('code', '=', 'DAILY10').execute();
    try {
      const m = await member('LAK');
      expect((await m.call(endpoints.bonusList)).answer().map((b) => b.code)).not.toContain('DAILY10');
      await m.fund(500_000);
      expect((await m.activate('DAILY10')).statusCode).toBe(404);
      expect(await m.wallet()).toBe(500_000);
    } finally {
      await t.app.ctx.db.updateTable('bonus_definition').set({ amount_cap: JSON.stringify({ BAHT: 20_000, LAK: 12_000_000 }), min_deposit: JSON.stringify({ BAHT: 5_000, LAK: 3_000_000 }) })
        .where('code', '=', 'DAILY10').execute();
    }
  });

  it("names the invite and refund rules' amounts in the member's currency", async () => {
    const kip = await member('LAK');
    expect((await kip.get('/api/invite/banners')).json()[0].html).toContain('up to 300,000.00 kip per friend');
    expect((await kip.call(endpoints.refundCheck)).answer()).toMatchObject({ currency: 'LAK', refundMinimum: 600 });
    const baht = await member('BAHT');
    expect((await baht.get('/api/invite/banners')).json()[0].html).toContain('up to 500.00 baht per friend');
    expect((await baht.call(endpoints.refundCheck)).answer()).toMatchObject({ currency: 'BAHT', refundMinimum: 1 });
  });

  it("makes a kip member's refund only from the kip minimum", async () => {
    /** A member who lost `loss` at the demo provider, booked by the wallet's balance sync. */
    const loser = async (currency: 'LAK' | 'BAHT', funds: number, loss: number) => {
      const m = await member(currency);
      await m.fund(funds);
      await m.w.activate('PG');
      await m.w.transfer('wallet', 'PG', funds);
      const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
      await t.app.demoProvider!.bet('PG', username, BigInt(loss * 100), 0n);
      await m.w.refresh();
      return m;
    };
    // 5% of 10,000 kip is 500 kip, under the kip minimum of 600; 5% of 20,000 kip is 1,000 kip.
    const under = await loser('LAK', 50_000, 10_000);
    const over = await loser('LAK', 50_000, 20_000);
    const now = t.app.ctx.clock.now;
    t.app.ctx.clock.now = () => new Date(Date.now() + 86_400_000);
    try {
      await t.app.promotions.refunds.computeDue();
    } finally {
      t.app.ctx.clock.now = now;
    }
    const made = await t.app.ctx.db.selectFrom('refund').select(['member_id', 'amount']).where('member_id', 'in', [under.id, over.id]).execute();
    expect(made).toEqual([{ member_id: over.id, amount: 100_000n }]);
  });
});
