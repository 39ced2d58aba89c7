import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BonusConfig } from '../../src/contract';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { configPeople } from './helpers/config';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';

const HOUR = 3_600_000;

/** A percent bonus with texts in three languages (naming its figures) and one banner. */
const newBonus = (over: Partial<BonusConfig> = {}): BonusConfig => ({
  kind: 'bonus', type: 'limit', maxReceived: 1, quota: 100,
  amountPercent: 50, amountCap: { BAHT: 300, LAK: 150_000 }, amountFixed: null, minDeposit: { BAHT: 100, LAK: 50_000 },
  turnoverMultiplier: 4, percentFail: 15, categories: ['slot', 'sport'],
  description: {
    th: 'โบนัสฝาก 50% สูงสุด {cap} {currency}',
    la: 'ໂບນັດຝາກ 50% ສູງສຸດ {cap} {currency}',
    en: 'Deposit bonus 50% up to {cap} {currency}',
  },
  banners: [{
    image: '/assets/promotions/daily.svg',
    html: { th: '<h3>รับเพิ่ม 50%</h3>', la: '<h3>ຮັບເພີ່ມ 50%</h3>', en: '<h3>Get 50% more</h3>' },
  }],
  startsAt: null, endsAt: null, active: true,
  ...over,
});

describe.each(engines)('the bonus configuration on %s', (engine) => {
  let t: TestApp;
  /** How far the app clock is ahead of the real one (members' sessions live 12 hours). */
  let ahead = 0;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    t.app.ctx.clock.now = () => new Date(Date.now() + ahead);
  }, 180_000);
  beforeEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const people = () => configPeople(t.app);

  async function member(currency: 'BAHT' | 'LAK' = 'BAHT') {
    const m = await seedMember(t.app, { currency });
    const get = (url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: clientHeaders(m.token, { 'accept-language': lang }) });
    return {
      ...m, get,
      bonuses: async (lang = 'en') => {
        const r = await get('/api/bonus', lang);
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as { code: string; description: string; banners: { image: string; html: string }[]; amountPercent: number | null; amountCap: number | null; currency: string; turnoverMultiplier: number; percentFail: number }[];
      },
    };
  }

  const row = (code: string) => t.app.ctx.db.selectFrom('bonus_definition').selectAll().where('code', '=', code).executeTakeFirst();

  it('a new bonus waits for a second operator, then members see it at once in their language; texts apply at once', async () => {
    const { admin, finance } = await people();
    const lao = await member('LAK');
    const thai = await member('BAHT');

    const proposed = await admin.config.change('bonus', 'RAINY50', newBonus());
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true, before: null, proposedBy: admin.username });
    expect(await row('RAINY50')).toBeUndefined();
    expect((await lao.bonuses()).map((b) => b.code)).not.toContain('RAINY50');
    // The proposer cannot approve it.
    expect((await admin.config.approve(proposed.answer().id)).json()).toEqual({ message: 'OWN_PROPOSAL' });

    const approved = await finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer()).toMatchObject({ status: 'applied', decidedBy: finance.username });

    // Stored in minor units per currency; read back as the console edits it.
    expect(await row('RAINY50')).toMatchObject({ kind: 'bonus', amount_percent: 50, amount_cap: { BAHT: 30_000, LAK: 15_000_000 }, min_deposit: { BAHT: 10_000, LAK: 5_000_000 }, turnover_multiplier: 4, percent_fail: 15 });
    expect(await admin.config.value('bonus', 'RAINY50')).toEqual(newBonus());

    // No restart: the next request of each member lists it, in their language and currency.
    const forLao = (await lao.bonuses('lo')).find((b) => b.code === 'RAINY50');
    expect(forLao).toMatchObject({ currency: 'LAK', amountPercent: 50, amountCap: 150_000, turnoverMultiplier: 4, percentFail: 15 });
    expect(forLao!.description).toBe('ໂບນັດຝາກ 50% ສູງສຸດ 150,000.00 ກີບ');
    expect(forLao!.banners).toEqual([{ image: '/assets/promotions/daily.svg', html: '<h3>ຮັບເພີ່ມ 50%</h3>' }]);
    const forThai = (await thai.bonuses('th')).find((b) => b.code === 'RAINY50');
    expect(forThai).toMatchObject({ currency: 'BAHT', amountCap: 300, banners: [{ html: '<h3>รับเพิ่ม 50%</h3>' }] });
    expect(forThai!.description).toBe('โบนัสฝาก 50% สูงสุด 300.00 บาท');

    // The member receives it with its own rule: 50% of a 100,000 kip deposit, capped at 150,000.
    await fundWallet(t.app, lao.id, 100_000);
    const got = await lao.get('/api/bonus/activate/RAINY50');
    expect(got.statusCode, got.body).toBe(200);
    expect((await lao.get('/api/bonus/current')).json().bonus).toMatchObject({ code: 'RAINY50', amount: 50_000, depositAmount: 100_000, percentFail: 15, categories: ['slot', 'sport'] });

    // A text-only change applies at once, without a second operator.
    const text = await admin.config.change('bonus', 'RAINY50', newBonus({ description: { ...newBonus().description, en: 'Rainy season: 50% up to {cap} {currency}' } }));
    expect(text.answer()).toMatchObject({ status: 'applied', movesMoney: false, decidedBy: null });
    expect((await thai.bonuses('en')).find((b) => b.code === 'RAINY50')!.description).toBe('Rainy season: 50% up to 300.00 baht');

    // A money change waits: members keep the rule they had until it is approved.
    const edited = { ...(await admin.config.value('bonus', 'RAINY50')) as BonusConfig, amountPercent: 80 };
    const percent = await admin.config.change('bonus', 'RAINY50', edited);
    expect(percent.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    expect((await thai.bonuses()).find((b) => b.code === 'RAINY50')!.amountPercent).toBe(50);
    await finance.config.approve(percent.answer().id);
    expect((await thai.bonuses()).find((b) => b.code === 'RAINY50')!.amountPercent).toBe(80);

    // Switching it off applies at once (it can move no money); switching it on again waits.
    const off = await admin.config.change('bonus', 'RAINY50', { ...edited, active: false });
    expect(off.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    expect((await thai.bonuses()).map((b) => b.code)).not.toContain('RAINY50');
    expect((await thai.get('/api/bonus/activate/RAINY50')).json()).toEqual({ message: 'NOT_FOUND' });
    // The member holding it keeps it: the row is never deleted.
    expect((await lao.get('/api/bonus/current')).json().bonus).toMatchObject({ code: 'RAINY50' });
    const on = await admin.config.change('bonus', 'RAINY50', { ...edited, active: true });
    expect(on.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    expect((await thai.bonuses()).map((b) => b.code)).not.toContain('RAINY50');

    const audit = await t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username']).where('target_type', '=', 'config.bonus').where('target_id', '=', 'RAINY50').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['config.propose', 'config.approve', 'config.change', 'config.propose', 'config.approve', 'config.change', 'config.propose']);
  });

  it("stores a banner's html sanitised: its <script> and onerror never reach a member", async () => {
    const { admin } = await people();
    const m = await member();
    const value = newBonus({
      banners: [{
        image: '/assets/promotions/welcome.svg',
        html: {
          th: '<p>ไทย<script>window.pwned=1</script></p>',
          la: '<img src="https://example.com/x.png" onerror="alert(1)"><p onclick="x()">ລາວ</p>',
          en: '<b>ok</b><iframe src="https://evil.example"></iframe>',
        },
      }],
      description: { th: '<p>ก</p><script>alert(1)</script>', la: '<p>ກ</p>', en: '<p onmouseover="x()">a</p>' },
    });
    const proposed = await admin.config.change('bonus', 'SAFE_HTML', value);
    expect(proposed.statusCode, proposed.body).toBe(200);
    // The change itself holds the cleaned value, so the approver approves what members will get.
    const after = proposed.answer().after as BonusConfig;
    expect(after.banners[0].html).toEqual({ th: '<p>ไทย</p>', la: '<img src="https://example.com/x.png" /><p>ລາວ</p>', en: '<b>ok</b>' });
    const { finance } = await people();
    await finance.config.approve(proposed.answer().id);

    const stored = JSON.stringify(await row('SAFE_HTML'));
    expect(stored).not.toMatch(/<script|onerror|onclick|onmouseover|iframe|pwned/i);
    for (const lang of ['th', 'lo', 'en']) {
      const listed = JSON.stringify((await m.bonuses(lang)).find((b) => b.code === 'SAFE_HTML'));
      expect(listed).toContain('SAFE_HTML');
      expect(listed).not.toMatch(/<script|onerror|onclick|onmouseover|iframe|pwned/i);
    }
  });

  it('offers a scheduled promotion code only between its dates', async () => {
    const { admin, finance } = await people();
    const start = new Date(Date.now() + 2 * HOUR);
    const end = new Date(Date.now() + 4 * HOUR);
    const promotion = newBonus({
      kind: 'promotion', amountPercent: null, amountCap: null, amountFixed: { BAHT: 40, LAK: 20_000 }, minDeposit: { BAHT: 0, LAK: 0 },
      quota: null, banners: [], startsAt: start.toISOString().replace('Z', '+00:00'), endsAt: end.toISOString(),
      description: { th: 'รับฟรี {fixed} {currency}', la: 'ຮັບຟຣີ {fixed} {currency}', en: 'A free {fixed} {currency}' },
    });
    // An end before the start is refused by the contract.
    expect((await admin.config.change('bonus', 'RAIN_CODE', { ...promotion, endsAt: start.toISOString(), startsAt: end.toISOString() })).statusCode).toBe(400);
    const proposed = await admin.config.change('bonus', 'RAIN_CODE', promotion);
    expect(proposed.statusCode, proposed.body).toBe(200);
    // The date is stored as one moment whatever offset it was sent with.
    expect((proposed.answer().after as BonusConfig).startsAt).toBe(start.toISOString());
    await finance.config.approve(proposed.answer().id);
    expect(await row('RAIN_CODE')).toMatchObject({ starts_at: start, ends_at: end });

    const early = await member();
    const late = await member();
    // Before its start: refused as an unknown code is.
    expect((await early.get('/api/promotion/find/RAIN_CODE')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await early.get('/api/promotion/activate/rain_code')).json()).toEqual({ message: 'NO_PROMOTION' });

    ahead = 3 * HOUR;
    expect((await early.get('/api/promotion/find/RAIN_CODE', 'th')).json()).toMatchObject({ code: 'RAIN_CODE', amountFixed: 40 });
    const activated = await early.get('/api/promotion/activate/RAIN_CODE');
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await early.get('/api/bonus/current')).json().bonus).toMatchObject({ code: 'RAIN_CODE', amount: 40, source: 'promotion' });

    ahead = 5 * HOUR;
    expect((await late.get('/api/promotion/find/RAIN_CODE')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await late.get('/api/promotion/activate/RAIN_CODE')).json()).toEqual({ message: 'NO_PROMOTION' });
    // The member who received it in time still holds it.
    expect((await early.get('/api/promotion/current')).json().promotion).toMatchObject({ code: 'RAIN_CODE' });
    // A promotion is never listed with the bonuses.
    expect((await late.bonuses()).map((b) => b.code)).not.toContain('RAIN_CODE');

    // A scheduled bonus is not listed before its start either.
    ahead = 0;
    const later = newBonus({ startsAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    await admin.config.change('bonus', 'LATER_BONUS', later).then((r) => finance.config.approve(r.answer().id));
    expect((await late.bonuses()).map((b) => b.code)).not.toContain('LATER_BONUS');
    ahead = 3 * HOUR;
    expect((await late.bonuses()).map((b) => b.code)).toContain('LATER_BONUS');
    // Moving its dates moves money: it waits for approval.
    ahead = 0;
    const moved = await admin.config.change('bonus', 'LATER_BONUS', { ...later, endsAt: new Date(Date.now() + 10 * HOUR).toISOString() });
    expect(moved.answer()).toMatchObject({ status: 'pending', movesMoney: true });
  });

  it('support and finance may read but not configure; bad values are refused; nothing is changed', async () => {
    const { admin, finance, support } = await people();
    const before = await support.config.value('bonus', 'WELCOME100') as BonusConfig;
    expect(before).toMatchObject({ kind: 'bonus', amountPercent: 100, amountCap: { BAHT: 500, LAK: 300_000 }, minDeposit: { BAHT: 100, LAK: 60_000 }, active: true, startsAt: null });
    for (const who of [support, finance]) {
      for (const [target, value] of [['WELCOME100', { ...before, amountPercent: 500 }], ['WELCOME100', { ...before, description: { th: 'x', la: 'x', en: 'x' } }], ['SUPPORT_NEW', newBonus()]] as const) {
        const r = await who.config.change('bonus', target, value);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ message: 'FORBIDDEN' });
      }
    }
    const pending = await admin.config.change('bonus', 'WELCOME100', { ...before, turnoverMultiplier: 9 });
    expect((await support.config.approve(pending.answer().id)).json()).toEqual({ message: 'FORBIDDEN' });
    expect(await row('SUPPORT_NEW')).toBeUndefined();
    expect(await support.config.value('bonus', 'WELCOME100')).toEqual(before);

    const bad: unknown[] = [
      { ...before, amountFixed: { BAHT: 10, LAK: 10 } }, // both a percent and a fixed amount
      { ...before, amountPercent: null }, // neither
      { ...before, amountPercent: 1_001 },
      { ...before, percentFail: 101 },
      { ...before, categories: [] },
      { ...before, categories: ['slot', 'slot'] },
      { ...before, categories: ['casino'] },
      { ...before, amountCap: { BAHT: 0, LAK: 10 } },
      { ...before, minDeposit: { BAHT: 1.234, LAK: 0 } },
      { ...before, startsAt: 'tomorrow' },
      { ...before, banners: [{ image: 'javascript:alert(1)', html: { th: '', la: '', en: '' } }] },
      { ...before, description: { th: 'x' } },
      { ...before, quota: 0 },
    ];
    for (const value of bad) {
      const r = await admin.config.change('bonus', 'WELCOME100', value);
      expect(r.statusCode, JSON.stringify(value).slice(0, 120)).toBe(400);
    }
    // A new code must be one members can type.
    expect((await admin.config.change('bonus', 'lower_case', newBonus())).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await admin.config.change('bonus', 'AB', newBonus())).json()).toEqual({ message: 'NOT_FOUND' });
    expect(await support.config.value('bonus', 'WELCOME100')).toEqual(before);
    // The list holds every bonus and promotion, seeded ones included.
    const targets = (await support.config.section('bonus')).answer().items.map((i) => i.target);
    expect(targets).toEqual(expect.arrayContaining(['WELCOME100', 'DAILY10', 'WEEKLY50', 'SONGKRAN']));
    await admin.config.reject(pending.answer().id);
  });

  it('refuses a quota below the receipts already given', async () => {
    const { admin, finance } = await people();
    const before = await admin.config.value('bonus', 'SONGKRAN') as BonusConfig;
    await t.app.ctx.db.updateTable('bonus_definition').set({ received_total: 7 }).where('code', '=', 'SONGKRAN').execute();
    const r = await admin.config.change('bonus', 'SONGKRAN', { ...before, quota: 5 });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: 'INVALID_INPUT' });
    const ok = await admin.config.change('bonus', 'SONGKRAN', { ...before, quota: 8 });
    expect((await finance.config.approve(ok.answer().id)).answer().status).toBe('applied');
    expect((await row('SONGKRAN'))!.quota).toBe(8);
  });
});
