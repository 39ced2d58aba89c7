import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_HEADER, MEMBER_NOTE_MAX, MEMBER_TAGS_PER_MEMBER } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { nextIp, registration, seedMemberWithPassword } from './helpers/accounts';
import { engines } from './helpers/db';
import { member360Client, newDevice, signInFrom } from './helpers/member360';
import { fundWallet } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { walletClient } from './helpers/wallet';

const PASSWORD = 'secret123';
const NUL = '\u0000';

describe.each(engines)('member 360 on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof operatorWith>>;
  let checker: Awaited<ReturnType<typeof operatorWith>>;
  let support: Awaited<ReturnType<typeof operatorWith>>;

  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    await t.app.ctx.settings.set('registerOTP', false);
    finance = await operatorWith(t.app, 'finance');
    checker = await operatorWith(t.app, 'admin');
    support = await operatorWith(t.app, 'support');
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const devicesOf = (memberId: number) => t.app.ctx.db.selectFrom('member_device').selectAll().where('member_id', '=', memberId).orderBy('first_seen_at').execute();

  it('records a well-formed device id at login, registration and money calls, ignores a malformed one, and never for reads', async () => {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    const ip = nextIp();
    for (const bad of ['not-a-uuid', `${newDevice()}x`, "'; drop table member; --", 'x'.repeat(5000)]) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: m.username, password: PASSWORD },
        headers: { [DEVICE_ID_HEADER]: bad },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await devicesOf(m.id)).toEqual([]);
    expect((await t.app.ctx.db.selectFrom('session').select('device_id').where('member_id', '=', m.id).where('ip', '=', ip).execute()).map((s) => s.device_id))
      .toEqual([null, null, null, null]);

    const phone = newDevice();
    const token = await signInFrom(t.app, { username: m.username, password: PASSWORD }, { ip, device: phone.toUpperCase() });
    const session = await t.app.ctx.db.selectFrom('session').select(['device_id', 'ip']).where('member_id', '=', m.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session).toEqual({ device_id: phone, ip });
    expect(await devicesOf(m.id)).toEqual([expect.objectContaining({ device_id: phone, last_ip: ip })]);

    // A read from a second device records nothing; a money call from it does.
    const tablet = newDevice();
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet', headers: clientHeaders(token, { [DEVICE_ID_HEADER]: tablet }) })).statusCode).toBe(200);
    expect(await devicesOf(m.id)).toHaveLength(1);
    await fundWallet(t.app, m.id, 300);
    const withdrawn = await walletClient(t.app, token).withdraw(100);
    expect(withdrawn.statusCode).toBe(200);
    const money = await t.app.inject({
      method: 'POST', url: '/api/wallet/withdraw', payload: { amount: 100 }, remoteAddress: '10.250.0.9',
      headers: clientHeaders(token, { [DEVICE_ID_HEADER]: tablet, 'idempotency-key': `k-${newDevice()}` }),
    });
    expect(money.statusCode, money.body).toBe(200);
    expect((await devicesOf(m.id)).map((d) => [d.device_id, d.last_ip])).toEqual([[phone, ip], [tablet, '10.250.0.9']]);

    // Registration records the device it came from.
    const body = registration();
    const registered = await t.app.inject({ method: 'POST', url: '/api/account', payload: body, remoteAddress: ip, headers: { [DEVICE_ID_HEADER]: phone } });
    expect(registered.statusCode, registered.body).toBe(200);
    const newcomer = await t.app.ctx.db.selectFrom('member').select('id').where('username', '=', body.username).executeTakeFirstOrThrow();
    expect((await devicesOf(newcomer.id)).map((d) => d.device_id)).toEqual([phone]);

    // The 360 lists the logins with address and device, newest first.
    const overview = (await member360Client(t.app, finance.token).overview(m.id)).answer();
    expect(overview.logins[0]).toMatchObject({ ip, deviceId: phone });
    expect(overview.devices.map((d) => d.deviceId).sort()).toEqual([phone, tablet].sort());
    expect(overview.links).toEqual([expect.objectContaining({ memberId: newcomer.id, reasons: [{ kind: 'device', value: phone.slice(0, 8) }] })]);
  });

  it("answers lifetime figures per currency that equal the ledger's own sums and balances", async () => {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    const w = walletClient(t.app, m.token);
    await fundWallet(t.app, m.id, 1000);
    await fundWallet(t.app, m.id, 250.5);
    // A manual credit and debit, each proposed and approved by two operators.
    for (const [direction, amount] of [['credit', 40], ['debit', 15.25]] as const) {
      const proposed = await finance.propose({ memberId: m.id, direction, amount, reason: 'correction' });
      expect((await checker.approveAdjustment(proposed.json().id)).statusCode).toBe(200);
    }
    // Into a game, a loss of 120 and a win of 30 there, and back.
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 500)).statusCode).toBe(200);
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    await t.app.demoProvider!.bet('PG', username, 12_000n, 3_000n);
    expect((await w.transfer('PG', 'wallet', 410)).statusCode).toBe(200);
    // A withdrawal paid (under the automatic payout limit).
    expect((await w.withdraw(100)).statusCode).toBe(200);

    const overview = (await member360Client(t.app, finance.token).overview(m.id)).answer();
    const [figures] = overview.figures;
    expect(overview.figures).toHaveLength(1);
    expect(figures).toEqual({
      currency: 'BAHT', deposits: 1250.5, withdrawals: 100, netDeposits: 1150.5, toGames: 500, turnover: 0, bonuses: 0, adjustments: 24.75, ggr: 90,
    });

    // The ledger's own sums, read apart: every posting of the member's entries by kind, and the balances.
    const sums = await sql<{ kind: string; account: string; amount: string }>`
      select e.kind, a.kind as account, sum(p.amount)::text as amount from ledger_entry e join ledger_posting p on p.entry_id = e.id
        join ledger_account a on a.id = p.account_id where e.member_id = ${m.id} group by e.kind, a.kind`.execute(t.app.ctx.db);
    const sum = (kind: string, account: string) => Number(sums.rows.find((r) => r.kind === kind && r.account === account)?.amount ?? 0) / 100;
    expect(figures.deposits).toBe(sum('deposit', 'wallet'));
    const paid = await t.app.ctx.db.selectFrom('withdrawal').select(sql<string>`sum(amount)::text`.as('total')).where('member_id', '=', m.id).where('status', '=', 'paid').executeTakeFirstOrThrow();
    expect(figures.withdrawals).toBe(Number(paid.total) / 100);
    expect(figures.withdrawals).toBe(sum('withdraw_hold', 'house') + sum('withdraw_return', 'wallet') * -1);
    expect(figures.ggr).toBe(-sum('game_result', 'game'));
    expect(figures.adjustments).toBe(sum('adjustment_credit', 'wallet') + sum('adjustment_debit', 'wallet'));
    const held = await t.app.ctx.db.selectFrom('ledger_account').select(sql<string>`sum(balance)::text`.as('total')).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    // What the member holds = paid in + given - lost - paid out (nothing in flight).
    expect(Number(held.total) / 100).toBeCloseTo(figures.netDeposits + figures.bonuses + figures.adjustments - figures.ggr, 2);
  });

  it('lets support, finance and admin tag and note a member, audited; bad input gets contract codes', async () => {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    const desk = member360Client(t.app, support.token);
    expect((await desk.addTag(m.id, 'VIP')).answer().tags.map((x) => x.tag)).toEqual(['VIP']);
    expect((await desk.addTag(m.id, 'ตรวจสอบ บัญชี')).answer().tags.map((x) => x.tag)).toEqual(['VIP', 'ตรวจสอบ บัญชี']);
    // The same tag again changes nothing.
    expect((await desk.addTag(m.id, 'VIP')).answer().tags).toHaveLength(2);
    expect((await desk.removeTag(m.id, 'VIP')).answer().tags.map((x) => x.tag)).toEqual(['ตรวจสอบ บัญชี']);
    expect((await desk.removeTag(m.id, 'VIP')).json()).toEqual({ message: 'NOT_FOUND' });
    const html = '<img src=x onerror=alert(1)> called about a deposit\nline two';
    const note = await desk.addNote(m.id, html);
    expect(note.statusCode, note.body).toBe(200);
    expect(note.answer()).toMatchObject({ text: html, by: support.username });

    const overview = (await desk.overview(m.id)).answer();
    expect(overview.notes.map((n) => n.text)).toEqual([html]);
    expect(overview.tags.map((x) => x.tag)).toEqual(['ตรวจสอบ บัญชี']);
    const audit = await t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username', 'after']).where('target_type', '=', 'member')
      .where('target_id', '=', String(m.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['member.tag_add', 'member.tag_add', 'member.tag_remove', 'member.note']);
    expect(audit.every((a) => a.operator_username === support.username)).toBe(true);
    expect(audit[3].after).toMatchObject({ text: html });

    const bad: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      ['a tag with a NUL byte', () => desk.addTag(m.id, `VIP${NUL}`)],
      ['a tag over 30 characters', () => desk.addTag(m.id, 'x'.repeat(31))],
      ['an empty tag', () => desk.addTag(m.id, '   ')],
      ['a tag of markup', () => desk.addTag(m.id, '<b>vip</b>')],
      ['a note with a NUL byte', () => desk.addNote(m.id, `hello${NUL}`)],
      ['a note with a control character', () => desk.addNote(m.id, 'bell\u0007')],
      ['a huge note', () => desk.addNote(m.id, 'x'.repeat(MEMBER_NOTE_MAX + 1))],
      ['an empty note', () => desk.addNote(m.id, ' \n ')],
      ['a huge tag', () => desk.addTag(m.id, 'y'.repeat(200_000))],
    ];
    for (const [name, call] of bad) {
      const res = await call();
      expect([name, res.statusCode, res.json()]).toEqual([name, 400, { message: 'INVALID_INPUT' }]);
    }
    expect((await desk.addNote(999_999_999, 'nobody')).json()).toEqual({ message: 'NOT_FOUND' });
    for (let i = (await desk.overview(m.id)).answer().tags.length; i < MEMBER_TAGS_PER_MEMBER; i++) {
      expect((await desk.addTag(m.id, `tag ${i}`)).statusCode).toBe(200);
    }
    const over = await desk.addTag(m.id, 'one more');
    expect([over.statusCode, over.json()]).toEqual([409, { message: 'MEMBER_TAG_LIMIT' }]);
    // Notes cannot be edited or removed, even by hand.
    await expect(sql`delete from member_note where member_id = ${m.id}`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
  });

  it('refuses the 360 to a member token and the tags to an operator without the permission; unknown member NOT_FOUND', async () => {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    const asMember = await t.app.inject({ method: 'GET', url: `/api/admin/members/${m.id}/overview`, headers: clientHeaders(m.token) });
    expect(asMember.statusCode).toBe(401);
    expect((await member360Client(t.app, finance.token).overview(999_999_999)).json()).toEqual({ message: 'NOT_FOUND' });
    // Every role may read the 360 and write notes today (members.read, members.notes); the permission table decides.
    const { PERMISSIONS } = await import('../../src/contract');
    expect(PERMISSIONS['members.notes']).toEqual(['support', 'finance', 'admin']);
    const original = [...PERMISSIONS['members.notes']];
    (PERMISSIONS as Record<string, readonly string[]>)['members.notes'] = ['admin'];
    try {
      const refused = await member360Client(t.app, finance.token).addNote(m.id, 'hello');
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    } finally {
      (PERMISSIONS as Record<string, readonly string[]>)['members.notes'] = original;
    }
  });
});
