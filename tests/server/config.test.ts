import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BanksConfig, MoneyConfig, SiteConfig, SourcesConfig } from '../../src/contract';
import { build, type TestApp } from './helpers/app';
import { configClient, configPeople } from './helpers/config';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { contractCaller } from './helpers/contract-call';
import { endpoints } from '../../src/contract';

describe.each(engines)('configuration changes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const people = () => configPeople(t.app);
  const memberWithdrawMax = async (token: string) => (await contractCaller(t.app, token)(endpoints.lookupMoney)).answer().withdrawMax;
  const auditOf = (target: string) =>
    t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username', 'before', 'after']).where('target_type', '=', 'config.money').where('target_id', '=', target).orderBy('id').execute();

  it('a money rule is proposed by an admin and applies only when another operator approves it', async () => {
    const { admin, finance } = await people();
    const member = await seedMember(t.app);
    const before = (await admin.config.value('money', 'BAHT')) as MoneyConfig;
    expect(await memberWithdrawMax(member.token)).toBe(before.withdrawMax);

    const proposed = await admin.config.change('money', 'BAHT', { ...before, withdrawMax: 20_000 });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true, proposedBy: admin.username, decidedBy: null, stale: false });
    expect(await memberWithdrawMax(member.token)).toBe(before.withdrawMax);
    expect((await admin.config.section('money')).answer().pending.map((c) => c.id)).toContain(proposed.answer().id);

    // The proposer cannot approve their own change.
    const own = await admin.config.approve(proposed.answer().id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'OWN_PROPOSAL' });
    expect(await memberWithdrawMax(member.token)).toBe(before.withdrawMax);

    const approved = await finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer()).toMatchObject({ status: 'applied', decidedBy: finance.username });
    expect(await memberWithdrawMax(member.token)).toBe(20_000);
    // Approving again answers the same; the other currency kept its rules.
    expect((await finance.config.approve(proposed.answer().id)).answer().status).toBe('applied');
    expect(((await admin.config.value('money', 'LAK')) as MoneyConfig).withdrawMax).toBe(50_000_000);

    const lines = await auditOf('BAHT');
    expect(lines.map((l) => [l.action, l.operator_username])).toEqual(expect.arrayContaining([['config.propose', admin.username], ['config.approve', finance.username]]));
    expect(lines.at(-1)).toMatchObject({ before: expect.objectContaining({ withdrawMax: before.withdrawMax }), after: expect.objectContaining({ withdrawMax: 20_000 }) });
    await admin.config.change('money', 'BAHT', before).then((r) => finance.config.approve(r.answer().id));
  });

  it('refuses roles that may not, and values the contract refuses, changing nothing', async () => {
    const { admin, finance, support } = await people();
    const before = (await support.config.value('money', 'BAHT')) as MoneyConfig;
    for (const who of [support, finance]) {
      const r = await who.config.change('money', 'BAHT', { ...before, withdrawMax: 1_000 });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ message: 'FORBIDDEN' });
    }
    const proposed = await admin.config.change('money', 'BAHT', { ...before, autoPayLimit: 1 });
    const bySupport = await support.config.approve(proposed.answer().id);
    expect(bySupport.json()).toEqual({ message: 'FORBIDDEN' });
    for (const bad of [{ ...before, withdrawMin: 60_000, withdrawMax: 50_000 }, { ...before, withdrawMax: -1 }, { ...before, withdrawMax: 'x\u0000' }, null, 'a'.repeat(100_000)]) {
      const r = await admin.config.change('money', 'BAHT', bad);
      expect(r.statusCode, JSON.stringify(bad).slice(0, 80)).toBeLessThan(500);
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
    }
    const unknown = await admin.config.change('money', 'EUR', before);
    expect(unknown.json()).toEqual({ message: 'NOT_FOUND' });
    expect(await support.config.value('money', 'BAHT')).toEqual(before);
    expect((await admin.config.reject(proposed.answer().id, 'a mistake')).answer()).toMatchObject({ status: 'rejected', note: 'a mistake' });
  });

  it('refuses an approval once the item changed since the proposal (stale), and two approvals at once apply it once', async () => {
    const { admin, finance } = await people();
    const other = await operatorWith(t.app, 'finance');
    const before = (await admin.config.value('money', 'BAHT')) as MoneyConfig;
    const first = (await admin.config.change('money', 'BAHT', { ...before, transferMin: 2 })).answer();
    const second = (await admin.config.change('money', 'BAHT', { ...before, transferMin: 3 })).answer();
    const [a, b] = await Promise.all([finance.config.approve(first.id), configClient(t.app, other.token).approve(first.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const stale = await finance.config.approve(second.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'CONFIG_STALE' });
    expect((await finance.config.changes('pending')).answer().items.find((c) => c.id === second.id)?.stale).toBe(true);
    expect(((await admin.config.value('money', 'BAHT')) as MoneyConfig).transferMin).toBe(2);
    expect((await t.app.ctx.db.selectFrom('operator_audit').select('id').where('action', '=', 'config.approve').where('target_id', '=', 'BAHT').execute()).length).toBeGreaterThan(0);
  });

  it('of two proposals for one item approved at the same moment, one applies and the other is refused as stale', async () => {
    const { admin, finance } = await people();
    const other = configClient(t.app, (await operatorWith(t.app, 'finance')).token);
    const before = (await admin.config.value('money', 'LAK')) as MoneyConfig;
    const one = (await admin.config.change('money', 'LAK', { ...before, transferMin: 2_000 })).answer();
    const two = (await admin.config.change('money', 'LAK', { ...before, transferMin: 3_000 })).answer();
    const [a, b] = await Promise.all([finance.config.approve(one.id), other.approve(two.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = a.statusCode === 200 ? 2_000 : 3_000;
    expect(((await admin.config.value('money', 'LAK')) as MoneyConfig).transferMin).toBe(won);
    expect((a.statusCode === 200 ? b : a).json()).toEqual({ message: 'CONFIG_STALE' });
    await admin.config.change('money', 'LAK', before).then((r) => finance.config.approve(r.answer().id));
  });

  it('holds maker-checker in the database: an applied money change needs a checker who is not its proposer', async () => {
    const { admin } = await people();
    const id = (await t.app.ctx.db.selectFrom('operator').select('id').where('username', '=', admin.username).executeTakeFirstOrThrow()).id;
    await expect(sql`insert into config_change (section, target, moves_money, after, status, proposed_by, decided_by, decided_at)
      values ('money', 'BAHT', true, '{}'::jsonb, 'applied', ${id}, ${id}, now())`.execute(t.app.ctx.db)).rejects.toThrow();
    await expect(sql`insert into config_change (section, target, moves_money, after, status, proposed_by, decided_at)
      values ('money', 'BAHT', true, '{}'::jsonb, 'applied', ${id}, now())`.execute(t.app.ctx.db)).rejects.toThrow();
    const made = await t.app.backOffice.operators.create({ username: `made${process.pid}`, name: 'made by admin', role: 'finance', password: 'violet-Harbour-71-quietly' }, { operatorId: id, username: admin.username, ip: null });
    await expect(sql`insert into config_change (section, target, moves_money, after, status, proposed_by, decided_by, decided_at)
      values ('money', 'BAHT', true, '{}'::jsonb, 'applied', ${id}, ${made.id}, now())`.execute(t.app.ctx.db)).rejects.toThrow(/independent/);
  });

  it("sanitises operator html in the preview: a <script> or an onerror never reaches a member", async () => {
    const { support } = await people();
    const r = await support.config.preview({ th: '<p onclick="x()">ไทย</p><script>alert(1)</script>', la: '<img src="x" onerror="alert(1)">', en: '<b>ok</b>' });
    expect(r.statusCode).toBe(200);
    const html = r.answer().html;
    expect(html.th).toBe('<p>ไทย</p>');
    expect(html.la).not.toMatch(/onerror|script/);
    expect(html.en).toBe('<b>ok</b>');
  });

  it('site texts, sources and banks apply at once for members, audited with before and after; a bank members hold stays', async () => {
    const { admin, finance } = await people();
    const call = contractCaller(t.app);
    const site = (await admin.config.value('site', 'main')) as SiteConfig;
    const renamed = await admin.config.change('site', 'main', { ...site, name: 'Lucky Lotus' });
    expect(renamed.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    expect((await call(endpoints.lookupInfo)).answer().name).toBe('Lucky Lotus');
    expect((await finance.config.change('site', 'main', site)).json()).toEqual({ message: 'FORBIDDEN' });

    const sources = (await admin.config.value('sources', 'TH')) as SourcesConfig;
    const twice = await admin.config.change('sources', 'TH', [...sources, sources[0]!]);
    expect(twice.json()).toEqual({ message: 'INVALID_INPUT' });
    const radio = await admin.config.change('sources', 'TH', [...sources, { code: 'RADIO', description: { th: 'วิทยุ', la: 'ວິທະຍຸ', en: 'Radio' } }]);
    expect(radio.json(), `radio ${radio.body}`).toMatchObject({ status: 'applied' });
    const lao = await call(endpoints.lookupSources, { headers: { 'accept-language': 'lo' } });
    expect(lao.answer().find((s) => s.code === 'RADIO')?.description).toBe('ວິທະຍຸ');

    const banks = (await admin.config.value('banks', 'TH')) as BanksConfig;
    const member = await seedMember(t.app);
    const held = (await t.app.ctx.db.selectFrom('member').select('bank_code').where('id', '=', member.id).executeTakeFirstOrThrow()).bank_code;
    const refused = await admin.config.change('banks', 'TH', banks.filter((b) => b.code !== held));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'BANK_IN_USE' });
    const added = await admin.config.change('banks', 'TH', [...banks, { code: 'NEWB', nameTH: 'ธนาคารใหม่', nameEN: 'New Bank', name: { th: 'ธนาคารใหม่', la: 'ທະນາຄານໃໝ່', en: 'New Bank' } }]);
    expect(added.json(), `added ${added.body}`).toMatchObject({ status: 'applied' });
    expect((await call(endpoints.lookupBanks)).answer().map((b) => b.code)).toContain('NEWB');

    const line = await t.app.ctx.db.selectFrom('operator_audit').select(['action', 'before', 'after']).where('target_type', '=', 'config.site').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(line).toMatchObject({ action: 'config.change', before: expect.objectContaining({ name: site.name }), after: expect.objectContaining({ name: 'Lucky Lotus' }) });
    await admin.config.change('site', 'main', site);
  });
});
