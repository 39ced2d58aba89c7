import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type InviteRuleConfig, type PromotionBannersValue, type RefundRuleConfig } from '../../src/contract';
import { build, type TestApp } from './helpers/app';
import { configPeople } from './helpers/config';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

const HOSTILE = '<b>Back</b><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">go</a>';

describe.each(engines)('the invite and refund configuration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const people = () => configPeople(t.app);
  /** A member's calls in English. */
  const memberOf = async (currency: 'BAHT' | 'LAK' = 'BAHT') => {
    const m = await seedMember(t.app, { currency });
    const call = contractCaller(t.app, m.token);
    const en = { headers: { 'accept-language': 'en' } };
    return {
      invite: async () => (await call(endpoints.wallet)).answer().invite,
      inviteBanners: async () => (await call(endpoints.inviteBanners, en)).answer(),
      refund: async () => (await call(endpoints.refundCheck, en)).answer(),
      refundBanners: async () => (await call(endpoints.refundBanners, en)).answer(),
    };
  };

  it('reads the seeded invite and refund rules and banners in decimal amounts per currency', async () => {
    const { support } = await people();
    const invite = (await support.config.section('invite')).answer();
    expect(invite.items.map((i) => i.target)).toEqual(['rule', 'banners']);
    expect(invite.items[0].value).toEqual({ percent: 10, firstDeposits: 1, capPerFriend: { BAHT: 500, LAK: 300_000 }, success: 0, fail: 0 });
    expect((invite.items[1].value as PromotionBannersValue)[0]).toMatchObject({ image: '/assets/promotions/invite.svg', html: { en: expect.stringContaining('{capPerFriend} {currency}') } });
    const refund = await support.config.value('refund', 'rule') as RefundRuleConfig;
    expect(refund).toMatchObject({ percent: 5, period: 'day', minimum: { BAHT: 1, LAK: 600 }, success: 100, fail: 10 });
    expect(refund.info.la).toContain('ຄືນ');
  });

  it('an invite rule change waits for a second operator, then the members\' invite endpoints show it at once', async () => {
    const { admin, finance } = await people();
    const member = await memberOf();
    const before = await admin.config.value('invite', 'rule') as InviteRuleConfig;
    expect(await member.invite()).toEqual({ amount: 0, success: 0, fail: 0 });

    const proposed = await admin.config.change('invite', 'rule', { ...before, capPerFriend: { BAHT: 800.5, LAK: null }, success: 300, fail: 20 });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    expect(await member.invite()).toEqual({ amount: 0, success: 0, fail: 0 });
    expect((await member.inviteBanners())[0].html).toContain('up to 500.00 baht per friend');
    expect((await admin.config.approve(proposed.answer().id)).json()).toEqual({ message: 'OWN_PROPOSAL' });

    const approved = await finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer().status).toBe('applied');
    expect(await member.invite()).toEqual({ amount: 0, success: 300, fail: 20 });
    expect((await member.inviteBanners())[0].html).toContain('up to 800.50 baht per friend');
    // Stored as the engine reads it: minor units, kip left out (kip referrers earn nothing now).
    const stored = await t.app.promotions.invites.rule();
    expect(stored).toMatchObject({ percent: 10, firstDeposits: 1, capPerFriend: { BAHT: 80_050 }, success: 300, fail: 20 });
    expect(await admin.config.value('invite', 'rule')).toEqual({ ...before, capPerFriend: { BAHT: 800.5, LAK: null }, success: 300, fail: 20 });
    // Kip members earn nothing now: no banner promises them an amount.
    expect(await (await memberOf('LAK')).inviteBanners()).toEqual([]);

    // Switching invites off is a money rule too; back to the seed.
    const back = await admin.config.change('invite', 'rule', before);
    expect(back.answer().status).toBe('pending');
    expect((await finance.config.approve(back.answer().id)).answer().status).toBe('applied');
    expect(await member.invite()).toEqual({ amount: 0, success: 0, fail: 0 });
  });

  it('invite banners apply at once, sanitised, with the member\'s figures filled in', async () => {
    const { admin } = await people();
    const member = await memberOf();
    const banners = [
      { image: '/assets/promotions/invite.svg', html: { th: `<p>ชวนเพื่อน {capPerFriend}</p>${HOSTILE}`, la: '<p>ຊວນໝູ່</p>', en: `<p>Invite: up to {capPerFriend} {currency}</p>${HOSTILE}` } },
      { image: '/api/content/images/0123.png', html: { th: 'สอง', la: 'ສອງ', en: 'two' } },
    ];
    const changed = await admin.config.change('invite', 'banners', banners);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    const shown = await member.inviteBanners();
    expect(shown).toHaveLength(2);
    expect(shown[0].html).toContain('<p>Invite: up to 500.00 baht</p><b>Back</b>');
    expect(shown[1]).toEqual({ image: '/api/content/images/0123.png', html: 'two' });
    // Stored clean: no script, no handler, no javascript: link, in the change, the value and for members.
    for (const html of [JSON.stringify(changed.answer().after), JSON.stringify(await admin.config.value('invite', 'banners')), shown[0].html]) {
      expect(html).not.toMatch(/<script|onerror|javascript:|alert\(2\)/i);
    }
    const audit = await t.app.ctx.db.selectFrom('operator_audit').select(['action']).where('target_type', '=', 'config.invite').where('target_id', '=', 'banners').execute();
    expect(audit.map((a) => a.action)).toContain('config.change');
  });

  it('a refund rule change waits for approval; its info text alone and its banners apply at once', async () => {
    const { admin, finance } = await people();
    const baht = await memberOf();
    const kip = await memberOf('LAK');
    const before = await admin.config.value('refund', 'rule') as RefundRuleConfig;
    expect(await baht.refund()).toMatchObject({ refundMinimum: 1, refundSuccess: 100, refundFail: 10 });

    const proposed = await admin.config.change('refund', 'rule', { ...before, percent: 8, period: 'week', minimum: { BAHT: 20, LAK: null }, success: 200 });
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    expect(await baht.refund()).toMatchObject({ refundMinimum: 1, refundSuccess: 100 });
    expect((await finance.config.approve(proposed.answer().id)).answer().status).toBe('applied');
    expect(await baht.refund()).toMatchObject({ refundMinimum: 20, refundSuccess: 200, refundFail: 10 });
    expect(await kip.refund()).toMatchObject({ refundMinimum: null, currency: 'LAK' });
    // The rule's time zone is not the console's: kept.
    expect(await t.app.promotions.refunds.rule()).toMatchObject({ percent: 8, period: 'week', minimum: { BAHT: 2_000 }, utcOffsetMinutes: 420 });

    // The info text alone moves no money: it applies at once, sanitised.
    const now = await admin.config.value('refund', 'rule') as RefundRuleConfig;
    const info = await admin.config.change('refund', 'rule', { ...now, info: { ...now.info, en: `<p>Weekly 8%</p>${HOSTILE}` } });
    expect(info.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    const shownInfo = (await baht.refund()).info;
    expect(shownInfo).toContain('<p>Weekly 8%</p><b>Back</b>');
    expect(shownInfo).not.toMatch(/<script|onerror|javascript:/i);

    const banners = await admin.config.change('refund', 'banners', [{ image: '/assets/promotions/refund.svg', html: { th: 'คืน', la: 'ຄືນ', en: `Refund ${HOSTILE}` } }]);
    expect(banners.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    const shown = await kip.refundBanners();
    expect(shown).toEqual([{ image: '/assets/promotions/refund.svg', html: expect.stringContaining('Refund <b>Back</b>') }]);
    expect(shown[0].html).not.toMatch(/<script|onerror|javascript:/i);

    const back = await admin.config.change('refund', 'rule', before);
    expect((await finance.config.approve(back.answer().id)).answer().status).toBe('applied');
    expect(await baht.refund()).toMatchObject({ refundMinimum: 1, refundSuccess: 100 });
  });

  it('refuses support and finance, values of the wrong target or shape, and unknown targets, changing nothing', async () => {
    const { admin, finance, support } = await people();
    const rule = await admin.config.value('invite', 'rule') as InviteRuleConfig;
    const banners = await admin.config.value('refund', 'banners') as PromotionBannersValue;
    for (const who of [support, finance]) {
      for (const [section, target, value] of [['invite', 'rule', { ...rule, percent: 50 }], ['refund', 'banners', []]] as const) {
        const r = await who.config.change(section, target, value);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ message: 'FORBIDDEN' });
      }
    }
    const bad: [ 'invite' | 'refund', string, unknown][] = [
      ['invite', 'banners', rule],
      ['invite', 'rule', banners],
      ['invite', 'rule', { ...rule, percent: 10.5 }],
      ['invite', 'rule', { ...rule, percent: 101 }],
      ['invite', 'rule', { ...rule, capPerFriend: { BAHT: 1.005, LAK: 1 } }],
      ['invite', 'rule', { ...rule, capPerFriend: { BAHT: -1, LAK: 1 } }],
      ['refund', 'rule', { percent: 5 }],
      ['refund', 'banners', [{ image: 'javascript:alert(1)', html: { th: '', la: '', en: '' } }]],
      ['refund', 'banners', [{ image: 'http://tracker.example/x.png', html: { th: '', la: '', en: '' } }]],
      ['invite', 'banners', [{ image: '/assets/x.png', html: { th: 'x\u0000', la: '', en: '' } }]],
    ];
    for (const [section, target, value] of bad) {
      const r = await admin.config.change(section, target, value);
      expect(r.statusCode, `${section}/${target} ${JSON.stringify(value).slice(0, 60)}`).toBe(400);
      expect(r.json().message).toBe('INVALID_INPUT');
    }
    expect((await admin.config.change('invite', 'TH', banners)).json()).toEqual({ message: 'NOT_FOUND' });
    expect(await admin.config.value('invite', 'rule')).toEqual(rule);
    expect(await admin.config.value('refund', 'banners')).toEqual(banners);
    expect((await admin.config.changes('pending')).answer().items.filter((c) => c.section === 'invite' || c.section === 'refund')).toEqual([]);
  });
});
