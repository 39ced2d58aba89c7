import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { SANDBOX_WHEEL } from '../../src/server/db/migrations/0015_spin_wheel.seed';
import { drawByWeight } from '../../src/server/modules/spin/draw';
import { prizeText } from '../../src/server/modules/spin/prize-text';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

/** Chi-square critical value for 11 degrees of freedom (12 slices) at significance 0.0001. */
const CHI_SQUARE_11_DF = 37.367;

function chiSquare(observed: number[], weights: readonly number[]) {
  const n = observed.reduce((a, b) => a + b, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  return observed.reduce((sum, o, i) => {
    const expected = (n * weights[i]) / total;
    return sum + (o - expected) ** 2 / expected;
  }, 0);
}

const weights = SANDBOX_WHEEL.slices.map((s) => s.weight);
type SeedSlice = (typeof SANDBOX_WHEEL.slices)[number];
/** A slice's label as the server fills it for a member. */
const labelOf = (slice: SeedSlice, language: 'th' | 'la' | 'en', currency: 'BAHT' | 'LAK' = 'BAHT') =>
  prizeText(slice.label, language, { amount: (slice.prizeAmount as Record<string, number>)[currency], currency });

describe('drawing a slice by weight', () => {
  it('follows the weights (chi-square over 120,000 cryptographic draws)', () => {
    const observed = new Array(weights.length).fill(0);
    for (let i = 0; i < 120_000; i++) observed[drawByWeight(weights)] += 1;
    expect(chiSquare(observed, weights)).toBeLessThan(CHI_SQUARE_11_DF);
  });

  it('maps every ticket to the slice whose range holds it', () => {
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = new Array(weights.length).fill(0);
    for (let ticket = 0; ticket < total; ticket++) counts[drawByWeight(weights, () => ticket)] += 1;
    expect(counts).toEqual(weights);
  });

  it('refuses a wheel without weight', () => {
    expect(() => drawByWeight([])).toThrow();
  });
});

describe.each(engines)('spin wheel on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member(coins = 0) {
    const m = await seedMember(t.app);
    if (coins) await t.app.ctx.db.updateTable('member').set({ coin: coins }).where('id', '=', m.id).execute();
    const headers = (language = 'en') => clientHeaders(m.token, { 'accept-language': language });
    return {
      ...m,
      setup: (language?: string) => t.app.inject({ method: 'GET', url: '/api/spinwheel/setup', headers: headers(language) }),
      active: () => t.app.inject({ method: 'GET', url: '/api/spinwheel/active', headers: headers() }),
      spin: (language?: string) => t.app.inject({ method: 'POST', url: '/api/spinwheel/spin', headers: headers(language) }),
      coupons: (language?: string) => t.app.inject({ method: 'GET', url: '/api/spinwheel/coupon', headers: headers(language) }),
      claim: (coupon: string) => t.app.inject({ method: 'POST', url: '/api/spinwheel/coupon/claim', payload: { coupon }, headers: headers() }),
      coins: async () => (await t.app.ctx.db.selectFrom('member').select('coin').where('id', '=', m.id).executeTakeFirstOrThrow()).coin,
    };
  }

  /** Spins until a spin wins a coupon; answers the coupon. */
  async function winCoupon(m: Awaited<ReturnType<typeof member>>) {
    for (let i = 0; i < 60; i++) {
      const spun = await m.spin();
      expect(spun.statusCode).toBe(200);
      const { coupons } = (await m.coupons()).json();
      if (coupons.length) return coupons[0];
    }
    throw new Error('no coupon in 60 spins');
  }

  it('shows the active wheel of 12 slices in the member language, with the coins, and never a weight', async () => {
    const m = await member(2);
    expect((await m.active()).json()).toEqual({ active: true });
    const en = (await m.setup('en')).json();
    expect(en.userCoin).toBe(2);
    expect(en.activeSpinwheel.name).toBe('Lucky wheel');
    expect(en.activeSpinwheel.slices).toHaveLength(12);
    expect(en.activeSpinwheel.slices[0]).toEqual({
      code: 'C5', label: '5.00 baht', bgColor: '#7c3aed', textColor: '#ffffff',
      htmlDescription: expect.stringContaining('5.00 baht'),
    });
    const la = (await m.setup('la')).json();
    expect(la.activeSpinwheel.slices[0].label).toBe('5.00 ບາດ');
    expect(la.activeSpinwheel.slices[1].label).toBe('ລອງໃໝ່');
    // A member who holds kip sees the kip prize.
    const kip = await member();
    await t.app.ctx.db.updateTable('member').set({ currency: 'LAK' }).where('id', '=', kip.id).execute();
    const kipSetup = (await kip.setup('la')).json();
    expect(kipSetup.activeSpinwheel.slices[0]).toMatchObject({ label: '3,000.00 ກີບ', htmlDescription: expect.stringContaining('3,000.00 ກີບ') });
    const th = (await m.setup('th')).json();
    expect(th.activeSpinwheel.name).toBe('วงล้อนำโชค');

    const spun = await m.spin();
    const answers = [en, la, th, spun.json(), (await m.coupons()).json(), (await m.active()).json()];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(/weight/i);
  });

  it('refuses a spin at 0 coins with a code and changes nothing', async () => {
    const m = await member(0);
    const res = await m.spin();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'SPIN_NO_COIN' });
    expect(await m.coins()).toBe(0);
    const spins = await t.app.ctx.db.selectFrom('spin').select('id').where('member_id', '=', m.id).execute();
    expect(spins).toHaveLength(0);
  });

  it('takes one coin per spin and answers a slice of the wheel', async () => {
    const m = await member(3);
    const res = await m.spin();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.remainingCoin).toBe(2);
    const slice = SANDBOX_WHEEL.slices.find((s) => s.code === body.code)!;
    expect(slice).toBeDefined();
    expect(body.label).toBe(labelOf(slice, 'en'));
    expect(await m.coins()).toBe(2);
    const coupons = (await m.coupons()).json().coupons;
    expect(coupons).toHaveLength(slice.prizeKind === 'credit' ? 1 : 0);
    // The answer says whether a prize came with the slice, as the coupon list does.
    expect(body.prize).toBe(coupons.length === 1);
  });

  it('lets exactly one of two spins sent at once with one coin left win', async () => {
    const m = await member(1);
    const [a, b] = await Promise.all([m.spin(), m.spin()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json()).toEqual({ message: 'SPIN_NO_COIN' });
    expect(await m.coins()).toBe(0);
    const spins = await t.app.ctx.db.selectFrom('spin').select('id').where('member_id', '=', m.id).execute();
    expect(spins).toHaveLength(1);
  });

  it('claims a coupon once into the wallet, and the statement links the lucky draw', async () => {
    const m = await member(60);
    const coupon = await winCoupon(m);
    const slice = SANDBOX_WHEEL.slices.find((s) => labelOf(s, 'en') === coupon.prize.slice)!;
    expect(coupon).toMatchObject({ prize: { slice: labelOf(slice, 'en'), name: 'Wallet credit' }, amount: slice.prizeAmount.BAHT! / 100 });
    const la = (await m.coupons('la')).json().coupons[0];
    expect(la.prize).toEqual({ slice: labelOf(slice, 'la'), name: 'ເຄຣດິດເຂົ້າກະເປົາ' });

    const before = (await balances(t.app, m.id)).wallet;
    const claimed = await m.claim(coupon._id);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ message: 'OK' });
    expect((await balances(t.app, m.id)).wallet).toBe(before + coupon.amount);
    expect((await m.coupons()).json().coupons.find((c: { _id: string }) => c._id === coupon._id)).toBeUndefined();

    const again = await m.claim(coupon._id);
    expect(again.json()).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect((await balances(t.app, m.id)).wallet).toBe(before + coupon.amount);

    // The statement answers in the country's language when the client names none.
    const statement = (await walletClient(t.app, m.token).statement()).json();
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus', status: 'SUCCESS', amount: coupon.amount, luckydraw: { description: labelOf(slice, 'th') },
    });
  });

  it('moves money once when the same coupon is claimed twice at once', async () => {
    const m = await member(60);
    const coupon = await winCoupon(m);
    const before = (await balances(t.app, m.id)).wallet;
    const answers = await Promise.all([m.claim(coupon._id), m.claim(coupon._id), m.claim(coupon._id)]);
    const codes = answers.map((a) => a.json().message).sort();
    expect(codes).toEqual(['NO_CLAIMABLE_COUPON', 'NO_CLAIMABLE_COUPON', 'OK']);
    expect((await balances(t.app, m.id)).wallet).toBe(before + coupon.amount);
    const entries = await t.app.ctx.db.selectFrom('ledger_entry').select('id').where('kind', '=', 'spin_prize').where('reference', '=', coupon._id).execute();
    expect(entries).toHaveLength(1);
  });

  it('refuses to claim a coupon while a bonus is held (BONUS_REMAINING), moving nothing (issue 25, finding 11)', async () => {
    const m = await member(60);
    const coupon = await winCoupon(m);
    const promotion = await t.app.inject({ method: 'GET', url: '/api/promotion/activate/SONGKRAN', headers: clientHeaders(m.token) });
    expect(promotion.json()).toEqual({ message: 'OK' });
    const before = (await balances(t.app, m.id)).wallet;
    expect(before).toBe(100);

    const claimed = await m.claim(coupon._id);
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toEqual({ message: 'BONUS_REMAINING' });
    expect((await balances(t.app, m.id)).wallet).toBe(before);
    expect((await m.coupons()).json().coupons.map((c: { _id: string }) => c._id)).toContain(coupon._id);
    const entries = await t.app.ctx.db.selectFrom('ledger_entry').select('id').where('kind', '=', 'spin_prize').where('reference', '=', coupon._id).execute();
    expect(entries).toEqual([]);

    // Once the bonus has ended, the same coupon is claimed.
    await t.app.ctx.db.updateTable('member_bonus').set({ status: 'ended', outcome: 'cleared', ended_at: new Date() })
      .where('member_id', '=', m.id).where('status', '=', 'active').execute();
    expect((await m.claim(coupon._id)).json()).toEqual({ message: 'OK' });
    expect((await balances(t.app, m.id)).wallet).toBe(before + coupon.amount);
  });

  it("refuses another member's coupon, a malformed id and an expired coupon, moving nothing", async () => {
    const owner = await member(60);
    const coupon = await winCoupon(owner);
    const thief = await member(0);
    expect((await thief.claim(coupon._id)).json()).toEqual({ message: 'INVALID_CODE' });
    expect((await thief.claim('not-a-coupon')).json()).toEqual({ message: 'INVALID_CODE' });
    // A NUL byte is refused at the contract, before anything looks for a coupon.
    expect((await thief.claim('not-a-coupon\u0000')).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await balances(t.app, thief.id)).wallet).toBe(0);

    await t.app.ctx.db.updateTable('spin_coupon').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', coupon._id).execute();
    const before = (await balances(t.app, owner.id)).wallet;
    const expired = await owner.claim(coupon._id);
    expect(expired.json()).toEqual({ message: 'COUPON_EXPIRED' });
    expect((await balances(t.app, owner.id)).wallet).toBe(before);
    expect((await owner.coupons()).json().coupons.find((c: { _id: string }) => c._id === coupon._id)).toBeUndefined();
  });

  it("gives a member's first qualifying deposit one coin, once, shown in the wallet", async () => {
    const m = await member(0);
    const d = depositClient(t.app, m.token);
    const small = await d.qrCreate('KBANK', 0.5);
    expect(small.statusCode).toBe(200);
    expect((await sandbox(t.app).pay(small.json().qrcodeId)).statusCode).toBe(200);
    expect(await m.coins()).toBe(0);

    const first = await d.qrCreate('KBANK', 100);
    expect((await sandbox(t.app).pay(first.json().qrcodeId)).statusCode).toBe(200);
    expect(await m.coins()).toBe(1);
    const second = await d.qrCreate('KBANK', 100);
    expect((await sandbox(t.app).pay(second.json().qrcodeId)).statusCode).toBe(200);
    expect(await m.coins()).toBe(1);
    const home = await walletClient(t.app, m.token).home();
    expect(home.json().profile.coin).toBe(1);
  });

  it('refuses a spin while no wheel is active', async () => {
    const m = await member(1);
    await t.app.ctx.db.updateTable('spin_wheel').set({ active: false }).execute();
    try {
      expect((await m.spin()).json()).toEqual({ message: 'SPIN_INACTIVE' });
      expect((await m.active()).json()).toEqual({ active: false });
      expect((await m.setup()).json()).toEqual({ activeSpinwheel: null, userCoin: 1 });
      expect(await m.coins()).toBe(1);
    } finally {
      await t.app.ctx.db.updateTable('spin_wheel').set({ active: true }).execute();
    }
  });

  if (engine === 'pglite') {
    it('draws slices at the frequencies of their weights through real spins (chi-square)', async () => {
      const m = await member(800);
      const wheel = t.app.spinWheel;
      const observed = new Array(weights.length).fill(0);
      // 800 spins: the rarest slice (1 in 126) is still expected more than 5 times.
      for (let i = 0; i < 800; i++) {
        const { code } = await wheel.spin(m.id, 'en');
        observed[SANDBOX_WHEEL.slices.findIndex((s) => s.code === code)] += 1;
      }
      expect(chiSquare(observed, weights)).toBeLessThan(CHI_SQUARE_11_DF);
    }, 120_000);
  }
});
