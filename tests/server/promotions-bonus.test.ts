import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { house, HOUSE, wallet } from '../../src/server/ledger/accounts';
import { auditLedger } from '../../src/server/ledger/audit';
import { postEntry } from '../../src/server/ledger/post';
import { TurnoverSync } from '../../src/server/modules/promotions/turnover';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

// Monday 2026-11-23 10:00 in Bangkok (03:00 UTC).
const MONDAY = new Date('2026-11-23T03:00:00Z');
const hours = (n: number) => n * 3_600_000;

describe.each(engines)('bonuses on %s', (engine) => {
  let t: TestApp;
  let now = MONDAY;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    t.app.ctx.clock.now = () => now;
    // Migrating a fresh database is slow on a machine shared by several test runs.
  }, 180_000);
  beforeEach(() => {
    now = MONDAY;
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member(deposit = 0) {
    const m = await seedMember(t.app);
    if (deposit) await fundWallet(t.app, m.id, deposit);
    const w = walletClient(t.app, m.token);
    const get = (url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: clientHeaders(m.token, { 'accept-language': lang }) });
    return {
      ...m, w, get,
      activate: (code: string) => get(`/api/bonus/activate/${code}`),
      /** The sandbox funding route: a deposit as the bank would credit it. */
      fund: (amount: number) => t.app.inject({ method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }) }),
      withdrawn: async () => (await t.app.ctx.db.selectFrom('withdrawal').select('amount').where('member_id', '=', m.id).where('status', '!=', 'rejected').execute())
        .reduce((sum, w) => sum + Number(w.amount) / 100, 0),
      current: async () => (await get('/api/bonus/current')).json().bonus,
      bonusEntries: () => t.app.ctx.db.selectFrom('ledger_entry').select(['kind', 'reference']).where('member_id', '=', m.id).where('kind', 'in', ['bonus', 'finish_bonus', 'bonus_forfeit']).execute(),
    };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  /** Ends the held bonus as the member's clear would, for the counting tests. */
  const endHeld = (m: Member) =>
    t.app.ctx.db.updateTable('member_bonus').set({ status: 'ended', outcome: 'cleared', ended_at: now })
      .where('member_id', '=', m.id).where('status', '=', 'active').execute();

  /** Plays the demo provider's game with the member's PG account: bets of `stake`, winning `win` each. */
  async function play(m: Member, bets: number, stake: number, win = 0) {
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    for (let i = 0; i < bets; i++) await t.app.demoProvider!.bet('PG', username, BigInt(stake * 100), BigInt(win * 100));
    await t.app.promotions.turnover.sync(m.id);
  }

  it('lists the bonuses with banners in the asked language, html sanitised on the server', async () => {
    await t.app.ctx.db.updateTable('bonus_definition')
      .set({ banners: JSON.stringify([{ image: '/x.svg', html: { en: '<p>Hi<script>window.pwned=1</script><img src=x onerror="alert(1)"></p>', th: '<p>สวัสดี</p>' } }]) })
      .where('code', '=', 'DAILY10').execute();
    const m = await member();
    const list = (await m.get('/api/bonus')).json();
    expect(list.map((b: { code: string }) => b.code)).toEqual(['WELCOME100', 'DAILY10', 'WEEKLY50']);
    const daily = list.find((b: { code: string }) => b.code === 'DAILY10');
    expect(daily).toMatchObject({ type: 'day', maxReceived: 2, percentFail: 10, userBonus: null });
    expect(daily.banners[0].html).toBe('<p>Hi<img src="x"></p>');
    expect((await m.get('/api/bonus', 'th')).json()[1].banners[0].html).toBe('<p>สวัสดี</p>');
  });

  it.each([
    ['lo', /[\u0E80-\u0EFF]/], // Lao as the wallet client and browsers send it (BCP 47)
    ['la', /[\u0E80-\u0EFF]/], // the product's own name for it
    ['lo-LA,en;q=0.5', /[\u0E80-\u0EFF]/],
    ['th-TH', /[\u0E00-\u0E7F]/],
    ['en-US', /^[\x20-\x7E]+$/],
  ])('answers operator texts for Accept-Language %j in its language', async (header, script) => {
    const m = await member();
    const list = (await m.get('/api/bonus', header)).json() as { description: string }[];
    for (const { description } of list) expect(description).toMatch(script);
    expect((await m.get('/api/promotion/find/SONGKRAN', header)).json().description).toMatch(script);
  });

  it('credits a percent bonus of the qualifying deposit once, through the ledger, and shows it held', async () => {
    const none = await member();
    expect((await none.activate('WELCOME100')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
    expect((await none.activate('NOPE')).statusCode).toBe(404);

    const m = await member(200);
    const res = await m.activate('welcome100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: true, received: [{ updatedAt: MONDAY.toISOString() }] });
    expect((await balances(t.app, m.id)).wallet).toBe(400);
    // Asking again while it is held changes nothing.
    expect((await m.activate('WELCOME100')).json()).toEqual(res.json());
    expect((await balances(t.app, m.id)).wallet).toBe(400);
    expect(await m.bonusEntries()).toHaveLength(1);

    expect((await m.get('/api/bonus/check/active')).json()).toEqual({ status: true, type: 'bonus' });
    expect(await m.current()).toMatchObject({
      code: 'WELCOME100', source: 'bonus', type: 'limit', status: 'active', amount: 200, depositAmount: 200,
      turnover: { done: 0, required: 1200, percent: 0 }, minimum: 40, percentFail: 10, categories: ['slot'],
    });
    const statement = (await m.w.statement()).json().statements;
    expect(statement[0]).toMatchObject({ statementType: 'bonus', amount: 200, status: 'SUCCESS', bonus: { description: expect.stringContaining('WELCOME100') } });

    expect((await m.activate('DAILY10')).json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    await endHeld(m);
    await fundWallet(t.app, m.id, 500);
    expect((await m.activate('WELCOME100')).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
  });

  it('words a bonus in the statement in the language it is read in, not the one it was received in (issue 28)', async () => {
    const m = await member(200);
    expect((await m.get('/api/bonus/activate/WELCOME100', 'th')).statusCode).toBe(200);
    const linkedIn = async (language: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/statement', payload: { page: 1, limit: 10 }, headers: clientHeaders(m.token, { 'accept-language': language }) }))
        .json().statements[0].bonus.description as string;
    expect(await linkedIn('en')).toMatch(/^WELCOME100 · [\x20-\x7E]+$/);
    expect(await linkedIn('th')).toMatch(/^WELCOME100 · .*[\u0E00-\u0E7F]/);
    expect(await linkedIn('lo')).toMatch(/^WELCOME100 · .*[\u0E80-\u0EFF]/);
    expect(await linkedIn('en')).not.toMatch(/<|>/);

    // A bonus booked before texts had languages kept the words of its day: its code stands for them.
    const { currency } = await t.app.ctx.db.selectFrom('member').select('currency').where('id', '=', m.id).executeTakeFirstOrThrow();
    await t.app.ctx.db.transaction().execute((trx) =>
      postEntry(trx, t.app.wallet.money.accounts, {
        kind: 'bonus', memberId: m.id, currency,
        description: { source: 'bonus', code: 'OLD50', description: 'OLD50 · โบนัสต้อนรับ 50%' },
        postings: [{ account: wallet(m.id), amount: 100n }, { account: house(HOUSE.bonusExpense), amount: -100n }],
      }),
    );
    for (const language of ['en', 'th', 'lo']) expect(await linkedIn(language)).toBe('OLD50');
  });

  it('counts day receipts since local midnight and week receipts since Monday', async () => {
    const m = await member();
    const receive = async (code: string) => {
      await fundWallet(t.app, m.id, 300);
      const res = await m.activate(code);
      if (res.statusCode === 200) await endHeld(m);
      return res.statusCode === 200 ? 'ok' : res.json().message;
    };
    expect(await receive('DAILY10')).toBe('ok');
    now = new Date(MONDAY.getTime() + hours(5));
    expect(await receive('DAILY10')).toBe('ok');
    expect(await receive('DAILY10')).toBe('BONUS_MAX_CLAIMED');
    // 23:59 Bangkok is still Monday; 00:00 is Tuesday.
    now = new Date('2026-11-23T16:59:00Z');
    expect(await receive('DAILY10')).toBe('BONUS_MAX_CLAIMED');
    now = new Date('2026-11-23T17:00:00Z');
    expect(await receive('DAILY10')).toBe('ok');

    now = MONDAY;
    expect(await receive('WEEKLY50')).toBe('ok');
    now = new Date('2026-11-29T16:59:00Z'); // Sunday 23:59 Bangkok
    expect(await receive('WEEKLY50')).toBe('BONUS_MAX_CLAIMED');
    now = new Date('2026-11-29T17:00:00Z'); // Monday 00:00 Bangkok
    expect(await receive('WEEKLY50')).toBe('ok');

    const list = (await m.get('/api/bonus')).json();
    expect(list.find((b: { code: string }) => b.code === 'DAILY10').userBonus.received).toHaveLength(3);
  });

  it('refuses a bonus whose quota is taken (BONUS_FULL)', async () => {
    await t.app.ctx.db.updateTable('bonus_definition').set({ quota: 1, received_total: 1 }).where('code', '=', 'WEEKLY50').execute();
    const m = await member(300);
    expect((await m.activate('WEEKLY50')).json()).toEqual({ message: 'BONUS_FULL' });
    await t.app.ctx.db.updateTable('bonus_definition').set({ quota: 1000 }).where('code', '=', 'WEEKLY50').execute();
  });

  it('moves money once when two activations arrive at once', async () => {
    const m = await member(100);
    const same = await Promise.all([m.activate('WELCOME100'), m.activate('WELCOME100')]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await m.bonusEntries()).toHaveLength(1);
    expect((await balances(t.app, m.id)).wallet).toBe(200);

    // Two different bonuses at once, for several members: one is given, the other is refused as
    // already active (not as 'no deposit' because the first used the deposit: that was a race).
    for (let round = 0; round < 8; round++) {
      const other = await member(100);
      const pair = round % 2 === 0 ? ['WELCOME100', 'DAILY10'] : ['DAILY10', 'WELCOME100'];
      const mixed = await Promise.all(pair.map((code) => other.activate(code)));
      expect(mixed.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(mixed.find((r) => r.statusCode === 400)!.json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
      expect(await other.bonusEntries()).toHaveLength(1);
    }
  });

  it('refuses deposits while a bonus is held, and a withdrawal of part of the balance', async () => {
    const m = await member(200);
    await m.activate('WELCOME100');
    const qr = await t.app.inject({ method: 'POST', url: '/api/qrcode/KBANK', payload: { amount: 100 }, headers: clientHeaders(m.token) });
    expect(qr.json()).toMatchObject({ hasQrcode: false, message: 'BONUS_REMAINING' });
    expect((await m.w.withdraw(100)).json()).toEqual({ message: 'BONUS_REMAINING' });

    // Money in a game must come back first, or the bonus could leave through it later.
    await m.w.activate('PG');
    await m.w.transfer('wallet', 'PG', 50);
    // The answer names the cause (issue 27: it was BONUS_CONDITION, "conditions not met").
    const refused = await m.w.withdrawAll(350);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'BONUS_GAME_MONEY' });
    await m.w.transfer('PG', 'wallet', 50);

    // The whole balance may go: the bonus is given up and its amount goes back.
    const all = await m.w.withdrawAll(400);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ wallet: { amount: 0 } });
    const paid = await t.app.ctx.db.selectFrom('withdrawal').select('amount').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(paid.amount).toBe(20_000n);
    expect(await m.current()).toBeNull();
    const ended = await t.app.ctx.db.selectFrom('member_bonus').select(['outcome', 'forfeited']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(ended).toEqual({ outcome: 'expired', forfeited: 20_000n });
    const rows = (await m.w.statement()).json().statements;
    expect(rows.map((r: { statementType: string }) => r.statementType)).toContain('finish_bonus');
  });

  it('withdraws everything while a bonus is held once a game emptied by losses is read: no BONUS_GAME_MONEY for money that is gone', async () => {
    const m = await member(200);
    await m.activate('WELCOME100');
    await m.w.activate('PG');
    await m.w.transfer('wallet', 'PG', 100);
    // Lost in the game: the ledger still says 100 there until the provider is read.
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    await t.app.demoProvider!.bet('PG', username, 10_000n, 0n);
    const all = await m.w.withdrawAll(300);
    expect(all.statusCode, all.body).toBe(200);
    // The bonus's 200 went back to the house; the member's own 100 left for the bank.
    expect(all.json()).toEqual({ wallet: { amount: 0 } });
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 0, PG: 0 });
    expect(await m.withdrawn()).toBe(100);
  });

  it('accrues turnover from the provider\'s bets, completes the bonus at its target, then lets money out', async () => {
    const m = await member(100);
    await m.w.activate('PG');
    // Bets before the bonus do not count.
    await m.w.transfer('wallet', 'PG', 10);
    await play(m, 1, 5, 5);
    await m.activate('WELCOME100');
    expect(await m.current()).toMatchObject({ amount: 100, turnover: { required: 600, done: 0 } });

    await m.w.transfer('wallet', 'PG', 50);
    await play(m, 10, 20, 20);
    expect(await m.current()).toMatchObject({ status: 'active', turnover: { done: 200, required: 600, percent: 33 } });
    // A second process reading the same bets at the same time counts them once.
    const other = new TurnoverSync(t.app.wallet.money, t.app.promotions.bonuses.held);
    await play(m, 5, 20, 20);
    await Promise.all([t.app.promotions.turnover.sync(m.id), other.sync(m.id)]);
    expect(await m.current()).toMatchObject({ turnover: { done: 300, percent: 50 } });

    await play(m, 15, 20, 20);
    expect(await m.current()).toBeNull();
    const done = await t.app.ctx.db.selectFrom('member_bonus').select(['outcome', 'turnover_done']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(done).toEqual({ outcome: 'completed', turnover_done: 60_000n });
    const rows = (await m.w.statement()).json().statements;
    expect(rows[0]).toMatchObject({ statementType: 'finish_bonus', amount: 100, bonus: { description: 'WELCOME100' } });
    expect((await m.w.withdraw(100)).statusCode).toBe(200);
    expect(await m.bonusEntries()).toHaveLength(2);
  });

  it('counts only the games the bonus names', async () => {
    const m = await member(100);
    await m.w.activate('UFABET');
    await m.activate('WELCOME100');
    await m.w.transfer('wallet', 'UFABET', 50);
    const { username } = await t.app.wallet.games.credentials(m.id, 'UFABET');
    await t.app.demoProvider!.bet('UFABET', username, 2_000n, 0n);
    await t.app.promotions.turnover.sync(m.id);
    expect((await m.current()).turnover.done).toBe(0);
  });

  it('lets the member end the bonus only below its lower bound', async () => {
    const m = await member(100);
    await m.w.activate('PG');
    await m.activate('WELCOME100');
    expect((await m.get('/api/bonus/check/minimum')).json()).toEqual({ status: false, minimum: 20, refusal: 'BONUS_CONDITION' });
    expect((await m.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CONDITION' });
    await m.w.transfer('wallet', 'PG', 200);
    await play(m, 9, 20, 0); // lose 185 of 200 at the provider; the ledger learns it on the sync
    await play(m, 1, 5, 0);
    expect((await m.get('/api/bonus/check/minimum')).json()).toEqual({ status: true, minimum: 20, refusal: null });
    const cleared = await m.get('/api/bonus/clear');
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR' });
    expect((await m.get('/api/bonus/check/active')).json()).toEqual({ status: false, type: null });
    expect((await m.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CONDITION' });
  });

  it("states each bonus's own lower bound in the dialog's notice, not the general one", async () => {
    const general = (await t.app.inject({ method: 'GET', url: '/api/lookup/notice', headers: { 'accept-language': 'en' } })).json();
    expect(general.percentFail).toBe(50);
    for (const [code, percent] of [['DAILY10', 10], ['weekly50', 20], ['SONGKRAN', 20]] as const) {
      const notice = (await t.app.inject({ method: 'GET', url: `/api/lookup/notice?code=${code}`, headers: { 'accept-language': 'en' } })).json();
      expect(notice.percentFail).toBe(percent);
      expect(notice.notice).toContain(`${percent}%`);
      expect(notice.notice).not.toContain('50%');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/notice?code=NOPE' })).statusCode).toBe(404);
  });

  it('finds and activates promotion codes, upper-cased, once per member', async () => {
    const m = await member();
    expect((await m.get('/api/promotion/find/NOPE')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await m.get('/api/promotion/find/songkran')).json()).toEqual({
      code: 'SONGKRAN', currency: 'BAHT', amountPercent: null, amountCap: null, amountFixed: 100, minDeposit: 0, turnoverMultiplier: 5, percentFail: 20,
      description: expect.stringContaining('<b>100.00 baht</b>'),
    });
    expect((await m.get('/api/promotion/current')).json()).toEqual({ promotion: null });
    const both = await Promise.all([m.get('/api/promotion/activate/songkran'), m.get('/api/promotion/activate/SONGKRAN')]);
    expect(both.map((r) => r.json())).toEqual([{ message: 'OK' }, { message: 'OK' }]);
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    expect((await m.get('/api/promotion/current')).json().promotion).toMatchObject({ code: 'SONGKRAN' });
    expect((await m.get('/api/bonus/check/active')).json()).toEqual({ status: true, type: 'promotion' });
    await endHeld(m);
    expect((await m.get('/api/promotion/activate/SONGKRAN')).json()).toEqual({ message: 'PROMOTION_RECEIVED' });
    expect(await m.bonusEntries()).toHaveLength(1);
  });

  describe('a bonus counts only a deposit still held (issue 25, finding 2)', () => {
    it('refuses DAILY10 on a deposit already withdrawn: the issue\'s fund 500, withdraw 500, activate, clear, fund 100, withdraw 150 pays out nothing extra', async () => {
      const m = await member();
      expect((await m.fund(500)).json()).toEqual({ wallet: { amount: 500 } });
      expect((await m.w.withdraw(500)).json()).toEqual({ wallet: { amount: 0 } });
      // Was: 200, wallet 50 (10 % of the 500 that had already left).
      expect((await m.activate('DAILY10')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
      expect((await m.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CONDITION' });
      expect((await m.fund(100)).json()).toEqual({ wallet: { amount: 100 } });
      expect((await m.w.withdraw(150)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
      // Out exactly what came in: 500 of the 600 deposited, 100 still in the wallet, no bonus.
      expect(await m.withdrawn()).toBe(500);
      expect((await balances(t.app, m.id)).wallet).toBe(100);
      expect(await m.bonusEntries()).toEqual([]);
      expect(await t.app.ctx.db.selectFrom('member_bonus').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    });

    it('refuses WELCOME100 on a deposit already withdrawn (no 500 free roll)', async () => {
      const m = await member();
      await m.fund(500);
      expect((await m.w.withdraw(500)).statusCode).toBe(200);
      expect((await m.activate('WELCOME100')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
      expect((await balances(t.app, m.id)).wallet).toBe(0);
      expect(await m.bonusEntries()).toEqual([]);
    });

    it('counts what is left of the deposit after withdrawals since it, and no more than the balance', async () => {
      // 500 deposited, 200 withdrawn: 300 still held, 10 % of it.
      const part = await member();
      await part.fund(500);
      expect((await part.w.withdraw(200)).statusCode).toBe(200);
      expect((await part.activate('DAILY10')).statusCode).toBe(200);
      expect(await part.current()).toMatchObject({ amount: 30, depositAmount: 300, turnover: { required: 660 }, minimum: 33 });
      expect((await balances(t.app, part.id)).wallet).toBe(330);

      // A withdrawal the operator rejected gave the money back: the deposit is held again.
      const returned = await member();
      await returned.fund(6000);
      expect((await returned.w.withdraw(6000)).statusCode).toBe(200);
      const queued = await t.app.ctx.db.selectFrom('withdrawal').select(['id', 'status']).where('member_id', '=', returned.id).executeTakeFirstOrThrow();
      expect(queued.status).toBe('queued');
      await t.app.wallet.withdrawals.reject(queued.id, 'operator');
      expect((await returned.activate('WELCOME100')).statusCode).toBe(200);
      expect(await returned.current()).toMatchObject({ amount: 500, depositAmount: 6000 });

      // Lost at a game since it: only what is left counts (the provider's balance is read first).
      const lost = await member();
      await lost.fund(500);
      await lost.w.activate('PG');
      await lost.w.transfer('wallet', 'PG', 500);
      await play(lost, 3, 100); // 300 lost at the provider, not yet booked in our ledger
      expect((await lost.activate('DAILY10')).statusCode).toBe(200);
      expect(await lost.current()).toMatchObject({ amount: 20, depositAmount: 200 });

      // Less left than the bonus's minimum deposit: none qualifies.
      const little = await member();
      await little.fund(500);
      await little.w.withdraw(460);
      expect((await little.activate('DAILY10')).json()).toEqual({ message: 'BONUS_NO_DEPOSIT' });
      expect(await little.bonusEntries()).toEqual([]);
    });

    it('takes turns with a withdrawal sent at the same moment: never the bonus and the partial withdrawal both', async () => {
      for (let round = 0; round < 12; round++) {
        const m = await member();
        await m.fund(500);
        const [activated, withdrawn] = await Promise.all([m.activate('DAILY10'), m.w.withdraw(500)]);
        const outcome = [activated.statusCode === 200 ? 'bonus' : activated.json().message, withdrawn.statusCode === 200 ? 'withdrawn' : withdrawn.json().message];
        // Either the bonus came first (the partial withdrawal is refused while it is held), or the
        // withdrawal did (nothing of the deposit is left to give a bonus on).
        expect([['bonus', 'BONUS_REMAINING'], ['BONUS_NO_DEPOSIT', 'withdrawn']]).toContainEqual(outcome);
        expect((await balances(t.app, m.id)).wallet).toBe(outcome[0] === 'bonus' ? 550 : 0);
      }
    });

    it('gives the bonus back when it is ended under its lower bound with no turnover played on it', async () => {
      // SONGKRAN: 100 with no deposit, lower bound 20, slot bets only. The member's own stake is none.
      const m = await member();
      expect((await m.get('/api/promotion/activate/SONGKRAN')).json()).toEqual({ message: 'OK' });
      await m.w.activate('UFABET');
      await m.w.transfer('wallet', 'UFABET', 100);
      const { username } = await t.app.wallet.games.credentials(m.id, 'UFABET');
      await t.app.demoProvider!.bet('UFABET', username, 9_000n, 0n); // sport: no turnover for this bonus
      // Under the bound, but the 10 left are in a game: check/minimum says what clear answers
      // (issue 27: it said true, and "cancel bonus" was offered to fail).
      expect((await m.get('/api/bonus/check/minimum')).json()).toEqual({ status: false, minimum: 20, refusal: 'BONUS_GAME_MONEY' });
      // Was BONUS_CLEAR, the 10 left of the house's 100 becoming the member's own.
      expect((await m.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_GAME_MONEY' });
      expect((await m.get('/api/bonus/check/active')).json()).toEqual({ status: true, type: 'promotion' });
      await m.w.transfer('UFABET', 'wallet', 10);
      expect((await m.get('/api/bonus/check/minimum')).json()).toEqual({ status: true, minimum: 20, refusal: null });
      expect((await m.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CLEAR' });
      expect((await balances(t.app, m.id)).wallet).toBe(0);
      const ended = await t.app.ctx.db.selectFrom('member_bonus').select(['status', 'outcome', 'forfeited']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
      expect(ended).toEqual({ status: 'ended', outcome: 'cleared', forfeited: 1_000n });
      expect((await m.bonusEntries()).map((e) => e.kind).sort()).toEqual(['bonus', 'bonus_forfeit']);

      // Played on the bonus's games down under the bound: what is left is the member's, as before.
      const played = await member();
      await played.get('/api/promotion/activate/SONGKRAN');
      await played.w.activate('PG');
      await played.w.transfer('wallet', 'PG', 100);
      await play(played, 9, 10);
      await played.w.transfer('PG', 'wallet', 10);
      expect((await played.get('/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CLEAR' });
      expect((await balances(t.app, played.id)).wallet).toBe(10);
      expect(await t.app.ctx.db.selectFrom('member_bonus').select(['outcome', 'forfeited']).where('member_id', '=', played.id).executeTakeFirstOrThrow())
        .toEqual({ outcome: 'cleared', forfeited: 0n });
    });
  });
});
