import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_KINDS, toMajor, type ReportKind } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, encryptLink, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances, walletClient } from './helpers/wallet';

const TZ = 'Asia/Bangkok';
/** A local day in Bangkok (UTC+7, no daylight saving) as YYYY-MM-DD. */
const bangkokDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 30: the dashboard and every report equal the ledger. A day is booked through the product's
 * own paths (every deposit channel, withdrawals paid and rejected, a bonus and its forfeit, a refund,
 * an invite bonus, a spin prize, game wins and losses, a reversed transfer, a manual credit), then
 * each figure is compared with a plain sum over the ledger's postings, and with what was booked.
 */
describe.each(engines)('dashboard and reports on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof operatorWith>>;
  // The entries the product books carry the database's time; the range is the Bangkok days around now.
  let range: { from: string; to: string; tz: string };

  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
    finance = await operatorWith(t.app, 'finance');
    const today = bangkokDay(new Date());
    range = { from: addDays(today, -1), to: addDays(today, 1), tz: TZ };
    await bookTheDay();
  }, 240_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const query = (r: { from: string; to: string; tz: string }, extra = '') => `from=${r.from}&to=${r.to}&tz=${encodeURIComponent(r.tz)}${extra}`;
  const dashboard = async (r = range) => {
    const res = await finance.get(`/api/admin/dashboard?${query(r)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const report = async (kind: ReportKind, page = 1, r = range) => {
    const res = await finance.get(`/api/admin/reports/${kind}?${query(r, `&page=${page}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const csv = async (kind: ReportKind, r = range) => {
    const res = await finance.get(`/api/admin/reports/${kind}/csv?${query(r)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return res.body.replace(/^\uFEFF/, '');
  };

  /** The ledger's own sum: the postings on accounts of `accountKind` (and code) of entries of `kinds` in the range, in minor units. */
  async function ledgerSum(kinds: string[], account: { kind: 'wallet' | 'game' | 'house'; codeLike?: string }, currency = 'BAHT') {
    const row = await sql<{ total: string | null; entries: number }>`
      select sum(p.amount)::text as total, count(distinct e.id)::int as entries
      from ledger_entry e join ledger_posting p on p.entry_id = e.id join ledger_account a on a.id = p.account_id
      where e.kind in (${sql.join(kinds)}) and a.kind = ${account.kind} and a.currency = ${currency}
        ${account.codeLike ? sql`and a.code like ${account.codeLike}` : sql``}
        and e.created_at >= (${range.from}::timestamp at time zone ${TZ}) and e.created_at < (${range.to}::timestamp at time zone ${TZ})`
      .execute(t.app.ctx.db);
    return { total: BigInt(row.rows[0].total ?? 0), entries: row.rows[0].entries };
  }

  // What the day booked, in major units, to compare with too.
  const booked = { sandbox: 1000, slip: 500, qr: 300, truewallet: 200, lak: 50_000, paid: 300 + 200, bonus: 200, forfeit: 200, refund: 10, invite: 30, credit: 50, loss: 120, win: 100 };
  let spinPrize = 0;
  let memberA: Awaited<ReturnType<typeof seedMember>>;

  async function bookTheDay() {
    const app = t.app;
    const fund = (token: string, amount: number) =>
      app.inject({ method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount }, headers: clientHeaders(token, { 'idempotency-key': randomUUID() }) });

    // Deposits of every channel: the sandbox's funding, a slip, a QR code paid, a True Wallet voucher; and a Lao member in kip.
    const a = (memberA = await seedMember(app));
    const d = depositClient(app, a.token);
    expect((await fund(a.token, booked.sandbox)).statusCode).toBe(200);
    const noon = new Date(`${bangkokDay(new Date())}T05:00:00Z`);
    const clock = vi.spyOn(app.ctx.clock, 'now').mockImplementation(() => noon);
    const slip = await sandbox(app).slip(booked.slip);
    expect((await d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'SUCCESS' });
    clock.mockRestore();
    const qr = (await d.qrCreate('KBANK', booked.qr)).json();
    expect((await sandbox(app).pay(qr.qrcodeId)).statusCode).toBe(200);
    const voucher = await sandbox(app).voucher(booked.truewallet);
    expect((await d.truelink(encryptLink(voucher.link))).statusCode).toBe(200);
    const lao = await seedMember(app, { currency: 'LAK' });
    expect((await fund(lao.token, booked.lak)).statusCode).toBe(200);
    expect((await balances(app, a.id)).wallet).toBe(2000);

    // Game play: 500 into PG, a loss of 120 and a win of 100 (each read by a refresh), then a transfer the provider refuses (reversed).
    const w = walletClient(app, a.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 500)).statusCode).toBe(200);
    const { username } = await app.wallet.games.credentials(a.id, 'PG');
    await app.demoProvider!.bet('PG', username, 12_000n, 0n);
    expect((await w.refresh()).statusCode).toBe(200);
    await app.demoProvider!.bet('PG', username, 5_000n, 15_000n);
    expect((await w.refresh()).statusCode).toBe(200);
    app.demoProvider!.injectFault('PG', 'fail');
    expect((await w.transfer('wallet', 'PG', 40)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect((await w.transfer('PG', 'wallet', 480)).statusCode).toBe(200);

    // A withdrawal under the automatic limit, paid by the sandbox payout.
    expect((await w.withdraw(300)).statusCode).toBe(200);

    // A bonus on a deposit, then withdraw-all gives it up (forfeit) and the withdrawal is rejected.
    const b = await seedMember(app);
    expect((await fund(b.token, 200)).statusCode).toBe(200);
    const bonus = await app.inject({ method: 'GET', url: '/api/bonus/activate/WELCOME100', headers: clientHeaders(b.token) });
    expect(bonus.statusCode, bonus.body).toBe(200);
    const all = await walletClient(app, b.token).withdrawAll(400);
    expect(all.statusCode, all.body).toBe(200);
    // A withdrawal above the automatic limit waits for an operator, who rejects it: the money returns.
    const c = await seedMember(app);
    expect((await fund(c.token, 6000)).statusCode).toBe(200);
    expect((await walletClient(app, c.token).withdraw(6000)).statusCode).toBe(200);
    const queued = await app.ctx.db.selectFrom('withdrawal').select(['id', 'status']).where('member_id', '=', c.id).executeTakeFirstOrThrow();
    expect(queued.status).toBe('queued');
    expect((await finance.rejectWithdrawal(queued.id, 'test')).statusCode).toBe(200);

    // A refund paid to the wallet, an invite bonus claimed: their rows as the daily jobs make them, paid by the member's own call.
    await app.ctx.db.insertInto('refund').values({ member_id: a.id, period: 'test', net_loss: 20_000n, amount: BigInt(booked.refund * 100) }).execute();
    expect((await app.inject({ method: 'GET', url: '/api/refund/addWallet', headers: clientHeaders(a.token) })).json()).toMatchObject({ message: 'REFUND_SUCCESS' });
    const referrer = await seedMember(app);
    const firstDeposit = await app.ctx.db.selectFrom('ledger_entry').select('id').where('member_id', '=', a.id).where('kind', '=', 'deposit').orderBy('id').executeTakeFirstOrThrow();
    await app.ctx.db.insertInto('invite_earning').values({ referrer_id: referrer.id, friend_id: a.id, deposit_entry_id: firstDeposit.id, amount: BigInt(booked.invite * 100), claim_reference: null, claimed_at: null }).execute();
    expect((await app.inject({ method: 'GET', url: '/api/invite/bonus', headers: clientHeaders(referrer.token) })).json()).toMatchObject({ message: 'INVITE_BONUS_SUCCESS' });

    // A spin prize.
    const spinner = await seedMember(app);
    await app.ctx.db.updateTable('member').set({ coin: 60 }).where('id', '=', spinner.id).execute();
    const spinHeaders = clientHeaders(spinner.token, { 'accept-language': 'en' });
    for (let i = 0; i < 60 && !spinPrize; i++) {
      await app.inject({ method: 'POST', url: '/api/spinwheel/spin', headers: spinHeaders });
      const { coupons } = (await app.inject({ method: 'GET', url: '/api/spinwheel/coupon', headers: spinHeaders })).json();
      if (coupons.length) {
        expect((await app.inject({ method: 'POST', url: '/api/spinwheel/coupon/claim', payload: { coupon: coupons[0]._id }, headers: spinHeaders })).json()).toEqual({ message: 'OK' });
        spinPrize = coupons[0].amount;
      }
    }
    expect(spinPrize).toBeGreaterThan(0);

    // A manual credit, proposed by one operator and approved by another.
    const admin = await operatorWith(app, 'admin');
    const proposal = await finance.propose({ memberId: a.id, direction: 'credit', amount: booked.credit, reason: '=HYPERLINK("x") goodwill' });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect((await admin.approveAdjustment(proposal.json().id)).statusCode).toBe(200);
  }

  const baht = (body: { currencies: { currency: string }[] }) => body.currencies.find((c) => c.currency === 'BAHT') as Record<string, any>;

  it('computes every dashboard figure as the ledger sums it, per currency, to the satang and the kip', async () => {
    const body = await dashboard();
    expect(body.bucket).toBe('day');
    expect(body.buckets).toEqual([range.from, addDays(range.from, 1)]);
    const b = baht(body);
    const lak = body.currencies.find((c: { currency: string }) => c.currency === 'LAK');

    const deposits = await ledgerSum(['deposit'], { kind: 'wallet' });
    expect(b.deposits.total).toBe(toMajor(deposits.total));
    expect(b.deposits.count).toBe(deposits.entries);
    expect(b.deposits.total).toBe(booked.sandbox + 200 + 6000 + booked.slip + booked.qr + booked.truewallet); // members B's and C's too
    expect(Object.fromEntries(b.deposits.byChannel.map((c: { channel: string; total: number }) => [c.channel, c.total])))
      .toEqual({ sandbox: booked.sandbox + 200 + 6000, slip: booked.slip, KBANK: booked.qr, truewallet: booked.truewallet });
    expect(b.deposits.series.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(b.deposits.total, 2);
    expect(lak.deposits).toMatchObject({ total: booked.lak, count: 1 });
    expect(toMajor((await ledgerSum(['deposit'], { kind: 'wallet' }, 'LAK')).total)).toBe(booked.lak);

    const paid = await ledgerSum(['withdraw_paid'], { kind: 'house', codeLike: 'bank_payouts' });
    expect(b.withdrawals.total).toBe(toMajor(paid.total));
    expect(b.withdrawals.total).toBe(booked.paid);
    expect(b.netDeposits.total).toBe(toMajor(deposits.total - paid.total));

    const results = await ledgerSum(['game_result'], { kind: 'game' });
    expect(b.ggr.total).toBe(toMajor(-results.total));
    expect(b.ggr.total).toBe(booked.loss - booked.win);
    expect(b.ggr.byProvider).toEqual([{ provider: 'PG', total: booked.loss - booked.win }]);

    const expense = await ledgerSum(['bonus', 'bonus_forfeit', 'spin_prize'], { kind: 'house', codeLike: 'bonus_expense' });
    expect(b.bonusCost.total).toBe(toMajor(-expense.total));
    expect(b.bonusCost.total).toBe(booked.bonus - booked.forfeit + booked.refund + booked.invite + spinPrize);
    const kinds = Object.fromEntries(b.bonusCost.byKind.map((k: { kind: string }) => [k.kind, k]));
    expect(kinds.bonus).toEqual({ kind: 'bonus', granted: booked.bonus, forfeited: booked.forfeit, total: 0 });
    expect(kinds.refund.total).toBe(booked.refund);
    expect(kinds.invite.total).toBe(booked.invite);
    expect(kinds.spin.total).toBe(spinPrize);
    expect(b.ngr.total).toBeCloseTo(b.ggr.total - b.bonusCost.total, 2);

    const adjustments = await ledgerSum(['adjustment_credit', 'adjustment_debit'], { kind: 'wallet' });
    expect(b.adjustments.total).toBe(toMajor(adjustments.total));
    expect(b.adjustments.total).toBe(booked.credit);

    // Every member booked today made a first deposit today (A, B, C, and the Lao member).
    expect(b.firstDeposits.count).toBe(3);
    expect(b.firstDeposits.total).toBe(booked.sandbox + 200 + 6000);
    expect(b.firstDeposits.average).toBe((booked.sandbox + 200 + 6000) / 3);
    expect(lak.firstDeposits).toMatchObject({ count: 1, total: booked.lak });

    // Liability: every member account now, and the same at the range's end (nothing after it).
    const owed = await sql<{ total: string }>`select coalesce(sum(balance), 0)::text as total from ledger_account where kind <> 'house' and currency = 'BAHT'`.execute(t.app.ctx.db);
    expect(b.liability.now).toBe(toMajor(BigInt(owed.rows[0].total)));
    expect(b.liability.atEnd).toBe(b.liability.now);
    expect(b.liability.series.at(-1)).toBe(b.liability.now);
    expect(b.registrations.count).toBeGreaterThanOrEqual(5);
    expect(b.activeMembers.count).toBeGreaterThanOrEqual(4);
    expect(body.queues).toMatchObject({ withdrawalsQueued: expect.any(Number), adjustmentsProposed: 0 });
  });

  it('answers each report with totals equal to the ledger, and its CSV export sums to the same, line by line', async () => {
    const expectations: Partial<Record<ReportKind, { kinds: string[]; account: { kind: 'wallet' | 'game' | 'house'; codeLike?: string }; sign: 1n | -1n }>> = {
      deposits: { kinds: ['deposit'], account: { kind: 'wallet' }, sign: 1n },
      spin: { kinds: ['spin_prize'], account: { kind: 'wallet' }, sign: 1n },
      adjustments: { kinds: ['adjustment_credit', 'adjustment_debit'], account: { kind: 'wallet' }, sign: 1n },
    };
    for (const kind of REPORT_KINDS) {
      const page = await report(kind);
      const text = await csv(kind);
      const [header, ...lines] = text.trimEnd().split('\r\n');
      expect(header.split(',')).toEqual(page.columns);
      expect(lines).toHaveLength(page.total);
      expect(page.items.length).toBe(Math.min(page.total, page.limit));
      const amountAt = page.columns.indexOf('amount');
      if (amountAt < 0) continue;
      const csvTotal = lines.reduce((sum, line) => sum + BigInt(Math.round(Number(line.split(',')[amountAt]) * 100)), 0n);
      const summaryTotal = page.summary.filter((s: { currency: string }) => s.currency === 'BAHT').reduce((x: number, s: { amount: number }) => x + s.amount, 0);
      const want = expectations[kind];
      if (want) {
        const ledger = await ledgerSum(want.kinds, want.account);
        const lak = await ledgerSum(want.kinds, want.account, 'LAK');
        expect(csvTotal, kind).toBe(want.sign * (ledger.total + lak.total));
        expect(summaryTotal, kind).toBeCloseTo(toMajor(want.sign * ledger.total), 2);
      }
    }
    const deposits = await report('deposits');
    expect(deposits.summary).toEqual(expect.arrayContaining([
      expect.objectContaining({ currency: 'BAHT', group: 'slip', count: 1, amount: booked.slip }),
      expect.objectContaining({ currency: 'LAK', group: 'sandbox', count: 1, amount: booked.lak }),
    ]));
    const withdrawals = await report('withdrawals');
    const steps = Object.fromEntries(withdrawals.summary.map((s: { group: string; amount: number }) => [s.group, s.amount]));
    expect(steps.paid).toBe(toMajor((await ledgerSum(['withdraw_paid'], { kind: 'house', codeLike: 'bank_payouts' })).total));
    expect(steps.returned).toBe(toMajor((await ledgerSum(['withdraw_return'], { kind: 'wallet' })).total));
    expect(steps.held).toBe(toMajor(-(await ledgerSum(['withdraw_hold'], { kind: 'wallet' })).total));

    const bonuses = await report('bonuses');
    expect(bonuses.summary).toEqual([expect.objectContaining({
      currency: 'BAHT', group: 'WELCOME100', count: 2, amount: 0,
      figures: { granted: booked.bonus, forfeited: booked.forfeit, turnoverTarget: expect.any(Number), turnoverDone: expect.any(Number) },
    })]);
    expect(bonuses.items.find((i: { kind: string }) => i.kind === 'grant')).toMatchObject({ turnover_target: 1200, turnover_done: 0, bonus_status: 'expired' });
    expect((await report('refunds')).summary).toEqual([expect.objectContaining({ group: 'wallet', amount: booked.refund, figures: { granted: booked.refund, forfeited: 0 } })]);
    expect((await report('invites')).summary).toEqual([expect.objectContaining({ group: 'wallet', amount: booked.invite })]);

    const providers = await report('providers');
    const pg = providers.summary.find((s: { currency: string; group: string }) => s.currency === 'BAHT' && s.group === 'PG');
    expect(pg).toMatchObject({ amount: booked.loss - booked.win, figures: { toGame: 500, toGameCount: 1, fromGame: 480, fromGameCount: 1, reversed: 40, reversedCount: 1, ggr: booked.loss - booked.win } });
    const ggr = await ledgerSum(['game_result'], { kind: 'house', codeLike: 'game_float:%' });
    expect(pg.figures.ggr).toBe(toMajor(ggr.total));

    const operators = await report('operators');
    expect(operators.summary.map((s: { group: string }) => s.group)).toEqual(expect.arrayContaining(['adjustment.propose', 'adjustment.approve']));
  });

  it('pages detail lines oldest first, and writes CSV cells a spreadsheet cannot run as formulas', async () => {
    const first = await report('deposits');
    const times = first.items.map((i: { at: string }) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect((await report('deposits', 2)).items).toEqual([]);
    const text = await csv('adjustments');
    expect(text).toContain(`"'=HYPERLINK(""x"") goodwill"`);
    expect(text).toMatch(/,50\.00,/);
    const withdrawals = await csv('withdrawals');
    expect(withdrawals.split('\r\n')[1]).toMatch(/^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  });

  it('puts an entry at 23:30 local in that local day, and buckets one day by the hour', async () => {
    // An entry booked at 23:30 Bangkok on a day long ago (16:30 UTC), as the ledger's one write would book it then.
    const day = '2020-01-15';
    const at = new Date('2020-01-15T16:30:00Z');
    await t.app.ctx.db.transaction().execute(async (trx) => {
      const wallet = await trx.selectFrom('ledger_account').select('id').where('member_id', '=', memberA.id).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
      const houseAccount = await trx.selectFrom('ledger_account').select('id').where('member_id', 'is', null).where('code', '=', 'deposits:sandbox').where('currency', '=', 'BAHT').executeTakeFirstOrThrow();
      const entry = await sql<{ id: string }>`insert into ledger_entry (kind, member_id, reference, description, created_at)
        values ('deposit', ${memberA.id}, ${`late-${randomUUID()}`}, '{"channel":"qr"}', ${at}) returning id`.execute(trx);
      await sql`insert into ledger_posting (entry_id, account_id, amount) values (${entry.rows[0].id}, ${wallet.id}, 777), (${entry.rows[0].id}, ${houseAccount.id}, -777)`.execute(trx);
      await sql`update ledger_account set balance = balance + 777 where id = ${wallet.id}`.execute(trx);
    });
    const oneDay = { from: day, to: '2020-01-16', tz: TZ };
    const inDay = await dashboard(oneDay);
    expect(inDay.bucket).toBe('hour');
    expect(inDay.buckets).toHaveLength(24);
    const b = baht(inDay);
    expect(b.deposits.total).toBe(7.77);
    expect(b.deposits.series[23]).toBe(7.77);
    // In UTC the same entry is on the 15th at 16:00; a day later in Bangkok it is not there.
    expect(baht(await dashboard({ ...oneDay, tz: 'UTC' })).deposits.series[16]).toBe(7.77);
    expect(baht(await dashboard({ from: '2020-01-16', to: '2020-01-17', tz: TZ }))?.deposits.total ?? 0).toBe(0);
    // Liability at that day's end is what member accounts held then: this entry alone.
    expect(b.liability.atEnd).toBe(7.77);
    expect((await report('deposits', 1, oneDay)).items).toEqual([expect.objectContaining({ amount: 7.77, channel: 'sandbox', at: at.toISOString() })]);
  });

  it('refuses support (no reports.read), and answers bad ranges and time zones with their codes', async () => {
    const support = await operatorWith(t.app, 'support');
    for (const url of [`/api/admin/dashboard?${query(range)}`, `/api/admin/reports/deposits?${query(range)}`, `/api/admin/reports/deposits/csv?${query(range)}`]) {
      const res = await support.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'FORBIDDEN' });
    }
    const cases: [string, number, string][] = [
      ['from=2025-03-02&to=2025-03-01', 400, 'INVALID_RANGE'],
      ['from=2025-03-01&to=2025-03-01', 400, 'INVALID_RANGE'],
      ['from=2025-02-30&to=2025-03-01', 400, 'INVALID_RANGE'],
      ['from=2020-01-01&to=2025-01-01', 400, 'RANGE_TOO_LONG'],
      ['from=2025-03-01&to=2025-03-02&tz=Mars/Olympus', 400, 'INVALID_TIME_ZONE'],
      ['from=2025-03-01&to=2025-03-02&tz=%27%3Bdrop', 400, 'INVALID_TIME_ZONE'],
      ['from=yesterday&to=2025-03-02', 400, 'INVALID_INPUT'],
    ];
    for (const [q, status, code] of cases) {
      for (const url of [`/api/admin/dashboard?${q}`, `/api/admin/reports/deposits?${q}`, `/api/admin/reports/deposits/csv?${q}`]) {
        const res = await finance.get(url);
        expect([url, res.statusCode, res.json()]).toEqual([url, status, { message: code }]);
      }
    }
    expect((await finance.get(`/api/admin/reports/nope?${query(range)}`)).statusCode).toBe(400);
  });
});
