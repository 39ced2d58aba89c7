import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminEndpoints, endpoints, PLAY_STOPPED_EVENT } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { activateBonus, depositClient, endBonus, sandbox } from './helpers/deposits';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances, walletClient } from './helpers/wallet';

const HOUR = 3600_000;

describe.each(engines)('safer play on %s', (engine) => {
  let t: TestApp;
  let base: number;
  /** The app's clock, moved by the tests (the fake clock of the issue). */
  const move = (ms: number) => {
    base += ms;
  };
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  /** A member with a clock of their own that starts now and only moves when the test moves it. */
  async function member(funds = 0) {
    base = Date.now();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => new Date(base));
    const m = await seedMember(t.app);
    if (funds) await fundWallet(t.app, m.id, funds);
    const call = contractCaller(t.app, m.token);
    return { ...m, call, w: walletClient(t.app, m.token), d: depositClient(t.app, m.token) };
  }
  const setLimit = (m: Awaited<ReturnType<typeof member>>, kind: 'deposit' | 'loss' | 'session', period: 'day' | 'week' | 'month', value: number) =>
    m.call(endpoints.saferPlayLimitSet, { params: { kind, period }, body: { value } });

  it('applies a first limit and a decrease at once, and the lowest remaining of several wins', async () => {
    const m = await member();
    expect((await setLimit(m, 'deposit', 'week', 500)).statusCode).toBe(200);
    const status = (await setLimit(m, 'deposit', 'day', 300)).answer();
    expect(status.limits.map((l) => [l.period, l.value, l.remaining, l.pending])).toEqual([['day', 300, 300, null], ['week', 500, 500, null]]);
    expect(status.remaining.deposit).toBe(300);
    const lower = (await setLimit(m, 'deposit', 'week', 200)).answer();
    expect(lower.limits.find((l) => l.period === 'week')).toMatchObject({ value: 200, pending: null });
    expect(lower.remaining.deposit).toBe(200);
  });

  it('refuses a QR deposit past the limit before the provider is called, with what remains', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 150);
    const opened = vi.spyOn(t.app.ctx.adapters, 'gatewayChannel');
    const refused = (await m.d.qrCreate('WW', 200)).json();
    expect(refused).toEqual({ hasQrcode: false, message: 'DEPOSIT_LIMIT_REACHED', remaining: 150 });
    expect(opened).not.toHaveBeenCalled();
    const made = (await m.d.qrCreate('WW', 100)).json();
    expect(made).toMatchObject({ hasQrcode: true, amount: 100 });
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('holds a slip past the limit for an operator instead of crediting it', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 50);
    const slip = await sandbox(t.app).slip(80);
    const res = await m.d.uploadSlip(slip.png);
    expect(res.json()).toMatchObject({ status: 'PENDING', note: 'DEPOSIT_LIMIT_REACHED' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('holds a QR code paid past the limit for an operator: two codes made within it, the second paid is not credited', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 150);
    const first = (await m.d.qrCreate('WW', 100)).json();
    const second = (await m.d.qrCreate('KBANK', 100)).json();
    expect([first.hasQrcode, second.hasQrcode]).toEqual([true, true]);
    expect((await sandbox(t.app).pay(first.qrcodeId)).statusCode).toBe(200);
    // Paid twice (a gateway's retry, and a copy at the same moment): held once, never credited.
    const paid = await Promise.all([sandbox(t.app).pay(second.qrcodeId), sandbox(t.app).pay(second.qrcodeId)]);
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    expect((await m.d.qrGet('KBANK')).json()).toEqual({ hasQrcode: false, held: { qrcodeId: second.qrcodeId, amount: 100, reason: 'DEPOSIT_LIMIT_REACHED' } });

    // In the operators' unmatched-deposits queue, as the member's QR payment; credited once the day allows it.
    const finance = contractCaller(t.app, (await operatorWith(t.app, 'finance')).token);
    const queue = (await finance(adminEndpoints.adminArrivals, { query: { status: 'unmatched', q: m.username } })).answer();
    expect(queue.items).toHaveLength(1);
    const arrival = queue.items[0];
    expect(arrival).toMatchObject({ channel: 'qr', bankCode: 'KBANK', amount: 100, reason: 'DEPOSIT_LIMIT_REACHED', senderAccount: m.username });
    const early = await finance(adminEndpoints.adminAssignArrival, { params: { id: arrival.id }, body: { memberId: m.id } });
    expect(early.json()).toEqual({ message: 'DEPOSIT_LIMIT_REACHED', remaining: 50 });
    const returned = await finance(adminEndpoints.adminDismissArrival, { params: { id: arrival.id }, body: { note: 'returned to the payer: past their deposit limit' } });
    expect(returned.answer()).toMatchObject({ status: 'dismissed' });
    expect((await balances(t.app, m.id)).wallet).toBe(100);

    // Held for a bonus in progress instead: credited by the operator once it ended, with the code's own reference.
    const other = await member();
    const code = (await other.d.qrCreate('WW', 100)).json();
    await activateBonus(t.app, other.id);
    expect((await sandbox(t.app).pay(code.qrcodeId)).statusCode).toBe(200);
    expect((await other.d.qrGet('WW')).json()).toMatchObject({ held: { reason: 'BONUS_REMAINING' } });
    await endBonus(t.app, other.id);
    const held = (await finance(adminEndpoints.adminArrivals, { query: { status: 'unmatched', q: other.username } })).answer().items[0];
    const assigned = await finance(adminEndpoints.adminAssignArrival, { params: { id: held.id }, body: { memberId: other.id } });
    expect(assigned.answer()).toMatchObject({ status: 'credited', memberId: other.id });
    expect((await balances(t.app, other.id)).wallet).toBe(100);
    const entries = await t.app.ctx.db.selectFrom('ledger_entry').select('reference').where('member_id', '=', other.id).where('kind', '=', 'deposit').execute();
    expect(entries).toEqual([{ reference: expect.stringMatching(/^WW:SBXPAY/) }]);
  });

  it('makes a raise wait out the cooling-off, then need a confirmation within 7 days, else it lapses', async () => {
    const m = await member();
    await setLimit(m, 'deposit', 'day', 100);
    const asked = (await setLimit(m, 'deposit', 'day', 1000)).answer();
    const limit = asked.limits[0];
    expect(limit).toMatchObject({ value: 100, pending: { value: 1000, confirmable: false } });
    expect(new Date(limit.pending!.confirmableAt).getTime() - base).toBe(24 * HOUR);
    const early = await m.call(endpoints.saferPlayLimitConfirm, { params: { kind: 'deposit', period: 'day' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'LIMIT_CHANGE_WAITING', until: limit.pending!.confirmableAt });

    move(25 * HOUR);
    const confirmed = (await m.call(endpoints.saferPlayLimitConfirm, { params: { kind: 'deposit', period: 'day' } })).answer();
    expect(confirmed.limits[0]).toMatchObject({ value: 1000, pending: null });

    // A removal that is never confirmed lapses after the window: the limit stays.
    await m.call(endpoints.saferPlayLimitRemove, { params: { kind: 'deposit', period: 'day' } });
    move(24 * HOUR + 7 * 24 * HOUR + 1);
    const lapsed = await m.call(endpoints.saferPlayLimitConfirm, { params: { kind: 'deposit', period: 'day' } });
    expect(lapsed.json()).toMatchObject({ message: 'NO_LIMIT_CHANGE' });
    expect((await m.call(endpoints.saferPlay)).answer().limits[0]).toMatchObject({ value: 1000, pending: null });
  });

  it('refuses a transfer into a game past the loss limit, and lets money come back', async () => {
    const m = await member(500);
    expect((await m.w.activate('PG')).statusCode).toBe(200);
    await setLimit(m, 'loss', 'day', 100);
    expect((await m.w.transfer('wallet', 'PG', 80)).statusCode).toBe(200);
    const refused = await m.w.transfer('wallet', 'PG', 30);
    expect(refused.json()).toMatchObject({ message: 'LOSS_LIMIT_REACHED' });
    expect((await m.w.transfer('PG', 'wallet', 80)).statusCode).toBe(200);
    expect((await m.w.transfer('wallet', 'PG', 90)).statusCode).toBe(200);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 410, PG: 90 });
  });

  it('lets only one of two transfers at once pass a loss limit that holds one of them', async () => {
    const m = await member(500);
    expect((await m.w.activate('PG')).statusCode).toBe(200);
    await setLimit(m, 'loss', 'day', 100);
    const both = await Promise.all([m.w.transfer('wallet', 'PG', 60), m.w.transfer('wallet', 'PG', 60)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.map((r) => r.json().message)).toContain('LOSS_LIMIT_REACHED');
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 440, PG: 60 });
  });

  it('lets an operator set or lower a limit, never raise it, and audits it', async () => {
    const m = await member();
    const support = await operatorWith(t.app, 'support');
    const op = contractCaller(t.app, support.token);
    const set = (value: number) => op(adminEndpoints.adminMemberSaferPlayLimit, { params: { id: m.id, kind: 'deposit', period: 'month' }, body: { value, note: 'asked by phone' } });
    expect((await set(1000)).answer().limits[0]).toMatchObject({ value: 1000, setBy: 'operator' });
    expect((await set(800)).answer().limits[0]).toMatchObject({ value: 800 });
    const raise = await set(5000);
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toMatchObject({ message: 'LIMIT_RAISE_REFUSED' });
    const lines = await t.app.ctx.db.selectFrom('operator_audit').select('action').where('target_id', '=', String(m.id)).where('action', '=', 'saferplay.limit').execute();
    expect(lines).toHaveLength(2);
    const finance = await operatorWith(t.app, 'finance');
    expect((await contractCaller(t.app, finance.token)(adminEndpoints.adminMemberSaferPlayLimit, { params: { id: m.id, kind: 'deposit', period: 'month' }, body: { value: 10, note: 'x' } })).json()).toMatchObject({ message: 'FORBIDDEN' });
    expect((await contractCaller(t.app, finance.token)(adminEndpoints.adminMemberSaferPlay, { params: { id: m.id } })).statusCode).toBe(200);
  });

  it('ends every session on a break, gives nothing during it, and still lets the member withdraw', async () => {
    const m = await member(300);
    expect((await m.w.activate('PG')).statusCode).toBe(200);
    await m.w.transfer('wallet', 'PG', 100);
    await t.app.ctx.db.updateTable('member').set({ coin: 3 }).where('id', '=', m.id).execute();
    const other = await t.app.ctx.sessions.create(m.id, { persistent: true });
    const taken = await m.call(endpoints.saferPlayBreak, { body: { length: '24h', confirm: true } });
    expect(taken.answer()).toMatchObject({ pause: { kind: 'break', length: '24h' }, restriction: { reason: 'ON_BREAK' } });
    expect(new Date(taken.answer().pause!.endsAt!).getTime() - base).toBe(24 * HOUR);
    expect((await m.w.home()).json()).toEqual({ message: 'invalid-token' });
    expect((await contractCaller(t.app, other)(endpoints.wallet)).json()).toEqual({ message: 'invalid-token' });

    // Login during it: a withdraw-only session that says until when.
    const token = await t.app.ctx.sessions.create(m.id, { persistent: false });
    const again = contractCaller(t.app, token);
    const spin = await again(endpoints.spin);
    expect(spin.statusCode).toBe(403);
    expect(spin.json()).toMatchObject({ message: 'ON_BREAK', until: taken.answer().pause!.endsAt });
    const gift = t.app.spinWheel.spin(m.id, 'en');
    await expect(gift).rejects.toMatchObject({ code: 'ON_BREAK' });
    expect((await again(endpoints.walletTransfer, { body: { from: 'wallet', to: 'PG', amount: 10 } })).json()).toMatchObject({ message: 'ON_BREAK' });
    expect((await again(endpoints.walletTransfer, { body: { from: 'PG', to: 'wallet', amount: 100 } })).statusCode).toBe(200);
    const withdrawn = await again(endpoints.walletWithdraw, { body: { amount: 250 } });
    expect(withdrawn.statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(50);

    // It cannot be shortened: a shorter one is refused, a longer one extends it.
    expect((await again(endpoints.saferPlayBreak, { body: { length: '24h', confirm: true } })).json()).toMatchObject({ message: 'CANNOT_SHORTEN' });
    move(25 * HOUR);
    expect((await again(endpoints.saferPlay)).answer().restriction).toBeNull();
  });

  it('excludes after two confirmations, and an excluded member can still withdraw', async () => {
    const m = await member(200);
    const wrong = await m.call(endpoints.saferPlayExclusion, { body: { length: '6m', confirmToken: 'not-a-token' } });
    expect(wrong.json()).toMatchObject({ message: 'EXCLUSION_CONFIRM_INVALID' });
    const ask = (await m.call(endpoints.saferPlayExclusionAsk, { body: { length: 'forever' } })).answer();
    expect(ask.endsAt).toBeNull();
    expect((await m.call(endpoints.saferPlayExclusion, { body: { length: '6m', confirmToken: ask.confirmToken } })).json()).toMatchObject({ message: 'EXCLUSION_CONFIRM_INVALID' });
    const done = (await m.call(endpoints.saferPlayExclusion, { body: { length: 'forever', confirmToken: ask.confirmToken } })).answer();
    expect(done.restriction).toEqual({ reason: 'SELF_EXCLUDED', until: null });
    const login = await t.app.ctx.sessions.create(m.id, { persistent: false });
    const again = contractCaller(t.app, login);
    expect((await again(endpoints.qrcodeCreate, { params: { bankCode: 'WW' }, body: { amount: 100 } })).json()).toMatchObject({ message: 'SELF_EXCLUDED', until: null });
    expect((await again(endpoints.walletWithdraw, { body: { amount: 200 } })).statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('answers contract codes to bad input', async () => {
    const m = await member();
    const bad = [
      await m.call(endpoints.saferPlayLimitSet, { params: { kind: 'deposit', period: 'day' }, body: { value: 1e12 } }),
      await m.call(endpoints.saferPlayLimitSet, { params: { kind: 'deposit', period: 'day' }, body: { value: -5 } }),
      await m.call(endpoints.saferPlayLimitSet, { params: { kind: 'session', period: 'day' }, body: { value: 2000 } }),
      await m.call(endpoints.saferPlayLimitSet, { params: { kind: 'nonsense' as 'deposit', period: 'day' }, body: { value: 5 } }),
      await m.call(endpoints.saferPlayExclusion, { body: { length: '6m', confirmToken: 'a\u0000b' } }),
      await m.call(endpoints.saferPlayBreak, { body: { length: '1y' as '24h', confirm: true } }),
    ];
    for (const res of bad) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('INVALID_INPUT');
    }
    const someoneElse = await seedMember(t.app);
    const ask = (await contractCaller(t.app, someoneElse.token)(endpoints.saferPlayExclusionAsk, { body: { length: '6m' } })).answer();
    expect((await m.call(endpoints.saferPlayExclusion, { body: { length: '6m', confirmToken: ask.confirmToken } })).json()).toMatchObject({ message: 'EXCLUSION_CONFIRM_INVALID' });
    expect((await m.call(endpoints.saferPlayLimitConfirm, { params: { kind: 'loss', period: 'week' } })).json()).toMatchObject({ message: 'NO_LIMIT_CHANGE' });
  });

  it('signs the member out at the session limit, and a new login is withdraw-only until the day ends', async () => {
    const m = await member(200);
    await setLimit(m, 'session', 'day', 10);
    const told = vi.spyOn(t.app.ctx.realtime, 'toMember');
    let answer = await m.w.home();
    for (let i = 0; i < 5 && answer.statusCode === 200; i += 1) {
      move(4 * 60_000);
      answer = await m.w.home();
    }
    // The request that reached the limit is answered; the sessions end with it, and each open page hears why first.
    expect((await m.w.home()).json()).toEqual({ message: 'invalid-token' });
    expect(told).toHaveBeenCalledWith(m.id, PLAY_STOPPED_EVENT, { reason: 'SESSION_LIMIT_REACHED', until: expect.any(String) });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: m.username, password: 'x' }, headers: { 'x-client': 'member-wallet' } });
    expect(login.statusCode).not.toBe(500);
    const token = await t.app.ctx.sessions.create(m.id, { persistent: false });
    const again = contractCaller(t.app, token);
    const status = (await again(endpoints.saferPlay)).answer();
    expect(status.restriction).toMatchObject({ reason: 'SESSION_LIMIT_REACHED' });
    expect(status.limits[0]).toMatchObject({ kind: 'session', remaining: 0 });
    expect((await again(endpoints.spinSetup)).json()).toMatchObject({ message: 'SESSION_LIMIT_REACHED', until: status.restriction!.until });
    expect((await again(endpoints.walletWithdraw, { body: { amount: 200 } })).json()).toMatchObject({ wallet: { amount: 0 } });
  });

  it('reports the reality check and moves the next reminder on acknowledgement', async () => {
    const m = await member(100);
    const first = (await m.call(endpoints.saferPlayRealityCheck)).answer();
    expect(first).toMatchObject({ intervalMinutes: 60, due: false, netDeposits30d: 100, netResult: 0 });
    move(61 * 60_000);
    expect((await m.call(endpoints.saferPlayRealityCheck)).answer().due).toBe(true);
    const acked = (await m.call(endpoints.saferPlayRealityCheckAck)).answer();
    expect(acked.due).toBe(false);
    expect(new Date(acked.nextReminderAt).getTime()).toBe(base + 60 * 60_000);
  });

  it('moves the sandbox clock forward only', async () => {
    vi.restoreAllMocks();
    const before = Date.now();
    const moved = await t.app.inject({ method: 'POST', url: '/api/sandbox/clock/advance', payload: { minutes: 60 } });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json().now).getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/sandbox/clock/advance', payload: { minutes: -5 } })).json()).toMatchObject({ message: 'INVALID_INPUT' });
  });
});
