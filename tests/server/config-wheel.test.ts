import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type WheelConfig, type WheelSliceConfig } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { configClient, configPeople } from './helpers/config';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { depositClient, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances } from './helpers/wallet';

/** A weight no other figure on the wheel has, to look for in what members get. */
const ODD_WEIGHT = 98_761;

const jackpot = (overrides: Partial<WheelSliceConfig> = {}): WheelSliceConfig => ({
  code: 'J777',
  label: { th: 'แจ็กพอต {amount}', la: 'ແຈັກພອດ {amount}', en: 'Jackpot {amount}' },
  bgColor: '#111827',
  textColor: '#fde047',
  description: { th: '<p>รางวัลใหญ่ {amount} {currency}</p>', la: '<p>ລາງວັນໃຫຍ່ {amount} {currency}</p>', en: '<p>Big prize {amount} {currency}</p>' },
  weight: ODD_WEIGHT,
  prizeKind: 'credit',
  prizeName: { th: 'แจ็กพอต', la: 'ແຈັກພອດ', en: 'Jackpot' },
  prizeAmount: { BAHT: 777, LAK: 450_000 },
  ...overrides,
});

describe.each(engines)('the wheel configuration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const people = () => configPeople(t.app);

  async function member(coins = 0, currency: 'BAHT' | 'LAK' = 'BAHT') {
    const m = await seedMember(t.app, { currency });
    if (coins) await t.app.ctx.db.updateTable('member').set({ coin: coins }).where('id', '=', m.id).execute();
    const call = contractCaller(t.app, m.token);
    const lang = (language: string) => ({ headers: { 'accept-language': language } });
    return {
      ...m,
      setup: (language = 'en') => call(endpoints.spinSetup, lang(language)),
      spin: (language = 'en') => call(endpoints.spin, lang(language)),
      coupons: (language = 'en') => call(endpoints.spinCoupons, lang(language)),
      claim: (coupon: string) => call(endpoints.spinClaimCoupon, { body: { coupon } }),
      active: () => call(endpoints.spinActive),
    };
  }

  const current = async (config: ReturnType<typeof configClient>) => (await config.value('wheel', 'active')) as WheelConfig;
  const slicesInUse = () => t.app.ctx.db.selectFrom('spin_slice').select(['id', 'code', 'weight']).where('retired_at', 'is', null).orderBy('position').execute();

  /** Proposes the wheel and has the finance operator approve it; answers the applied change. */
  async function applyMoneyChange(p: Awaited<ReturnType<typeof people>>, value: WheelConfig) {
    const proposed = await p.admin.config.change('wheel', 'active', value);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    const approved = await p.finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.answer();
  }

  it('waits for a second operator to change the slices, then members see them in their language at once, never a weight', async () => {
    const p = await people();
    const m = await member(1);
    const kip = await member(0, 'LAK');
    const before = await current(p.admin.config);
    expect(before.slices).toHaveLength(12);
    expect(before.slices[0]).toMatchObject({ code: 'C5', weight: 16, prizeKind: 'credit', prizeAmount: { BAHT: 5, LAK: 3_000 } });
    expect(before.coinRule).toEqual({ minDeposit: { BAHT: 1, LAK: 1_000 }, coins: 1, firstDepositOnly: true });

    // The last "try again" slice goes, a jackpot comes, and the first slice pays more.
    const after: WheelConfig = {
      ...before,
      slices: [{ ...before.slices[0], prizeAmount: { BAHT: 6, LAK: 3_500 } }, ...before.slices.slice(1, 10), jackpot(), before.slices[11]],
    };
    const proposed = await p.admin.config.change('wheel', 'active', after);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true, proposedBy: p.admin.username });
    const waiting = (await m.setup()).answer().activeSpinwheel!;
    expect(waiting.slices.map((s) => s.code)).toEqual(before.slices.map((s) => s.code));
    expect(waiting.slices[0].label).toBe('5.00 baht');

    // Support reads but neither changes nor approves; the proposer cannot approve their own change.
    expect((await p.support.config.approve(proposed.answer().id)).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await p.admin.config.approve(proposed.answer().id)).json()).toEqual({ message: 'OWN_PROPOSAL' });
    expect((await m.setup()).answer().activeSpinwheel!.slices).toHaveLength(12);

    const approved = await p.finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer()).toMatchObject({ status: 'applied', decidedBy: p.finance.username });

    const en = (await m.setup('en')).answer();
    expect(en.activeSpinwheel!.slices.map((s) => s.code)).toEqual(after.slices.map((s) => s.code));
    expect(en.activeSpinwheel!.slices[0].label).toBe('6.00 baht');
    expect(en.activeSpinwheel!.slices[10]).toEqual({
      code: 'J777', label: 'Jackpot 777.00', bgColor: '#111827', textColor: '#fde047', htmlDescription: '<p>Big prize 777.00 baht</p>',
    });
    expect((await m.setup('th')).answer().activeSpinwheel!.slices[10]).toMatchObject({ label: 'แจ็กพอต 777.00', htmlDescription: '<p>รางวัลใหญ่ 777.00 บาท</p>' });
    const la = (await kip.setup('la')).answer().activeSpinwheel!;
    expect(la.slices[10]).toMatchObject({ label: 'ແຈັກພອດ 450,000.00', htmlDescription: '<p>ລາງວັນໃຫຍ່ 450,000.00 ກີບ</p>' });
    expect(la.slices[0].label).toBe('3,500.00 ກີບ');

    // Operators see the weights; members never do, in any answer of the wheel.
    expect((await current(p.support.config)).slices[10].weight).toBe(ODD_WEIGHT);
    const spun = await m.spin();
    expect(spun.statusCode, spun.body).toBe(200);
    const answers = [en, la, (await m.setup('th')).answer(), spun.answer(), (await m.coupons()).answer(), (await m.active()).answer()];
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toMatch(/weight/i);
      expect(JSON.stringify(answer)).not.toContain(String(ODD_WEIGHT));
    }
    expect(await current(p.admin.config)).toEqual(after);
  });

  it('applies names, labels, colours, descriptions and the order at once, in place, with the html sanitised', async () => {
    const p = await people();
    const m = await member();
    const before = await current(p.admin.config);
    const ids = await slicesInUse();
    const after: WheelConfig = {
      ...before,
      name: { th: 'วงล้อสงกรานต์', la: 'ວົງລໍ້ປີໃໝ່', en: 'Songkran wheel' },
      slices: [
        { ...before.slices[1], label: { th: 'เกือบแล้ว', la: 'ເກືອບແລ້ວ', en: 'So close' }, bgColor: '#0f766e', textColor: '#fff' },
        { ...before.slices[0], description: { th: '<p>ไทย</p><script>alert(1)</script>', la: '<img src="x" onerror="alert(1)">', en: '<b onclick="x()">ok</b>' } },
        ...before.slices.slice(2),
      ],
    };
    const changed = await p.admin.config.change('wheel', 'active', after);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.answer()).toMatchObject({ status: 'applied', movesMoney: false, decidedBy: null });

    const wheel = (await m.setup('en')).answer().activeSpinwheel!;
    expect(wheel.name).toBe('Songkran wheel');
    expect(wheel.slices[0]).toMatchObject({ code: before.slices[1].code, label: 'So close', bgColor: '#0f766e', textColor: '#fff' });
    expect(wheel.slices[1]).toMatchObject({ code: before.slices[0].code, htmlDescription: '<b>ok</b>' });
    expect((await m.setup('th')).answer().activeSpinwheel!.slices[1].htmlDescription).toBe('<p>ไทย</p>');
    expect((await m.setup('la')).answer().activeSpinwheel!.slices[1].htmlDescription).not.toMatch(/onerror|script/);
    expect((await m.setup('la')).answer().activeSpinwheel!.name).toBe('ວົງລໍ້ປີໃໝ່');

    // The same slices, moved: no slice was retired or added.
    const now = await slicesInUse();
    expect(now.map((s) => s.id).sort()).toEqual(ids.map((s) => s.id).sort());
    expect(now[0].id).toBe(ids[1].id);
    const audit = await t.app.ctx.db.selectFrom('operator_audit').select(['action', 'before', 'after'])
      .where('target_type', '=', 'config.wheel').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'config.change', after: expect.objectContaining({ name: after.name }) });
  });

  it('pays a spin after the change by the new prizes, while a coupon won before keeps its amount', async () => {
    const p = await people();
    const m = await member(60);
    // A coupon won on the wheel as it is.
    let old: { _id: string; amount: number; prize: { slice: string; name: string } } | undefined;
    for (let i = 0; i < 60 && !old; i++) {
      expect((await m.spin()).statusCode).toBe(200);
      old = (await m.coupons()).answer().coupons[0];
    }
    expect(old).toBeDefined();
    const oldCoupon = await t.app.ctx.db.selectFrom('spin_coupon').innerJoin('spin_slice', 'spin_slice.id', 'spin_coupon.slice_id')
      .select(['spin_slice.code', 'spin_coupon.slice_id']).where('spin_coupon.id', '=', old!._id).executeTakeFirstOrThrow();

    // Every slice's prize doubles, a "try again" slice pays, and only the jackpot can be drawn.
    const before = await current(p.admin.config);
    const after: WheelConfig = {
      ...before,
      slices: before.slices.map((s) => {
        if (s.code === 'J777') return { ...s, weight: 1, prizeAmount: { BAHT: 888, LAK: 500_000 } };
        if (s.prizeKind === 'nothing') return { ...s, weight: 0, prizeKind: 'credit', prizeName: { th: 'เครดิต', la: 'ເຄຣດິດ', en: 'Credit' }, prizeAmount: { BAHT: 1, LAK: 1_000 } };
        return { ...s, weight: 0, prizeAmount: { BAHT: s.prizeAmount.BAHT * 2, LAK: s.prizeAmount.LAK * 2 } };
      }),
    };
    await applyMoneyChange(p, after);

    // The coupon won before: same amount, same texts, its slice kept (retired) for it.
    const coupons = (await m.coupons()).answer().coupons;
    expect(coupons.find((c) => c._id === old!._id)).toEqual(old);
    const retired = await t.app.ctx.db.selectFrom('spin_slice').select(['code', 'retired_at', 'prize_kind']).where('id', '=', oldCoupon.slice_id).executeTakeFirstOrThrow();
    expect(retired).toMatchObject({ code: oldCoupon.code, prize_kind: 'credit', retired_at: expect.any(Date) });
    const inUse = await slicesInUse();
    expect(inUse).toHaveLength(after.slices.length);
    expect(inUse.find((s) => s.code === oldCoupon.code)!.id).not.toBe(oldCoupon.slice_id);

    // A spin now draws the only slice that can be drawn and pays its new prize.
    const spun = await m.spin();
    expect(spun.answer()).toMatchObject({ code: 'J777', label: 'Jackpot 888.00', prize: true });
    const won = (await m.coupons()).answer().coupons.find((c) => c._id !== old!._id)!;
    expect(won).toMatchObject({ amount: 888, prize: { slice: 'Jackpot 888.00', name: 'Jackpot' } });

    const wallet = (await balances(t.app, m.id)).wallet;
    expect((await m.claim(old!._id)).answer()).toEqual({ message: 'OK' });
    expect((await m.claim(won._id)).answer()).toEqual({ message: 'OK' });
    expect((await balances(t.app, m.id)).wallet).toBeCloseTo(wallet + old!.amount + 888, 2);

    // What a slice pays never changes under the spins that name it: the database refuses it.
    await expect(sql`update spin_slice set weight = weight + 1 where id = ${inUse[0].id}`.execute(t.app.ctx.db)).rejects.toThrow(/keeps its code, weight and prize/);
    await expect(sql`update spin_slice set label = '{"en":"x"}'::jsonb where id = ${oldCoupon.slice_id}`.execute(t.app.ctx.db)).rejects.toThrow(/retired/);
    await expect(sql`delete from spin_slice where id = ${oldCoupon.slice_id}`.execute(t.app.ctx.db)).rejects.toThrow();
  });

  it('changes the coin rule only with a second operator; deposits then earn by the new rule', async () => {
    const p = await people();
    const before = await current(p.admin.config);
    const after: WheelConfig = { ...before, coinRule: { minDeposit: { BAHT: 50, LAK: 50_000 }, coins: 2, firstDepositOnly: false }, couponValidDays: 3 };
    const m = await member();
    const coins = async () => (await t.app.ctx.db.selectFrom('member').select('coin').where('id', '=', m.id).executeTakeFirstOrThrow()).coin;
    const deposit = async (amount: number) => {
      const qr = await depositClient(t.app, m.token).qrCreate('KBANK', amount);
      expect(qr.statusCode, qr.body).toBe(200);
      expect((await sandbox(t.app).pay(qr.json().qrcodeId)).statusCode).toBe(200);
    };
    const proposed = await p.admin.config.change('wheel', 'active', after);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    await deposit(60);
    expect(await coins()).toBe(1);
    expect((await p.finance.config.approve(proposed.answer().id)).answer().status).toBe('applied');
    await deposit(40);
    expect(await coins()).toBe(1);
    await deposit(60);
    await deposit(70);
    expect(await coins()).toBe(5);
    expect((await current(p.support.config)).coinRule).toEqual(after.coinRule);
  });

  it('applies one of two wheel changes approved at once; the other is stale', async () => {
    const p = await people();
    const other = configClient(t.app, (await operatorWith(t.app, 'finance')).token);
    const before = await current(p.admin.config);
    const a = (await p.admin.config.change('wheel', 'active', { ...before, couponValidDays: 10 })).answer();
    const b = (await p.admin.config.change('wheel', 'active', { ...before, couponValidDays: 11 })).answer();
    const answers = await Promise.all([p.finance.config.approve(a.id), other.approve(b.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ message: 'CONFIG_STALE' });
    const applied = answers.find((r) => r.statusCode === 200)!.answer();
    expect((await current(p.admin.config)).couponValidDays).toBe(applied.id === a.id ? 10 : 11);
  });

  it('refuses support and finance editing, and wheels the contract or the currency steps refuse, changing nothing', async () => {
    const p = await people();
    const before = await current(p.admin.config);
    for (const who of [p.support, p.finance]) {
      const r = await who.config.change('wheel', 'active', { ...before, name: { th: 'x', la: 'x', en: 'x' } });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ message: 'FORBIDDEN' });
    }
    const slice = before.slices[0];
    const bad: [string, unknown, string][] = [
      ['one slice', { ...before, slices: [slice] }, 'INVALID_INPUT'],
      ['17 slices', { ...before, slices: Array.from({ length: 17 }, (_, i) => ({ ...slice, code: `S${i}` })) }, 'INVALID_INPUT'],
      ['two slices of one code', { ...before, slices: [slice, slice] }, 'INVALID_INPUT'],
      ['no weight', { ...before, slices: before.slices.map((s) => ({ ...s, weight: 0 })) }, 'INVALID_INPUT'],
      ['a negative weight', { ...before, slices: [{ ...slice, weight: -1 }, ...before.slices.slice(1)] }, 'INVALID_INPUT'],
      ['a colour that is not one', { ...before, slices: [{ ...slice, bgColor: 'red;background:url(x)' }, ...before.slices.slice(1)] }, 'INVALID_INPUT'],
      ['a credit of nothing', { ...before, slices: [{ ...slice, prizeAmount: { BAHT: 0, LAK: 0 } }, ...before.slices.slice(1)] }, 'INVALID_INPUT'],
      ['an empty label', { ...before, slices: [{ ...slice, label: { ...slice.label, la: ' ' } }, ...before.slices.slice(1)] }, 'INVALID_INPUT'],
      ['a fraction of a kip', { ...before, slices: [{ ...slice, prizeAmount: { BAHT: 5, LAK: 3_000.5 } }, ...before.slices.slice(1)] }, 'AMOUNT_STEP'],
      ['a fraction of a satang', { ...before, coinRule: { ...before.coinRule, minDeposit: { BAHT: 1.005, LAK: 1_000 } } }, 'AMOUNT_STEP'],
    ];
    for (const [why, value, code] of bad) {
      const r = await p.admin.config.change('wheel', 'active', value);
      expect(r.statusCode, why).toBe(400);
      expect(r.json(), why).toEqual({ message: code });
    }
    expect((await p.admin.config.change('wheel', 'other', before)).json()).toEqual({ message: 'NOT_FOUND' });
    expect(await current(p.admin.config)).toEqual(before);
  });
});
