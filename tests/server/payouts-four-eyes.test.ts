import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminEndpoints, type MoneyConfig } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { ACTION_CODE_LIMITS } from '../../src/server/modules/admin/operators';
import { build, type TestApp } from './helpers/app';
import { configPeople } from './helpers/config';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { adminClient, authenticatorCode, enrolAndSignIn, operatorWith, STRONG_PASSWORD } from './helpers/operators';
import { balances, walletClient } from './helpers/wallet';

/**
 * Issue 30, four eyes on payouts: above the four-eyes amount of the member's currency (recorded on
 * the withdrawal when it is made; 10,000 baht by default) a withdrawal is paid only after two
 * approvals by operators of different trees, the second with a fresh authenticator code.
 */
describe.each(engines)('four eyes on payouts on %s', (engine) => {
  let t: TestApp;
  let now: Date;
  /** The next 30-second authenticator step: a code of it has never been used. */
  const nextStep = () => { now = new Date(now.getTime() + 30_000); };

  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  beforeEach(() => {
    now = new Date();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => now);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const db = () => t.app.ctx.db;
  const entriesOf = async (id: string) =>
    (await db().selectFrom('ledger_entry').select('kind').where('reference', '=', id).execute()).map((e) => e.kind).sort();
  const auditOf = async (id: string) =>
    (await db().selectFrom('operator_audit').select(['action', 'operator_username', 'after']).where('target_type', '=', 'withdrawal')
      .where('target_id', '=', id).orderBy('id').execute());

  async function queued(amount: number, currency: 'BAHT' | 'LAK' = 'BAHT') {
    const m = await seedMember(t.app, { currency });
    await fundWallet(t.app, m.id, currency === 'LAK' ? 20_000_000 : 40_000);
    const w = walletClient(t.app, m.token);
    const res = await w.withdraw(amount);
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('withdrawal').select(['id', 'status', 'second_approval_above']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    return { member: m, w, id: row.id, row };
  }
  const itemFor = async (who: ReturnType<typeof adminClient>, id: string, status: 'queued' | 'paying' | 'paid' | 'rejected' = 'queued') =>
    (await who.withdrawals(status)).answer().items.find((i) => i.id === id);

  it('records the first approval and moves nothing; the same operator, or one of its tree, cannot give the second', async () => {
    const first = await operatorWith(t.app, 'admin');
    const w = await queued(12_000);
    expect(w.row).toMatchObject({ status: 'queued', second_approval_above: 1_000_000n });
    expect(await itemFor(first, w.id)).toMatchObject({ approvalsRequired: 2, secondApprovalAbove: 10_000, firstApprovedBy: null, approvableByYou: true });

    const approved = await first.approveWithdrawal(w.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer()).toMatchObject({ status: 'queued', firstApprovedBy: first.username, approvalsRequired: 2, approvableByYou: false });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);

    // The first approver again, with or without a fresh code.
    nextStep();
    for (const code of [undefined, authenticatorCode(t.app, first.secret)]) {
      const again = await first.approveWithdrawal(w.id, code);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: 'OWN_APPROVAL' });
    }
    // An operator the first approver made in the console is of its tree.
    const made = `made${process.pid % 1000}${Date.now() % 100_000}`;
    const created = await contractCaller(t.app, first.token)(adminEndpoints.adminCreateOperator, {
      body: { username: made, name: 'Made by the first approver', role: 'finance', password: STRONG_PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    const child = await enrolAndSignIn(t.app, made, STRONG_PASSWORD);
    const childClient = adminClient(t.app, child.token);
    expect(await itemFor(childClient, w.id)).toMatchObject({ firstApprovedBy: first.username, approvableByYou: false });
    nextStep();
    const byTree = await childClient.approveWithdrawal(w.id, authenticatorCode(t.app, child.secret));
    expect(byTree.statusCode).toBe(403);
    expect(byTree.json()).toEqual({ message: 'OWN_APPROVAL' });

    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);
    expect((await db().selectFrom('withdrawal').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status).toBe('queued');
    expect((await auditOf(w.id)).map((a) => [a.action, a.operator_username])).toEqual([
      ['withdrawal.approve_first', first.username],
      ['withdrawal.approve_refused', first.username],
      ['withdrawal.approve_refused', first.username],
      ['withdrawal.approve_refused', made],
    ]);
  });

  it('pays after a second approval by an independent operator with a fresh code; no code, a wrong, stale or replayed code pay nothing', async () => {
    const [first, second] = [await operatorWith(t.app, 'admin'), await operatorWith(t.app, 'finance')];
    const w = await queued(15_000);
    expect((await first.approveWithdrawal(w.id)).statusCode).toBe(200);
    expect(await itemFor(second, w.id)).toMatchObject({ firstApprovedBy: first.username, approvableByYou: true });

    const noCode = await second.approveWithdrawal(w.id);
    expect(noCode.json()).toEqual({ message: 'APPROVAL_CODE_REQUIRED' });
    // The code that signed the second operator in: its step is spent.
    const spent = await second.approveWithdrawal(w.id, authenticatorCode(t.app, second.secret));
    expect(spent.statusCode).toBe(403);
    expect(spent.json()).toEqual({ message: 'APPROVAL_CODE_INVALID' });
    nextStep();
    const stale = await second.approveWithdrawal(w.id, authenticatorCode(t.app, second.secret, -3));
    expect(stale.json()).toEqual({ message: 'APPROVAL_CODE_INVALID' });
    const wrong = await second.approveWithdrawal(w.id, authenticatorCode(t.app, first.secret));
    expect(wrong.json()).toEqual({ message: 'APPROVAL_CODE_INVALID' });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);

    const code = authenticatorCode(t.app, second.secret);
    const paid = await second.approveWithdrawal(w.id, code);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.answer()).toMatchObject({ status: 'paid', decidedBy: second.username, firstApprovedBy: first.username, amount: 15_000 });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold', 'withdraw_paid']);
    const row = await db().selectFrom('withdrawal').select(['first_approved_by', 'approved_by']).where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(row.first_approved_by).not.toBe(row.approved_by);
    // Asking again answers the item; nothing moves twice.
    expect((await second.approveWithdrawal(w.id, code)).answer()).toMatchObject({ status: 'paid' });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold', 'withdraw_paid']);

    // The same code once more, on another withdrawal: a replay.
    const other = await queued(11_000);
    expect((await first.approveWithdrawal(other.id)).statusCode).toBe(200);
    const replay = await second.approveWithdrawal(other.id, code);
    expect(replay.json()).toEqual({ message: 'APPROVAL_CODE_INVALID' });
    expect(await entriesOf(other.id)).toEqual(['withdraw_hold']);

    const actions = (await auditOf(w.id)).map((a) => a.action);
    expect(actions).toEqual(['withdrawal.approve_first', 'withdrawal.approve_refused', 'withdrawal.approve_refused',
      'withdrawal.approve_refused', 'withdrawal.approve_refused', 'withdrawal.approve_second']);
    expect((await auditOf(w.id))[1].after).toEqual({ refused: 'APPROVAL_CODE_REQUIRED' });
    expect((await balances(t.app, w.member.id)).wallet).toBe(25_000);
  });

  it('moves the money once when two independent operators give the second approval at once', async () => {
    const first = await operatorWith(t.app, 'finance');
    const [b, c] = [await operatorWith(t.app, 'finance'), await operatorWith(t.app, 'admin')];
    const w = await queued(20_000);
    expect((await first.approveWithdrawal(w.id)).statusCode).toBe(200);
    nextStep();
    const answers = await Promise.all([b.approveWithdrawal(w.id, authenticatorCode(t.app, b.secret)), c.approveWithdrawal(w.id, authenticatorCode(t.app, c.secret))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold', 'withdraw_paid']);
    expect((await auditOf(w.id)).filter((a) => a.action === 'withdrawal.approve_second')).toHaveLength(1);
  });

  it('two first approvals at once record one; the other is told it was decided', async () => {
    const [a, b] = [await operatorWith(t.app, 'finance'), await operatorWith(t.app, 'admin')];
    const w = await queued(13_000);
    const answers = await Promise.all([a.approveWithdrawal(w.id), b.approveWithdrawal(w.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await db().selectFrom('withdrawal').select(['status', 'first_approved_by']).where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.first_approved_by).not.toBeNull();
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);
  });

  it('at or below the four-eyes amount one approval pays, as before (baht and kip)', async () => {
    const finance = await operatorWith(t.app, 'finance');
    const baht = await queued(10_000);
    expect(await itemFor(finance, baht.id)).toMatchObject({ approvalsRequired: 1, approvableByYou: true });
    expect((await finance.approveWithdrawal(baht.id)).answer()).toMatchObject({ status: 'paid', decidedBy: finance.username, firstApprovedBy: null });
    expect((await auditOf(baht.id)).map((a) => a.action)).toEqual(['withdrawal.approve']);

    // Kip: the auto-pay limit is 3,000,000 and the four-eyes amount 6,000,000.
    const kipOne = await queued(5_000_000, 'LAK');
    expect(kipOne.row.second_approval_above).toBe(600_000_000n);
    expect((await finance.approveWithdrawal(kipOne.id)).answer()).toMatchObject({ status: 'paid' });
    const kipTwo = await queued(7_000_000, 'LAK');
    expect((await finance.approveWithdrawal(kipTwo.id)).answer()).toMatchObject({ status: 'queued', approvalsRequired: 2, firstApprovedBy: finance.username });
  });

  it('holds the rule in the database whatever writes the row', async () => {
    const [first, second] = [await operatorWith(t.app, 'finance'), await operatorWith(t.app, 'admin')];
    const w = await queued(14_000);
    const ids = await db().selectFrom('operator').select(['id', 'username']).where('username', 'in', [first.username, second.username]).execute();
    const idOf = (u: string) => ids.find((o) => o.username === u)!.id;
    // The database's own refusal: a CHECK of migration 0035 or its trigger, nothing else.
    const refused = (statement: ReturnType<typeof sql>) =>
      expect(statement.execute(db())).rejects.toThrow(/violates check constraint "withdrawal_(two_approvers|first_approval_needed)"|withdrawal [0-9a-f-]{36}: /);

    // One approver only, or the same twice.
    await refused(sql`update withdrawal set status = 'paying', approved_by = ${idOf(second.username)} where id = ${w.id}`);
    await sql`update withdrawal set first_approved_by = ${idOf(first.username)}, first_approved_at = now() where id = ${w.id}`.execute(db());
    await refused(sql`update withdrawal set status = 'paying', approved_by = ${idOf(first.username)} where id = ${w.id}`);
    // The first approval and the recorded amount never change.
    await refused(sql`update withdrawal set first_approved_by = ${idOf(second.username)} where id = ${w.id}`);
    await refused(sql`update withdrawal set second_approval_above = 100000000 where id = ${w.id}`);
    // An operator made by the first approver (its tree).
    const child = await t.app.backOffice.operators.create({ username: `child${Date.now() % 1_000_000}`, name: 'Child', role: 'finance', password: STRONG_PASSWORD },
      { operatorId: idOf(first.username), username: first.username, ip: null });
    await refused(sql`update withdrawal set status = 'paying', approved_by = ${child.id} where id = ${w.id}`);
    // A withdrawal above its amount is never made paying at once.
    await refused(sql`insert into withdrawal (id, member_id, amount, status, idempotency_key, bank_code, bank_account_no, bank_account_name, second_approval_above)
      values (gen_random_uuid(), ${w.member.id}, 2000000, 'paying', 'sql-direct', 'SCB', '1234567890', 'X', 1000000)`);
    expect((await db().selectFrom('withdrawal').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status).toBe('queued');

    // The right way still works.
    nextStep();
    expect((await second.approveWithdrawal(w.id, authenticatorCode(t.app, second.secret))).answer()).toMatchObject({ status: 'paid' });
  });

  it('rejecting asks for a reason the member reads on the statement, as plain text', async () => {
    const finance = await operatorWith(t.app, 'finance');
    const w = await queued(12_500);
    const words = '<b>Play</b> the turnover first & try again';
    const missing = await finance.rejectWithdrawal(w.id, undefined, 'OTHER');
    expect(missing.json()).toEqual({ message: 'REASON_REQUIRED' });
    for (const body of [{ reasonCode: 'PAYOUT_REFUSED', reason: 'x' }, { reasonCode: 'NOPE' }, { reason: 'a'.repeat(501) }, { reason: '   ' }, { reason: 42 }]) {
      const bad = await finance.post(`/api/admin/withdrawals/${w.id}/reject`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toEqual({ message: 'INVALID_INPUT' });
    }
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);

    const rejected = await finance.rejectWithdrawal(w.id, words, 'TURNOVER_NOT_MET');
    expect(rejected.answer()).toMatchObject({ status: 'rejected', rejectReason: 'TURNOVER_NOT_MET', rejectText: words });
    expect((await balances(t.app, w.member.id)).wallet).toBe(40_000);
    const row = (await w.w.statement()).answer().statements[0];
    expect(row).toMatchObject({ statementType: 'withdraw', status: 'FAILED', amount: 12_500, reason: { code: 'TURNOVER_NOT_MET', text: words } });

    // A standard reason alone; the member reads it worded in their language.
    const plain = await queued(6_000);
    expect((await finance.rejectWithdrawal(plain.id, undefined, 'BANK_ACCOUNT_INVALID')).answer()).toMatchObject({ rejectReason: 'BANK_ACCOUNT_INVALID', rejectText: null });
    expect((await plain.w.statement()).answer().statements[0].reason).toEqual({ code: 'BANK_ACCOUNT_INVALID', text: null });
    expect((await auditOf(plain.id)).map((a) => a.action)).toEqual(['withdrawal.reject']);
  });

  it('refuses bad input with contract codes, roles that may not, and too many wrong codes', async () => {
    const [first, second, support] = [await operatorWith(t.app, 'admin'), await operatorWith(t.app, 'finance'), await operatorWith(t.app, 'support')];
    const w = await queued(16_000);
    expect((await support.approveWithdrawal(w.id)).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await first.approveWithdrawal('0190b8f0-0000-7000-8000-000000000000')).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await first.approveWithdrawal(w.id)).statusCode).toBe(200);
    for (const code of ['12345', 'abcdef', '1234567']) {
      const bad = await second.post(`/api/admin/withdrawals/${w.id}/approve`, { code });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'INVALID_INPUT' });
    }
    nextStep();
    const good = authenticatorCode(t.app, second.secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < ACTION_CODE_LIMITS.perOperator; i++) expect((await second.approveWithdrawal(w.id, wrong)).json()).toEqual({ message: 'APPROVAL_CODE_INVALID' });
    const limited = await second.approveWithdrawal(w.id, good);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect(await entriesOf(w.id)).toEqual(['withdraw_hold']);
    // Another independent operator is not held by it.
    const third = await operatorWith(t.app, 'finance');
    nextStep();
    expect((await third.approveWithdrawal(w.id, authenticatorCode(t.app, third.secret))).answer()).toMatchObject({ status: 'paid' });
  });

  it('the four-eyes amount is a money rule: a change waits for another operator, applies to new withdrawals only, and caps auto-pay', async () => {
    const { admin, finance } = await configPeople(t.app);
    const before = (await admin.config.value('money', 'BAHT')) as MoneyConfig;
    expect(before).toMatchObject({ autoPayLimit: 5_000, secondApprovalAbove: 10_000 });

    const proposed = await admin.config.change('money', 'BAHT', { ...before, secondApprovalAbove: 20_000 });
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    const waiting = await queued(15_000);
    expect(waiting.row.second_approval_above).toBe(1_000_000n);
    expect((await admin.config.approve(proposed.answer().id)).json()).toEqual({ message: 'OWN_PROPOSAL' });
    expect((await finance.config.approve(proposed.answer().id)).answer()).toMatchObject({ status: 'applied' });

    const after = await queued(15_000);
    expect(after.row.second_approval_above).toBe(2_000_000n);
    expect(await itemFor(finance, after.id)).toMatchObject({ approvalsRequired: 1 });
    // The one made before keeps the amount it was made under.
    expect(await itemFor(finance, waiting.id)).toMatchObject({ approvalsRequired: 2, secondApprovalAbove: 10_000 });

    // Below the auto-pay limit: what is above it waits for two all the same.
    const lower = await admin.config.change('money', 'BAHT', { ...before, secondApprovalAbove: 3_000 });
    await finance.config.approve(lower.answer().id);
    const capped = await queued(4_000);
    expect(capped.row.status).toBe('queued');
    expect(await itemFor(finance, capped.id)).toMatchObject({ approvalsRequired: 2 });
    const small = await queued(2_000);
    expect(small.row.status).not.toBe('queued');

    const bad = await admin.config.change('money', 'BAHT', { ...before, secondApprovalAbove: -1 });
    expect(bad.statusCode).toBe(400);
    const restore = await admin.config.change('money', 'BAHT', before);
    expect((await finance.config.approve(restore.answer().id)).answer()).toMatchObject({ status: 'applied' });
    const lines = await db().selectFrom('operator_audit').select(['action', 'before', 'after']).where('target_type', '=', 'config.money')
      .where('action', '=', 'config.approve').orderBy('id', 'desc').limit(3).execute();
    expect(lines.map((l) => (l.after as MoneyConfig).secondApprovalAbove)).toEqual([10_000, 3_000, 20_000]);
  });
});
