import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_DAYS, type RiskSignal } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { nextIp, registerAndLogin, seedMemberWithPassword } from './helpers/accounts';
import { engines } from './helpers/db';
import { activateBonus, endBonus } from './helpers/deposits';
import { member360Client, newDevice, signInFrom } from './helpers/member360';
import { fundWallet } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { walletClient } from './helpers/wallet';

const PASSWORD = 'secret123';
const codes = (signals: RiskSignal[]) => signals.map((s) => s.code);

describe.each(engines)('risk signals on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof operatorWith>>;
  let checker: Awaited<ReturnType<typeof operatorWith>>;
  let view: ReturnType<typeof member360Client>;

  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    await t.app.ctx.settings.set('registerOTP', false);
    finance = await operatorWith(t.app, 'finance');
    checker = await operatorWith(t.app, 'admin');
    view = member360Client(t.app, finance.token);
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  /** A member registered long ago (NEW_ACCOUNT does not fire), with a password to log in with. */
  async function oldMember() {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    await sql`update member set created_at = now() - interval '60 days' where id = ${m.id}`.execute(t.app.ctx.db);
    return m;
  }
  const signalsOf = async (memberId: number) => {
    const res = await view.overview(memberId);
    expect(res.statusCode, res.body).toBe(200);
    return res.answer().signals;
  };
  /** A manual credit, proposed by one operator and approved by another (kind adjustment_credit). */
  async function credit(memberId: number, amount: number) {
    const proposed = await finance.propose({ memberId, direction: 'credit', amount, reason: 'goodwill' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await checker.approveAdjustment(proposed.json().id)).statusCode).toBe(200);
  }
  async function queuedWithdrawal(token: string, memberId: number, amount: number) {
    const res = await walletClient(t.app, token).withdraw(amount);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.app.ctx.db.selectFrom('withdrawal').select('id').where('member_id', '=', memberId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    return row.id;
  }

  it('fires LINKED_MEMBERS and SELF_REFERRAL for a farm of accounts on one device and invite chain, and names why', async () => {
    const farmIp = nextIp();
    const phone = newDevice();
    const inviter = await oldMember();
    await signInFrom(t.app, { username: inviter.username, password: PASSWORD }, { ip: farmIp, device: phone });
    // Two invitees registered with the inviter's code, signed in from the same phone.
    const invitees: Awaited<ReturnType<typeof registerAndLogin>>[] = [];
    for (let i = 0; i < 2; i++) {
      const friend = await registerAndLogin(t.app, { inviteCode: `PR${inviter.id}` });
      await signInFrom(t.app, { username: friend.username, password: friend.password }, { ip: farmIp, device: phone });
      invitees.push(friend);
    }
    // A third account elsewhere on the same device, from another address.
    const third = await oldMember();
    await signInFrom(t.app, { username: third.username, password: PASSWORD }, { ip: nextIp(), device: phone });

    const overview = (await view.overview(inviter.id)).answer();
    const linked = overview.signals.find((s) => s.code === 'LINKED_MEMBERS');
    expect(linked).toEqual({ code: 'LINKED_MEMBERS', count: 3, by: ['device', 'address'] });
    expect(overview.signals.find((s) => s.code === 'SELF_REFERRAL')).toMatchObject({ code: 'SELF_REFERRAL', by: ['device', 'address'] });
    expect(invitees.map((f) => f.id)).toContain(overview.signals.find((s) => s.code === 'SELF_REFERRAL')!.memberId);
    const friendLink = overview.links.find((l) => l.memberId === invitees[0].id)!;
    expect(friendLink.reasons).toEqual([
      { kind: 'invitee', value: null },
      { kind: 'device', value: phone.slice(0, 8) },
      { kind: 'address', value: farmIp },
    ]);
    expect(overview.links.find((l) => l.memberId === third.id)!.reasons).toEqual([{ kind: 'device', value: phone.slice(0, 8) }]);

    const friendSignals = await signalsOf(invitees[0].id);
    expect(friendSignals).toEqual(expect.arrayContaining([
      { code: 'NEW_ACCOUNT', days: 0 },
      { code: 'SELF_REFERRAL', memberId: inviter.id, by: ['device', 'address'] },
    ]));
    expect(friendSignals.find((s) => s.code === 'LINKED_MEMBERS')).toEqual({ code: 'LINKED_MEMBERS', count: 3, by: ['device', 'address'] });
  });

  it('fires nothing for two strangers behind one address (carrier NAT), though the 360 shows the shared address', async () => {
    const nat = nextIp();
    const a = await oldMember();
    const b = await oldMember();
    await signInFrom(t.app, { username: a.username, password: PASSWORD }, { ip: nat, device: newDevice() });
    await signInFrom(t.app, { username: b.username, password: PASSWORD }, { ip: nat, device: newDevice() });
    expect(await signalsOf(a.id)).toEqual([]);
    expect(await signalsOf(b.id)).toEqual([]);
    expect((await view.overview(a.id)).answer().links).toEqual([
      expect.objectContaining({ memberId: b.id, reasons: [{ kind: 'address', value: nat }] }),
    ]);
    // An invitee behind the same address as the inviter is not a self-referral either.
    const friend = await registerAndLogin(t.app, { inviteCode: `PR${a.id}` });
    await signInFrom(t.app, { username: friend.username, password: friend.password }, { ip: nat, device: newDevice() });
    expect(codes(await signalsOf(a.id))).toEqual([]);
    expect(codes(await signalsOf(friend.id))).toEqual(['NEW_ACCOUNT']);
  });

  it("links by bank account when a transfer from one member's registered account is credited to another", async () => {
    const owner = await oldMember();
    const other = await oldMember();
    const account = await t.app.ctx.db.selectFrom('member').select(['bank_code', 'bank_account_no']).where('id', '=', owner.id).executeTakeFirstOrThrow();
    // The owner holds a bonus, so the transfer from the owner's account waits; an operator assigns it to the other member.
    await activateBonus(t.app, owner.id);
    const sent = await t.app.inject({ method: 'POST', url: '/api/sandbox/bank/arrivals', payload: { amount: 300, senderBank: account.bank_code, senderAccount: account.bank_account_no } });
    expect(sent.json()).toMatchObject({ status: 'unmatched' });
    await endBonus(t.app, owner.id);
    const assigned = await finance.post(`/api/admin/arrivals/${sent.json().arrivalId}/assign`, { memberId: other.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const last4 = `••••${account.bank_account_no.slice(-4)}`;
    for (const [me, them] of [[owner, other], [other, owner]]) {
      const overview = (await view.overview(me.id)).answer();
      expect(overview.signals).toContainEqual({ code: 'LINKED_MEMBERS', count: 1, by: ['bank'] });
      expect(overview.links).toEqual([expect.objectContaining({ memberId: them.id, reasons: [{ kind: 'bank', value: last4 }] })]);
    }
  });

  it(`fires NEW_ACCOUNT within ${NEW_ACCOUNT_DAYS} days of registration and not after`, async () => {
    const m = await seedMemberWithPassword(t.app, PASSWORD);
    expect(await signalsOf(m.id)).toEqual([{ code: 'NEW_ACCOUNT', days: 0 }]);
    await sql`update member set created_at = now() - interval '6 days 23 hours' where id = ${m.id}`.execute(t.app.ctx.db);
    expect(await signalsOf(m.id)).toEqual([{ code: 'NEW_ACCOUNT', days: 6 }]);
    await sql`update member set created_at = now() - interval '7 days 1 minute' where id = ${m.id}`.execute(t.app.ctx.db);
    expect(await signalsOf(m.id)).toEqual([]);
  });

  it('fires BONUS_SINCE_DEPOSIT for a manual credit after the last deposit, on the withdrawal that follows it and not on one after a new deposit', async () => {
    const m = await oldMember();
    await fundWallet(t.app, m.id, 7000);
    expect(codes(await signalsOf(m.id))).toEqual([]);
    await credit(m.id, 500);
    expect(await signalsOf(m.id)).toEqual([{ code: 'BONUS_SINCE_DEPOSIT', count: 1, gifts: ['adjustment'] }]);
    // Play, so that NO_PLAY stays out of this test.
    const w = walletClient(t.app, m.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 100)).statusCode).toBe(200);
    expect((await w.transfer('PG', 'wallet', 100)).statusCode).toBe(200);
    const first = await queuedWithdrawal(m.token, m.id, 6000);

    await fundWallet(t.app, m.id, 7000);
    expect(await signalsOf(m.id)).toEqual([]);
    expect((await w.transfer('wallet', 'PG', 100)).statusCode).toBe(200);
    const second = await queuedWithdrawal(m.token, m.id, 6500);

    expect((await view.review(first)).answer().signals).toEqual([{ code: 'BONUS_SINCE_DEPOSIT', count: 1, gifts: ['adjustment'] }]);
    expect((await view.review(second)).answer().signals).toEqual([]);
    const queue = (await finance.withdrawals('queued')).answer().items;
    expect(queue.find((i) => i.id === first)!.signals).toEqual(['BONUS_SINCE_DEPOSIT']);
    expect(queue.find((i) => i.id === second)!.signals).toEqual([]);
  });

  it('fires NO_PLAY for a deposit withdrawn without a game between, and not when the money went into a game', async () => {
    const idle = await oldMember();
    await fundWallet(t.app, idle.id, 8000);
    const idleWithdrawal = await queuedWithdrawal(idle.token, idle.id, 7000);
    expect((await view.review(idleWithdrawal)).answer().signals).toEqual([{ code: 'NO_PLAY' }]);
    expect(await signalsOf(idle.id)).toEqual([{ code: 'NO_PLAY' }]);

    const player = await oldMember();
    await fundWallet(t.app, player.id, 8000);
    const w = walletClient(t.app, player.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 500)).statusCode).toBe(200);
    expect((await w.transfer('PG', 'wallet', 500)).statusCode).toBe(200);
    const played = await queuedWithdrawal(player.token, player.id, 7000);
    expect((await view.review(played)).answer().signals).toEqual([]);
    expect(await signalsOf(player.id)).toEqual([]);

    // The queue answers every row's codes from one batch (the page), and the signals never block the decision.
    const queue = (await finance.withdrawals('queued')).answer().items;
    expect(queue.find((i) => i.id === idleWithdrawal)!.signals).toEqual(['NO_PLAY']);
    expect(queue.find((i) => i.id === played)!.signals).toEqual([]);
    const approved = await finance.approveWithdrawal(idleWithdrawal);
    expect(approved.json()).toMatchObject({ status: 'paid' });
  });

  it('answers a review of an unknown withdrawal NOT_FOUND and refuses a role without money.read', async () => {
    expect((await view.review('0193e1f0-0000-7000-8000-000000000000')).json()).toEqual({ message: 'NOT_FOUND' });
    const support = await operatorWith(t.app, 'support');
    const m = await oldMember();
    await fundWallet(t.app, m.id, 8000);
    const id = await queuedWithdrawal(m.token, m.id, 7000);
    const refused = await member360Client(t.app, support.token).review(id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'FORBIDDEN' });
  });
});
