import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { contractCaller } from './helpers/contract-call';
import { Refunds } from '../../src/server/modules/promotions/refunds';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { registerAndLogin } from './helpers/accounts';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

describe.each(engines)('invite bonus and refunds on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    await t.app.ctx.settings.set('registerOTP', false);
    // Migrating a fresh database is slow on a machine shared by several test runs.
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const client = (token: string) => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: clientHeaders(token, { 'accept-language': 'en' }) });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: clientHeaders(token) });
    return { get, post, w: walletClient(t.app, token) };
  };

  it('earns the referrer a percent of a friend\'s first deposit, claimed once into the wallet', async () => {
    const referrer = await seedMember(t.app);
    const r = client(referrer.token);
    const friend = await registerAndLogin(t.app, { name: 'Noi Friend', inviteCode: `PR${referrer.id}` });
    const big = await registerAndLogin(t.app, { inviteCode: `PR${referrer.id}` });
    // A deposit earns once the friend has played it (bets since it reach its amount).
    await fundWallet(t.app, friend.id, 300);
    await bets(friend, 300);
    await fundWallet(t.app, friend.id, 700); // only the first deposit earns
    await fundWallet(t.app, big.id, 10_000); // 10 % is 1,000, capped at 500 a friend
    await bets(big, 10_000);

    expect((await r.w.home()).json().invite).toEqual({ amount: 530, success: 0, fail: 0 });
    const list = (await r.post('/api/invite', { page: 1, limit: 10 })).json();
    expect(list.total).toBe(2);
    expect(list.invites.map((i: { amount: number }) => i.amount).sort()).toEqual([30, 500]);
    expect(list.invites.map((i: { from: { name: string } }) => i.from.name)).toContain('Noi Friend');

    const claims = await Promise.all([r.get('/api/invite/bonus'), r.get('/api/invite/bonus')]);
    const answers = claims.map((c) => c.json());
    expect(answers).toContainEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 530, wallet: { amount: 530 } });
    expect(answers).toContainEqual({ message: 'NO_INVITE_BONUS' });
    expect((await balances(t.app, referrer.id)).wallet).toBe(530);
    expect((await r.w.home()).json().invite.amount).toBe(0);
    const rows = (await r.w.statement()).json().statements;
    expect(rows[0]).toMatchObject({ statementType: 'bonus', amount: 530, invite: { description: 'INVITE' } });

    // Paged 10 at a time, newest first.
    expect((await r.post('/api/invite', { page: 2, limit: 1 })).json().invites).toHaveLength(1);
  });

  /** The sandbox funding route: a deposit as the bank would credit it. */
  const fund = (headers: Record<string, string>, amount: number) =>
    t.app.inject({ method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount }, headers: { ...headers, 'idempotency-key': randomUUID() } });

  /** Bets `total` at the demo provider's PG (each bet of `stake` paying it back). */
  async function bets(member: { id: number; token: string }, total: number, stake = total) {
    const c = client(member.token);
    await c.w.activate('PG');
    const { amount } = (await c.w.home()).json().wallet;
    if (amount > 0) await c.w.transfer('wallet', 'PG', amount);
    const { username } = await t.app.wallet.games.credentials(member.id, 'PG');
    for (let done = 0; done < total; done += stake) await t.app.demoProvider!.bet('PG', username, BigInt(stake * 100), BigInt(stake * 100));
  }

  it('pays nothing for friends who deposit and withdraw unplayed, and pays for a friend who played the deposit (issue 25, finding 3)', async () => {
    const referrer = await seedMember(t.app);
    const r = client(referrer.token);
    for (let i = 0; i < 6; i++) {
      const friend = await registerAndLogin(t.app, { inviteCode: `PR${referrer.id}` });
      expect((await fund(friend.headers, 1000)).json()).toEqual({ wallet: { amount: 1000 } });
      expect((await client(friend.token).w.withdraw(1000)).json()).toEqual({ wallet: { amount: 0 } });
    }
    // Was: INVITE_BONUS_SUCCESS with 600 into the referrer's wallet.
    expect((await r.get('/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    expect((await balances(t.app, referrer.id)).wallet).toBe(0);
    expect((await r.w.home()).json().invite).toEqual({ amount: 0, success: 0, fail: 0 });
    expect((await r.post('/api/invite', { page: 1, limit: 10 })).json()).toEqual({ total: 0, invites: [] });

    // A friend who deposits 1,000 and bets: half of it played earns nothing yet, all of it pays 100.
    const player = await registerAndLogin(t.app, { name: 'Played Friend', inviteCode: `PR${referrer.id}` });
    await fund(player.headers, 1000);
    await bets(player, 500, 100);
    expect((await r.w.home()).json().invite.amount).toBe(0);
    expect((await r.get('/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    await bets(player, 500, 100);
    expect((await r.w.home()).json().invite.amount).toBe(100);
    expect((await r.post('/api/invite', { page: 1, limit: 10 })).json()).toEqual({
      total: 1, invites: [{ from: { name: 'Played Friend' }, amount: 100, createdAt: expect.any(String) }],
    });
    expect((await r.get('/api/invite/bonus')).json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 100, wallet: { amount: 100 } });
    expect((await balances(t.app, referrer.id)).wallet).toBe(100);
    // The six who never played are still waiting for it.
    expect((await r.get('/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    expect((await balances(t.app, referrer.id)).wallet).toBe(100);
  });

  it('answers INVITE_INACTIVE when the operator switched the invite bonus off', async () => {
    const rule = await t.app.promotions.invites.rule();
    await t.app.ctx.settings.set('invite.rule', { ...rule, percent: 0 });
    const m = await seedMember(t.app);
    expect((await client(m.token).get('/api/invite/bonus')).json()).toEqual({ message: 'INVITE_INACTIVE' });
    await t.app.ctx.settings.set('invite.rule', rule);
  });

  /** A member who lost `loss` at the demo provider, booked by the wallet's balance sync. */
  async function loser(loss: number) {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 500);
    const c = client(m.token);
    await c.w.activate('PG');
    await c.w.transfer('wallet', 'PG', 300);
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    await t.app.demoProvider!.bet('PG', username, BigInt(loss * 100), 0n);
    await c.w.refresh();
    return { ...m, c };
  }

  it('computes each losing member\'s refund once per period, even with two processes, and pays it once', async () => {
    const a = await loser(200);
    const b = await loser(100);
    // The day after: the job refunds yesterday (today, in real time) at 5 %.
    t.app.ctx.clock.now = () => new Date(Date.now() + 86_400_000);
    const other = new Refunds(t.app.wallet.money, t.app.ctx.settings, t.app.promotions.bonuses.held, t.app.ctx.clock);
    await Promise.all([t.app.promotions.refunds.computeDue(), other.computeDue(), t.app.promotions.refunds.computeDue()]);
    await t.app.promotions.refunds.computeDue();
    const made = await t.app.ctx.db.selectFrom('refund').select(['member_id', 'net_loss', 'amount']).where('member_id', 'in', [a.id, b.id]).orderBy('member_id').execute();
    expect(made).toEqual([{ member_id: a.id, net_loss: 20_000n, amount: 1_000n }, { member_id: b.id, net_loss: 10_000n, amount: 500n }]);

    expect((await a.c.get('/api/refund/check')).json()).toEqual({
      result: true, bonus: false, info: expect.stringContaining('5%'), refundAmount: 10, refundSuccess: 100, refundFail: 10, refundMinimum: 1, currency: 'BAHT',
    });
    expect((await a.c.post('/api/refund', { page: 1, limit: 10 })).json()).toEqual({ total: 1, refunds: [{ refundAmount: 10, createdAt: expect.any(String) }] });

    const before = (await balances(t.app, a.id)).wallet;
    const both = await Promise.all([a.c.get('/api/refund/addWallet'), a.c.get('/api/refund/addWallet')]);
    expect(both.map((r) => r.json())).toContainEqual({ message: 'REFUND_SUCCESS', amount: 10, wallet: { amount: before + 10 } });
    expect(both.map((r) => r.json())).toContainEqual({ message: 'NO_REFUND' });
    expect((await balances(t.app, a.id)).wallet).toBe(before + 10);
    expect((await a.c.w.statement()).json().statements[0]).toMatchObject({ statementType: 'bonus', amount: 10, refund: { description: 'REFUND' } });
    expect((await a.c.get('/api/refund/check')).json().result).toBe(false);

    // As a bonus: refused while another bonus is held, then a held bonus with the rule's turnover.
    await t.app.ctx.db.insertInto('member_bonus').values({ member_id: b.id, code: 'TEST', status: 'active', ended_at: null }).execute();
    expect((await b.c.get('/api/refund/check')).json()).toMatchObject({ result: true, bonus: true });
    expect((await b.c.get('/api/refund/receive')).json()).toEqual({ message: 'REFUND_CONDITION' });
    await t.app.ctx.db.updateTable('member_bonus').set({ status: 'ended', outcome: 'cleared', ended_at: new Date() }).where('member_id', '=', b.id).execute();
    const received = await Promise.all([b.c.get('/api/refund/receive'), b.c.get('/api/refund/receive')]);
    expect(received.map((r) => r.json())).toContainEqual({ message: 'REFUND_SUCCESS' });
    expect(received.map((r) => r.json())).toContainEqual({ message: 'NO_REFUND' });
    expect((await b.c.get('/api/refund/receive')).json()).toEqual({ message: 'NO_REFUND' });
    expect((await b.c.get('/api/bonus/current')).json().bonus).toMatchObject({ source: 'refund', amount: 5, turnover: { required: 5 } });
  });

  it('gives up waiting gifts when a break starts, and nothing accrues during it to wait for its end (issue 31)', async () => {
    const clock = t.app.ctx.clock.now;
    try {
      t.app.ctx.clock.now = () => new Date();
      const referrer = await loser(100);
      const friend = await registerAndLogin(t.app, { inviteCode: `PR${referrer.id}` });
      await fundWallet(t.app, friend.id, 300);
      await bets(friend, 300);
      expect((await referrer.c.w.home()).json().invite.amount).toBe(30);
      await t.app.ctx.db.insertInto('refund').values({ member_id: referrer.id, period: 'day:issue-31', net_loss: 10_000n, amount: 500n }).execute();
      const other = await loser(100);

      const taken = await contractCaller(t.app, referrer.token)(endpoints.saferPlayBreak, { body: { length: '24h', confirm: true } });
      expect(taken.statusCode).toBe(200);
      expect(await t.app.ctx.db.selectFrom('refund').select('status').where('member_id', '=', referrer.id).execute()).toEqual([{ status: 'forfeited' }]);
      const earnings = await t.app.ctx.db.selectFrom('invite_earning').select('claim_reference').where('referrer_id', '=', referrer.id).execute();
      expect(earnings).toEqual([{ claim_reference: expect.stringMatching(/^forfeited:/) }]);

      // A friend's first deposit, made and played during the break, earns nothing then or after.
      const later = await registerAndLogin(t.app, { inviteCode: `PR${referrer.id}` });
      await fundWallet(t.app, later.id, 400);
      await bets(later, 400);
      // The next day: the break is over, the refund job skips the period it touched, and nothing waits.
      t.app.ctx.clock.now = () => new Date(Date.now() + 86_400_000);
      await t.app.promotions.refunds.computeDue();
      const made = await t.app.ctx.db.selectFrom('refund').select(['member_id', 'status']).where('member_id', 'in', [referrer.id, other.id]).orderBy('id').execute();
      expect(made).toEqual([{ member_id: referrer.id, status: 'forfeited' }, { member_id: other.id, status: 'waiting' }]);
      const back = client(await t.app.ctx.sessions.create(referrer.id, { persistent: false }));
      expect((await back.w.home()).json().invite.amount).toBe(0);
      expect((await back.get('/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITE_BONUS' });
      expect((await back.get('/api/refund/check')).json().result).toBe(false);
      expect((await balances(t.app, referrer.id)).wallet).toBe(200);
    } finally {
      t.app.ctx.clock.now = clock;
    }
  });

  it('answers the invite and refund banners with their html sanitised', async () => {
    await t.app.ctx.settings.set('refund.banners', [{ image: '/r.svg', html: { en: '<b>Back</b><script>alert(1)</script>' } }]);
    const m = await seedMember(t.app);
    const c = client(m.token);
    expect((await c.get('/api/refund/banners')).json()).toEqual([{ image: '/r.svg', html: '<b>Back</b>' }]);
    expect((await c.get('/api/invite/banners')).json()[0].html).toContain('Invite friends');
  });
});
