import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

describe.each(engines)('wallet on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1500', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '0' });
    t.app.demoProvider!.hangMs = 2_000;
  });
  afterAll(async () => {
    const audit = await auditLedger(t.app.ctx.db);
    expect(audit).toMatchObject({ ok: true });
    await t.close();
  });

  async function memberWith(amount: number, activate: string[] = ['PG']) {
    const m = await seedMember(t.app);
    if (amount) await fundWallet(t.app, m.id, amount);
    const w = walletClient(t.app, m.token);
    for (const code of activate) expect((await w.activate(code)).statusCode).toBe(200);
    return { ...m, w };
  }

  it('moves money to a game and back, and the home shows both', async () => {
    const m = await memberWith(500);
    const toGame = await m.w.transfer('wallet', 'PG', 120.5);
    expect(toGame.statusCode).toBe(200);
    expect(toGame.json()).toEqual({ wallet: { amount: 379.5 }, slots: [{ code: 'PG', amount: 120.5, syncedAt: expect.any(String) }] });
    expect(await t.app.demoProvider!.balance('PG', (await t.app.wallet.games.credentials(m.id, 'PG')).username)).toBe(12050n);

    const back = await m.w.transfer('PG', 'wallet', 20.5);
    expect(back.json()).toEqual({ wallet: { amount: 400 }, slots: [{ code: 'PG', amount: 100, syncedAt: expect.any(String) }] });

    const home = (await m.w.home()).json();
    expect(home.wallet).toEqual({ amount: 400 });
    expect(home.slots.find((s: { code: string }) => s.code === 'PG')).toMatchObject({ amount: 100, isActive: true, category: 'slot' });
    expect(home.slots.find((s: { code: string }) => s.code === 'PG').web).toMatch(/\/sandbox\/game\/PG\?t=/);
    expect(home.slots.find((s: { code: string }) => s.code === 'JOKER')).toMatchObject({ amount: 0, isActive: false, web: null });
    expect(home.slots).toHaveLength(16);
  });

  it('moves money from one game to another through the wallet', async () => {
    const m = await memberWith(300, ['PG', 'JOKER']);
    await m.w.transfer('wallet', 'PG', 200);
    const res = await m.w.transfer('PG', 'JOKER', 150);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet: { amount: 100 }, slots: [{ code: 'PG', amount: 50, syncedAt: expect.any(String) }, { code: 'JOKER', amount: 150, syncedAt: expect.any(String) }] });
  });

  it('replays a request with the same key and moves nothing more', async () => {
    const m = await memberWith(100);
    const key = randomUUID();
    const first = await m.w.transfer('wallet', 'PG', 30, key);
    const again = await m.w.transfer('wallet', 'PG', 30, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 70, PG: 30 });

    const conflict = await m.w.transfer('wallet', 'PG', 31, key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'IDEMPOTENCY_CONFLICT' });
  });

  it('runs concurrent duplicates of one key exactly once', async () => {
    const m = await memberWith(100);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => m.w.transfer('wallet', 'PG', 10, key)));
    for (const a of answers) expect(a.json()).toEqual({ wallet: { amount: 90 }, slots: [{ code: 'PG', amount: 10, syncedAt: expect.any(String) }] });
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 90, PG: 10 });
  });

  it('keeps keys per member: the same key from two members is two requests', async () => {
    const a = await memberWith(50);
    const b = await memberWith(50);
    const key = randomUUID();
    expect((await a.w.transfer('wallet', 'PG', 10, key)).statusCode).toBe(200);
    expect((await b.w.transfer('wallet', 'PG', 10, key)).statusCode).toBe(200);
    expect(await balances(t.app, b.id)).toMatchObject({ wallet: 40, PG: 10 });
  });

  it.each([
    ['below the minimum', { from: 'wallet', to: 'PG', amount: 0.5 }, 400, 'TRANSFER_MINIMUM'],
    ['to an unknown game', { from: 'wallet', to: 'NOPE', amount: 10 }, 400, 'NO_GAME'],
    ['to a game not opened', { from: 'wallet', to: 'JOKER', amount: 10 }, 400, 'SLOT_NO_ACCOUNT'],
    ['more than the wallet holds', { from: 'wallet', to: 'PG', amount: 1000 }, 400, 'MONEY_NOT_ENOUGH'],
    ['to the same account', { from: 'wallet', to: 'wallet', amount: 10 }, 400, 'INVALID_INPUT'],
    ['with three decimals', { from: 'wallet', to: 'PG', amount: 1.005 }, 400, 'INVALID_INPUT'],
    ['with a negative amount', { from: 'wallet', to: 'PG', amount: -5 }, 400, 'INVALID_INPUT'],
  ])('refuses a transfer %s and changes nothing', async (_name, body, status, code) => {
    const m = await memberWith(100);
    const res = await m.w.transfer(body.from, body.to, body.amount);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: code });
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });
  });

  it('refuses a money request without an idempotency key', async () => {
    const m = await memberWith(100);
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', payload: { from: 'wallet', to: 'PG', amount: 10 }, headers: clientHeaders(m.token) });
    expect(res.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REQUIRED' });
  });

  it('moves everything in the wallet with transferAll, once', async () => {
    const m = await memberWith(77.25);
    const key = randomUUID();
    const res = await m.w.transferAll('PG', key);
    expect(res.json()).toEqual({ wallet: { amount: 0 }, slots: [{ code: 'PG', amount: 77.25, syncedAt: expect.any(String) }] });
    const replay = await m.w.transferAll('PG', key);
    expect(replay.json()).toEqual(res.json());
    expect((await m.w.transferAll('PG')).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
  });

  it('books wins and losses at the provider before money comes back, and on refresh', async () => {
    const m = await memberWith(100);
    await m.w.transfer('wallet', 'PG', 100);
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    await t.app.demoProvider!.bet('PG', username, 1000n, 5000n); // bet 10, win 50
    const refreshed = (await m.w.refresh()).json();
    expect(refreshed.slots.find((s: { code: string }) => s.code === 'PG').amount).toBe(140);
    await t.app.demoProvider!.bet('PG', username, 4000n, 0n); // lose 40
    const back = await m.w.transfer('PG', 'wallet', 100);
    expect(back.json()).toEqual({ wallet: { amount: 100 }, slots: [{ code: 'PG', amount: 0, syncedAt: expect.any(String) }] });
  });

  describe('when the provider fails', () => {
    it('reverses a refused transfer at once: TRANSFER_FAIL, money back in the wallet', async () => {
      const m = await memberWith(100);
      t.app.demoProvider!.injectFault('PG', 'fail');
      const key = randomUUID();
      const res = await m.w.transfer('wallet', 'PG', 40, key);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });
      expect((await m.w.transfer('wallet', 'PG', 40, key)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    });

    it('leaves a transfer that timed out before applying pending, and the reconciler reverses it', async () => {
      const m = await memberWith(100);
      t.app.demoProvider!.injectFault('PG', 'timeout_before');
      const key = randomUUID();
      const res = await m.w.transfer('wallet', 'PG', 40, key);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: 'TRANSFER_PENDING' });
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 0 });
      const report = await t.app.wallet.reconciler.run({ graceMs: 0 });
      expect(report.reversed).toBeGreaterThanOrEqual(1);
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });
      expect((await m.w.transfer('wallet', 'PG', 40, key)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    });

    it('settles a transfer that timed out after applying, as soon as the provider says so', async () => {
      const m = await memberWith(100);
      t.app.demoProvider!.injectFault('PG', 'timeout_after');
      const key = randomUUID();
      const res = await m.w.transfer('wallet', 'PG', 40, key);
      // The request asks the provider once after the timeout: applied, so it settles.
      expect(res.statusCode).toBe(200);
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40 });
      expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).unresolved).toBe(0);
      expect((await m.w.transfer('wallet', 'PG', 40, key)).json()).toEqual(res.json());
    });

    it('voids a transfer the reconciler gave up on, so the late call changes nothing', async () => {
      const m = await memberWith(100);
      const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
      t.app.demoProvider!.injectFault('PG', 'late');
      const key = randomUUID();
      expect((await m.w.transfer('wallet', 'PG', 40, key)).json()).toEqual({ message: 'TRANSFER_PENDING' });
      expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).reversed).toBeGreaterThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 2_300)); // the late call arrives at the provider now
      expect(await t.app.demoProvider!.balance('PG', username)).toBe(0n);
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });
      expect((await m.w.transfer('wallet', 'PG', 40, key)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    });

    it('reverses a transfer voided while its call was on the way, though the call then arrives in time', async () => {
      // The reconciler (grace 0, or a slow provider) may void a transfer whose request still
      // waits for the provider. The call that arrives after the void must be refused, so the
      // request reverses it too; settling it would credit a game the provider never credited.
      const m = await memberWith(100);
      const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
      t.app.demoProvider!.hangMs = 400; // "late" inside the caller's 1.5 s timeout: a slow provider
      try {
        t.app.demoProvider!.injectFault('PG', 'late');
        const key = randomUUID();
        const answer = m.w.transfer('wallet', 'PG', 40, key);
        let pending: { id: string } | undefined;
        for (let i = 0; i < 100 && !pending; i++) {
          pending = await t.app.ctx.db.selectFrom('game_transfer').select('id')
            .where('member_id', '=', m.id).where('status', '=', 'pending').executeTakeFirst();
          if (!pending) await new Promise((r) => setTimeout(r, 10));
        }
        expect(await t.app.demoProvider!.voidTransfer('PG', pending!.id)).toBe('voided');
        const res = await answer;
        expect(res.json()).toEqual({ message: 'TRANSFER_FAIL' });
        expect(await t.app.demoProvider!.balance('PG', username)).toBe(0n);
        expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });
        const row = await t.app.ctx.db.selectFrom('game_transfer').select('status').where('id', '=', pending!.id).executeTakeFirstOrThrow();
        expect(row.status).toBe('reversed');
      } finally {
        t.app.demoProvider!.hangMs = 2_000;
      }
    });

    // Issue 25, finding 6: the money moved out of the first game, so "TRANSFER_FAIL" (nothing moved) was untrue.
    it('ends a game-to-game transfer whose second leg fails with the money in the wallet, and says so', async () => {
      const m = await memberWith(100, ['PG', 'JOKER']);
      await m.w.transfer('wallet', 'PG', 100);
      t.app.demoProvider!.injectFault('JOKER', 'fail');
      const key = randomUUID();
      const res = await m.w.transfer('PG', 'JOKER', 60, key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'TRANSFER_IN_WALLET' });
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40, JOKER: 0 });
      const replay = await m.w.transfer('PG', 'JOKER', 60, key);
      expect([replay.statusCode, replay.json(), replay.headers['idempotency-replayed']]).toEqual([409, { message: 'TRANSFER_IN_WALLET' }, 'true']);
    });

    it('answers TRANSFER_IN_WALLET when the reconciler reverses the second leg of a game-to-game transfer', async () => {
      const m = await memberWith(100, ['PG', 'JOKER']);
      await m.w.transfer('wallet', 'PG', 100);
      t.app.demoProvider!.injectFault('JOKER', 'timeout_before');
      const key = randomUUID();
      expect((await m.w.transfer('PG', 'JOKER', 60, key)).json()).toEqual({ message: 'TRANSFER_PENDING' });
      expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).reversed).toBeGreaterThanOrEqual(1);
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40, JOKER: 0 });
      expect((await m.w.transfer('PG', 'JOKER', 60, key)).json()).toEqual({ message: 'TRANSFER_IN_WALLET' });
    });

    it('ends the key of a game-to-game transfer cut off between its legs as TRANSFER_IN_WALLET, and one with nothing moved as TRANSFER_FAIL', async () => {
      const m = await memberWith(100, ['PG', 'JOKER']);
      await m.w.transfer('wallet', 'PG', 100);
      // The state a lost connection or a crash between the legs leaves: the first leg settled, the key pending.
      const [cut, empty] = [randomUUID(), randomUUID()];
      expect((await m.w.transfer('PG', 'wallet', 30, cut)).statusCode).toBe(200);
      await t.app.ctx.db.updateTable('idempotency_key').set({ state: 'pending', status_code: null, response: null, created_at: new Date(Date.now() - 60_000) })
        .where('member_id', '=', m.id).where('key', '=', cut).execute();
      await t.app.ctx.db.insertInto('idempotency_key').values({ member_id: m.id, key: empty, operation: 'transfer', request_hash: 'x', status_code: null, response: null, completed_at: null, created_at: new Date(Date.now() - 60_000) }).execute();
      expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).keysFinished).toBe(2);
      const answers = await t.app.ctx.db.selectFrom('idempotency_key').select(['key', 'status_code', 'response']).where('member_id', '=', m.id).where('key', 'in', [cut, empty]).execute();
      expect(Object.fromEntries(answers.map((a) => [a.key, [a.status_code, a.response]]))).toEqual({
        [cut]: [409, { message: 'TRANSFER_IN_WALLET' }], [empty]: [502, { message: 'TRANSFER_FAIL' }],
      });
    });

    // Found by transfer-truth under a connection kill: a request slow between its legs past the
    // reconciler's grace was told 200 while its key kept the reconciler's TRANSFER_IN_WALLET.
    it('stops a game-to-game transfer whose key the reconciler ended between the legs: the money stays in the wallet, and the answer is the stored one', async () => {
      const m = await memberWith(100, ['PG', 'JOKER']);
      await m.w.transfer('wallet', 'PG', 100);
      const reservations = (t.app.wallet.transfers as unknown as { reservations: { submit: (r: { claim: boolean }) => Promise<unknown> } }).reservations;
      const submit = reservations.submit.bind(reservations);
      // The reconciler runs just before the second leg is reserved (the first leg settled, nothing pending).
      reservations.submit = async (r) => {
        if (!r.claim) expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).keysFinished).toBe(1);
        return submit(r);
      };
      const key = randomUUID();
      try {
        const res = await m.w.transfer('PG', 'JOKER', 60, key);
        expect([res.statusCode, res.json()]).toEqual([409, { message: 'TRANSFER_IN_WALLET' }]);
      } finally {
        reservations.submit = submit;
      }
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40, JOKER: 0 });
      const stored = await t.app.ctx.db.selectFrom('idempotency_key').select(['status_code', 'response']).where('member_id', '=', m.id).where('key', '=', key).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status_code: 409, response: { message: 'TRANSFER_IN_WALLET' } });
      const legs = await t.app.ctx.db.selectFrom('game_transfer').select(['direction', 'status']).where('member_id', '=', m.id).where('idempotency_key', '=', key).execute();
      expect(legs).toEqual([{ direction: 'from_game', status: 'settled' }]);
      const replay = await m.w.transfer('PG', 'JOKER', 60, key);
      expect([replay.statusCode, replay.json()]).toEqual([409, { message: 'TRANSFER_IN_WALLET' }]);
    });

    // Issue 25, finding 6: a refusal for want of balance at the provider is the member's, not a provider failure.
    it('answers MONEY_NOT_ENOUGH (400), not TRANSFER_FAIL, when the provider refuses a withdrawal from a game the member lost in', async () => {
      const m = await memberWith(150);
      await m.w.transfer('wallet', 'PG', 100);
      const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
      // A transfer still on its way to the game: our figure cannot be synced before the withdrawal.
      // (A transfer reads the provider before it starts, so the loss comes after this one started.)
      t.app.demoProvider!.injectFault('PG', 'timeout_before');
      expect((await m.w.transfer('wallet', 'PG', 10)).json()).toEqual({ message: 'TRANSFER_PENDING' });
      await t.app.demoProvider!.bet('PG', username, 8000n, 0n); // lost 80 at the provider: it holds 20, our figure is 100
      const key = randomUUID();
      const res = await m.w.transfer('PG', 'wallet', 50, key);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 40, PG: 100 });
      expect((await m.w.transfer('PG', 'wallet', 50, key)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
      // Once nothing is pending, the provider's figure is booked and the member sees the truth.
      await t.app.wallet.reconciler.run({ graceMs: 0 });
      expect((await m.w.refresh()).json().slots.find((s: { code: string }) => s.code === 'PG').amount).toBe(20);
    });
  });

  describe('withdrawals', () => {
    it('pays a withdrawal within the auto-pay limit at once', async () => {
      const m = await memberWith(1000, []);
      const res = await m.w.withdraw(300);
      expect(res.json()).toEqual({ wallet: { amount: 700 } });
      const row = await t.app.ctx.db.selectFrom('withdrawal').selectAll().where('member_id', '=', m.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'paid', bank_code: 'SCB', bank_account_no: expect.stringMatching(/^123/) });
      const st = (await m.w.statement()).json();
      expect(st.statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS', amount: 300, from: 'wallet', to: 'SCB' });
    });

    it('queues a withdrawal above the auto-pay limit; rejecting returns the money, approving pays it', async () => {
      const m = await memberWith(20_000, []);
      expect((await m.w.withdraw(6000)).json()).toEqual({ wallet: { amount: 14_000 } });
      expect((await m.w.withdraw(7000)).json()).toEqual({ wallet: { amount: 7000 } });
      const queued = await t.app.ctx.db.selectFrom('withdrawal').selectAll().where('member_id', '=', m.id).orderBy('amount').execute();
      expect(queued.map((w) => w.status)).toEqual(['queued', 'queued']);
      expect((await m.w.statement()).json().statements[0]).toMatchObject({ status: 'PENDING' });

      await t.app.wallet.withdrawals.reject(queued[0].id, 'operator-1', 'name mismatch');
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 13_000 });
      // The sandbox's seeded admin approves (an approval names an operator).
      const admin = await t.app.ctx.db.selectFrom('operator').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow();
      await t.app.wallet.withdrawals.approve(queued[1].id, { operatorId: admin.id, username: admin.username });
      const after = await t.app.ctx.db.selectFrom('withdrawal').select(['status']).where('member_id', '=', m.id).orderBy('amount').execute();
      expect(after.map((w) => w.status)).toEqual(['rejected', 'paid']);
      await expect(t.app.wallet.withdrawals.reject(queued[0].id, 'operator-1')).rejects.toThrow('NO_DATA');
    });

    it.each([
      ['below the minimum', 99.99, 'WITHDRAW_MINIMUM'],
      ['above the maximum', 50_000.01, 'WITHDRAW_MAXIMUM'],
      ['above the balance', 2000, 'MONEY_NOT_ENOUGH'],
    ])('refuses a withdrawal %s', async (_name, amount, code) => {
      const m = await memberWith(1000, []);
      expect((await m.w.withdraw(amount)).json()).toEqual({ message: code });
      expect(await balances(t.app, m.id)).toMatchObject({ wallet: 1000 });
    });

    it('withdraws the whole balance with withdrawAll', async () => {
      const m = await memberWith(432.1, []);
      expect((await m.w.withdrawAll(432.1)).json()).toEqual({ wallet: { amount: 0 } });
    });
  });

  it('lists the statement newest first with types, statuses and amounts', async () => {
    const m = await memberWith(500);
    await m.w.transfer('wallet', 'PG', 100);
    t.app.demoProvider!.injectFault('PG', 'fail');
    await m.w.transfer('wallet', 'PG', 50);
    await m.w.withdraw(200);
    const page = (await m.w.statement(1, 2)).json();
    expect(page.total).toBe(4);
    expect(page.statements).toEqual([
      expect.objectContaining({ statementType: 'withdraw', status: 'SUCCESS', amount: 200 }),
      expect.objectContaining({ statementType: 'transfer', status: 'FAILED', amount: 50, from: 'wallet', to: 'PG' }),
    ]);
    const page2 = (await m.w.statement(2, 2)).json();
    expect(page2.statements.map((s: { statementType: string }) => s.statementType)).toEqual(['transfer', 'deposit']);
    expect(page2.statements[1]).toMatchObject({ status: 'SUCCESS', amount: 500, to: 'wallet' });
  });

  it("never shows or moves another member's game account", async () => {
    const a = await memberWith(100);
    const b = await memberWith(0, []);
    const creds = await b.w.get('/api/wallet/account/PG');
    expect(creds.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await a.w.get('/api/wallet/account/PG')).statusCode).toBe(200);
  });

  describe('database invariants', () => {
    it('refuses an entry that does not balance, whatever code writes it', async () => {
      const m = await memberWith(10, []);
      const account = await t.app.ctx.db.selectFrom('ledger_account').select('id').where('member_id', '=', m.id).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
      await expect(t.app.ctx.db.transaction().execute(async (trx) => {
        const e = await trx.insertInto('ledger_entry').values({ kind: 'forged', member_id: m.id, reference: null, description: null }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('ledger_posting').values({ entry_id: e.id, account_id: account.id, amount: 100n }).execute();
      })).rejects.toThrow(/does not balance/);
    });

    it('has the audit report a cached balance that drifted from its postings', async () => {
      const m = await memberWith(10, []);
      const bump = (by: number) => sql`update ledger_account set balance = balance + ${by} where member_id = ${m.id} and kind = 'wallet'`.execute(t.app.ctx.db);
      await bump(1);
      try {
        const report = await auditLedger(t.app.ctx.db);
        expect(report.ok).toBe(false);
        expect(report.drift).toEqual([expect.objectContaining({ cached: '1001', posted: '1000' })]);
      } finally {
        await bump(-1);
      }
      expect((await auditLedger(t.app.ctx.db)).ok).toBe(true);
    });

    it('refuses a member balance below zero and any edit of history', async () => {
      const m = await memberWith(10, []);
      await expect(sql`update ledger_account set balance = -1 where member_id = ${m.id} and kind = 'wallet'`.execute(t.app.ctx.db)).rejects.toThrow(/not_negative/);
      await expect(sql`update ledger_posting set amount = amount + 1`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from ledger_entry`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
    });
  });
});
