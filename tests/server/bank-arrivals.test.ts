import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { sign } from '../../src/server/providers/signing';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { activateBonus, depositClient, endBonus, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances, walletClient } from './helpers/wallet';

const SECRET = 'test-bank-feed-secret';
/** The seeded KBANK AUTO-mode receiving account (0006 seed). */
const KBANK_ACCOUNT = '0730000002';

describe.each(engines)('incoming bank transfers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_BANK_FEED_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const newReference = () => `REF${randomBytes(6).toString('hex').toUpperCase()}`;
  const transfer = (overrides: Record<string, unknown> = {}) => ({
    reference: newReference(), account: KBANK_ACCOUNT, amount: 150_000, currency: 'BAHT', senderBank: 'SCB',
    senderAccount: '999-9-99999-9', senderName: 'SOMEONE UNKNOWN', transferredAt: new Date().toISOString(), ...overrides,
  });

  /** A notification signed as the bank signs it. */
  function webhook(body: Record<string, unknown>, { bank = 'KBANK', secret = SECRET, headers = {} as Record<string, string> } = {}) {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    return t.app.inject({
      method: 'POST', url: `/api/webhooks/bank/${bank}`, payload: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(secret, timestamp, raw), ...headers },
    });
  }

  const arrivalOf = (reference: string) => t.app.ctx.db.selectFrom('bank_arrival').selectAll().where('reference', '=', reference).executeTakeFirst();
  const creditsOf = (reference: string) => t.app.ctx.db.selectFrom('ledger_entry').select(['id', 'member_id'])
    .where('kind', '=', 'deposit').where('reference', '=', `bank:KBANK:${reference}`).execute();
  const auditOf = (id: string) => t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username', 'ip', 'before', 'after'])
    .where('target_id', '=', id).orderBy('id').execute();

  async function member() {
    const m = await seedMember(t.app);
    const row = await t.app.ctx.db.selectFrom('member').select(['bank_code', 'bank_account_no']).where('id', '=', m.id).executeTakeFirstOrThrow();
    return { ...m, bankAccountNo: row.bank_account_no, w: walletClient(t.app, m.token) };
  }

  async function unmatchedArrival(overrides: Record<string, unknown> = {}) {
    const body = transfer(overrides);
    const res = await webhook(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OK', status: 'unmatched' });
    return (await arrivalOf(body.reference))!;
  }

  it("credits the member whose registered account sent it, once, when the bank sends the notification three times at once", async () => {
    const m = await member();
    const body = transfer({ senderBank: 'SCB', senderAccount: m.bankAccountNo, amount: 123_456 });
    const answers = await Promise.all([webhook(body), webhook(body), webhook(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().status)).toEqual(['credited', 'credited', 'credited']);
    expect(await creditsOf(body.reference)).toEqual([expect.objectContaining({ member_id: m.id })]);
    expect((await balances(t.app, m.id)).wallet).toBe(1234.56);
    const arrival = await arrivalOf(body.reference);
    expect(arrival).toMatchObject({ status: 'credited', member_id: m.id, reason: null, decided_by: null });

    // Later retries book nothing either.
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
    expect(await creditsOf(body.reference)).toHaveLength(1);
    const statement = (await m.w.statement()).json();
    expect(statement.statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', from: 'bank', amount: 1234.56 });
  });

  describe('the same transfer as a slip and as an arrival', () => {
    const slipOf = (amount: number) => sandbox(t.app).slip(amount, { bankAccountNo: KBANK_ACCOUNT });
    const slipCredits = (memberId: number) => t.app.ctx.db.selectFrom('ledger_entry').select('reference')
      .where('kind', '=', 'deposit').where('member_id', '=', memberId).execute();

    it('books nothing for the arrival of a transfer the member\'s slip credited, and links the two', async () => {
      const m = await member();
      const slip = await slipOf(311);
      const uploaded = await depositClient(t.app, m.token).uploadSlip(slip.png);
      expect(uploaded.json()).toMatchObject({ status: 'SUCCESS', amount: 311 });
      const body = transfer({ senderBank: 'SCB', senderAccount: m.bankAccountNo, amount: 31_100 });
      expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
      expect(await arrivalOf(body.reference)).toMatchObject({ status: 'credited', member_id: m.id, slip_id: uploaded.json()._id });
      expect(await creditsOf(body.reference)).toEqual([]);
      expect((await balances(t.app, m.id)).wallet).toBe(311);
    });

    it('refuses the slip of a transfer the bank feed credited already (SLIP_REFNO_DUPLICATED)', async () => {
      const m = await member();
      const body = transfer({ senderBank: 'SCB', senderAccount: m.bankAccountNo, amount: 32_200 });
      expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
      const slip = await slipOf(322);
      expect((await depositClient(t.app, m.token).uploadSlip(slip.png)).json()).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
      expect((await balances(t.app, m.id)).wallet).toBe(322);
      expect(await slipCredits(m.id)).toEqual([{ reference: `bank:KBANK:${body.reference}` }]);
    });

    it('settles an arrival waiting for an operator when the member\'s slip credits its transfer', async () => {
      const m = await member();
      // From the member's own account, waiting because the member held a bonus when it came.
      await activateBonus(t.app, m.id);
      const arrival = await unmatchedArrival({ amount: 33_300, senderAccount: m.bankAccountNo });
      await endBonus(t.app, m.id);
      const slip = await slipOf(333);
      const uploaded = await depositClient(t.app, m.token).uploadSlip(slip.png);
      expect(uploaded.json()).toMatchObject({ status: 'SUCCESS', amount: 333 });
      expect(await arrivalOf(arrival.reference)).toMatchObject({ status: 'credited', member_id: m.id, slip_id: uploaded.json()._id });
      const admin = await operatorWith(t.app, 'admin');
      const assign = await admin.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: m.id, note: 'called' });
      expect(assign.statusCode).toBe(409);
      expect((await balances(t.app, m.id)).wallet).toBe(333);
    });

    describe('pairs an arrival only with a slip of the member whose registered account sent it (issue 25)', () => {
      const fromAccount = (m: { bankAccountNo: string }, amount: number) => transfer({ senderBank: 'SCB', senderAccount: m.bankAccountNo, amount });
      const upload = async (m: { token: string }, amount: number, sendingBank?: string) =>
        (await depositClient(t.app, m.token).uploadSlip((await sandbox(t.app).slip(amount, { bankAccountNo: KBANK_ACCOUNT, sendingBank })).png)).json();

      it("credits V's own arrival to V when A's slip of the same amount came first, and A's own arrival then books nothing", async () => {
        const [a, v] = [await member(), await member()];
        const slip = await upload(a, 830.37);
        expect(slip).toMatchObject({ status: 'SUCCESS', amount: 830.37 });

        const fromV = fromAccount(v, 83_037);
        expect((await webhook(fromV)).json()).toEqual({ message: 'OK', status: 'credited' });
        expect(await arrivalOf(fromV.reference)).toMatchObject({ status: 'credited', member_id: v.id, slip_id: null });
        expect(await creditsOf(fromV.reference)).toEqual([expect.objectContaining({ member_id: v.id })]);

        const fromA = fromAccount(a, 83_037);
        expect((await webhook(fromA)).json()).toEqual({ message: 'OK', status: 'credited' });
        expect(await arrivalOf(fromA.reference)).toMatchObject({ status: 'credited', member_id: a.id, slip_id: slip._id });
        expect(await creditsOf(fromA.reference)).toEqual([]);
        expect((await balances(t.app, a.id)).wallet).toBe(830.37);
        expect((await balances(t.app, v.id)).wallet).toBe(830.37);
        expect(await slipCredits(a.id)).toEqual([{ reference: expect.not.stringMatching(/^bank:/) }]);
      });

      it("leaves a stranger's arrival, or one two members could have sent, in the queue when a slip of its amount was credited", async () => {
        const [a, v, w] = [await member(), await member(), await member()];
        await t.app.ctx.db.updateTable('member').set({ bank_account_no: '5550008038' }).where('id', '=', v.id).execute();
        await t.app.ctx.db.updateTable('member').set({ bank_account_no: '6660008038' }).where('id', '=', w.id).execute();
        const slip = await upload(a, 830.38);
        expect(slip).toMatchObject({ status: 'SUCCESS', amount: 830.38 });

        const stranger = await unmatchedArrival({ amount: 83_038 });
        expect(stranger).toMatchObject({ reason: 'NO_MEMBER', member_id: null, slip_id: null });
        const either = await unmatchedArrival({ amount: 83_038, senderAccount: 'XXX-X-XX803-8' });
        expect(either).toMatchObject({ reason: 'MANY_MEMBERS', member_id: null, slip_id: null });
        const queue = (await (await operatorWith(t.app, 'support')).get('/api/admin/arrivals?q=830.38')).json();
        expect(queue.items.map((i: { id: string }) => i.id).sort()).toEqual([stranger.id, either.id].sort());

        // A's own arrival is the slip's transfer.
        const fromA = fromAccount(a, 83_038);
        expect((await webhook(fromA)).json()).toEqual({ message: 'OK', status: 'credited' });
        expect(await arrivalOf(fromA.reference)).toMatchObject({ status: 'credited', member_id: a.id, slip_id: slip._id });
        expect((await balances(t.app, a.id)).wallet).toBe(830.38);
        for (const m of [v, w]) expect((await balances(t.app, m.id)).wallet).toBe(0);
      });

      it("credits A's slip and leaves a stranger's waiting arrival and V's credited one of the same amount as they were", async () => {
        const [a, v] = [await member(), await member()];
        const stranger = await unmatchedArrival({ amount: 83_039 });
        const fromV = fromAccount(v, 83_039);
        expect((await webhook(fromV)).json()).toEqual({ message: 'OK', status: 'credited' });

        const slip = await upload(a, 830.39);
        expect(slip).toMatchObject({ status: 'SUCCESS', amount: 830.39 });
        expect(await slipCredits(a.id)).toEqual([{ reference: expect.not.stringMatching(/^bank:/) }]);
        expect(await arrivalOf(stranger.reference)).toMatchObject({ status: 'unmatched', reason: 'NO_MEMBER', member_id: null, slip_id: null });
        expect(await arrivalOf(fromV.reference)).toMatchObject({ status: 'credited', member_id: v.id, slip_id: null });
        expect((await balances(t.app, a.id)).wallet).toBe(830.39);
        expect((await balances(t.app, v.id)).wallet).toBe(830.39);

        // The stranger's arrival is still the operators' to decide.
        const finance = await operatorWith(t.app, 'finance');
        expect((await finance.post(`/api/admin/arrivals/${stranger.id}/dismiss`, { note: 'returned to the sender' })).json()).toMatchObject({ status: 'dismissed' });
      });

      it("treats a slip from another bank than the member's registered account as another transfer, whichever comes first", async () => {
        const a = await member();
        const fromA = fromAccount(a, 83_041);
        expect((await webhook(fromA)).json()).toEqual({ message: 'OK', status: 'credited' });
        expect(await upload(a, 830.41, 'KBANK')).toMatchObject({ status: 'SUCCESS', amount: 830.41 });
        expect((await balances(t.app, a.id)).wallet).toBe(1660.82);

        const b = await member();
        const slip = await upload(b, 830.42, 'KBANK');
        expect(slip).toMatchObject({ status: 'SUCCESS', amount: 830.42 });
        const fromB = fromAccount(b, 83_042);
        expect((await webhook(fromB)).json()).toEqual({ message: 'OK', status: 'credited' });
        expect(await arrivalOf(fromB.reference)).toMatchObject({ status: 'credited', member_id: b.id, slip_id: null });
        expect((await balances(t.app, b.id)).wallet).toBe(1660.84);
      });

      it("credits A once and V once when A's slip, A's arrival and V's arrival of one amount come at the same moment", async () => {
        for (const [i, amount] of [843.01, 843.02, 843.03].entries()) {
          const [a, v] = [await member(), await member()];
          const png = (await sandbox(t.app).slip(amount, { bankAccountNo: KBANK_ACCOUNT })).png;
          const [fromA, fromV] = [fromAccount(a, Math.round(amount * 100)), fromAccount(v, Math.round(amount * 100))];
          const [uploaded, reportedA, reportedV] = await Promise.all([depositClient(t.app, a.token).uploadSlip(png), webhook(fromA), webhook(fromV)]);
          expect([reportedA.json().status, reportedV.json().status], `round ${i}`).toEqual(['credited', 'credited']);
          expect(['SUCCESS', 'FAILED']).toContain(uploaded.json().status);
          expect(await arrivalOf(fromV.reference), `round ${i}`).toMatchObject({ member_id: v.id, slip_id: null });
          expect((await balances(t.app, a.id)).wallet, `round ${i}`).toBe(amount);
          expect((await balances(t.app, v.id)).wallet, `round ${i}`).toBe(amount);
          expect(await slipCredits(a.id)).toHaveLength(1);
          expect(await slipCredits(v.id)).toEqual([{ reference: `bank:KBANK:${fromV.reference}` }]);
        }
      });

      it("links an arrival an operator assigns to the member whose slip credited its transfer, and books nothing more", async () => {
        const [a, other] = [await member(), await member()];
        // A's own account, masked so that it cannot be told from another member's: it waits for an operator.
        await t.app.ctx.db.updateTable('member').set({ bank_account_no: '5550008044' }).where('id', '=', a.id).execute();
        await t.app.ctx.db.updateTable('member').set({ bank_account_no: '6660008044' }).where('id', '=', other.id).execute();
        const slip = await upload(a, 830.44);
        expect(slip).toMatchObject({ status: 'SUCCESS', amount: 830.44 });
        const arrival = await unmatchedArrival({ amount: 83_044, senderAccount: 'XXX-X-XX804-4' });
        expect(arrival.reason).toBe('MANY_MEMBERS');

        const finance = await operatorWith(t.app, 'finance');
        const assigned = await finance.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: a.id, note: 'her own account' });
        expect(assigned.statusCode, assigned.body).toBe(200);
        expect(assigned.json()).toMatchObject({ status: 'credited', memberId: a.id, slipId: slip._id, note: 'her own account' });
        expect(await arrivalOf(arrival.reference)).toMatchObject({ status: 'credited', member_id: a.id, slip_id: slip._id });
        expect(await creditsOf(arrival.reference)).toEqual([]);
        expect((await balances(t.app, a.id)).wallet).toBe(830.44);
        expect((await auditOf(arrival.id)).map((l) => [l.action, (l.after as { slipId?: string }).slipId])).toEqual([['arrival.assign', slip._id]]);
      });
    });

    it('credits once when the slip and the arrival come at the same moment', async () => {
      for (const [i, amount] of [341, 342, 343].entries()) {
        const m = await member();
        const slip = await slipOf(amount);
        const body = transfer({ senderBank: 'SCB', senderAccount: m.bankAccountNo, amount: amount * 100 });
        const [uploaded, reported] = await Promise.all([depositClient(t.app, m.token).uploadSlip(slip.png), webhook(body)]);
        expect(reported.json().status, `round ${i}`).toBe('credited');
        expect(['SUCCESS', 'FAILED']).toContain(uploaded.json().status);
        expect((await balances(t.app, m.id)).wallet, `round ${i}`).toBe(amount);
        expect(await slipCredits(m.id)).toHaveLength(1);
      }
    });
  });

  it('matches a masked sender account as slips are matched (four digits visible, the rest anything)', async () => {
    const m = await member();
    const masked = m.bankAccountNo.replace(/\d(?=\d{4})/g, 'X');
    const body = transfer({ senderAccount: masked, amount: 5_000 });
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
    expect(await creditsOf(body.reference)).toEqual([expect.objectContaining({ member_id: m.id })]);
  });

  it.each([
    ['no signature', { 'x-signature': '' }],
    ['a signature by another secret', { 'x-signature': sign('not-the-secret', String(Date.now()), '{}') }],
    ['an old timestamp', { 'x-timestamp': String(Date.now() - 3_600_000) }],
  ])('refuses a notification with %s, and books nothing', async (_case, headers) => {
    const m = await member();
    const body = transfer({ senderAccount: m.bankAccountNo });
    const res = await webhook(body, { headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    expect(await arrivalOf(body.reference)).toBeUndefined();
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it.each([
    ['an account that is not ours', { account: '1111111111' }, 'DEST_ACC_INVALID'],
    ['a NUL byte', { senderName: 'A\u0000B' }, 'INVALID_INPUT'],
    ['a huge name', { senderName: 'x'.repeat(100_000) }, 'INVALID_INPUT'],
    ['a fractional amount', { amount: 10.5 }, 'INVALID_INPUT'],
    ['a zero amount', { amount: 0 }, 'INVALID_INPUT'],
    ['an unknown currency', { currency: 'USD' }, 'INVALID_INPUT'],
    ['a date that is no date', { transferredAt: 'yesterday' }, 'INVALID_INPUT'],
  ])('refuses %s with a code and stores nothing', async (_case, overrides, code) => {
    const body = transfer(overrides);
    const res = await webhook(body);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ message: code });
    expect(await arrivalOf(body.reference)).toBeUndefined();
  });

  it('refuses a bank that is not one of our AUTO-mode accounts', async () => {
    const res = await webhook(transfer(), { bank: 'BBL' });
    expect(res.json()).toEqual({ message: 'DEST_ACC_INVALID' });
  });

  describe('the booking time of a transfer', () => {
    const MINUTE = 60_000;
    const window = async () => (await t.app.ctx.lookups.slip()).uploadWithinMinutes * MINUTE;

    it.each([
      ['in 1970', async () => new Date('1970-01-01T00:00:00Z')],
      ['in 2099', async () => new Date('2099-01-01T00:00:00Z')],
      ['older than a slip of it may be', async () => new Date(Date.now() - (await window()) - MINUTE)],
      ['more than five minutes ahead of our clock', async () => new Date(Date.now() + 6 * MINUTE)],
    ])('refuses a signed arrival booked %s (INVALID_INPUT), storing and crediting nothing', async (_name, when) => {
      const m = await member();
      const body = transfer({ senderAccount: m.bankAccountNo, transferredAt: (await when()).toISOString() });
      const res = await webhook(body);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'INVALID_INPUT' }]);
      expect(await arrivalOf(body.reference)).toBeUndefined();
      expect(await creditsOf(body.reference)).toEqual([]);
      expect((await balances(t.app, m.id)).wallet).toBe(0);
    });

    it.each([
      ['just inside the slip window', async () => new Date(Date.now() - (await window()) + MINUTE)],
      ['a little ahead of our clock', async () => new Date(Date.now() + 4 * MINUTE)],
    ])('credits an arrival booked %s', async (_name, when) => {
      const m = await member();
      const body = transfer({ senderAccount: m.bankAccountNo, amount: 20_000, transferredAt: (await when()).toISOString() });
      expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
      expect((await balances(t.app, m.id)).wallet).toBe(200);
    });
  });

  it('refuses the same reference reported again with another amount', async () => {
    const a = await unmatchedArrival();
    const res = await webhook(transfer({ reference: a.reference, amount: 999 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'IDEMPOTENCY_CONFLICT' });
  });

  it('leaves a transfer no member sent, or one two members could have sent, or one while the member holds a bonus, in the queue with its reason', async () => {
    const none = await unmatchedArrival();
    expect(none.reason).toBe('NO_MEMBER');
    // Two members whose accounts end alike: a masked number cannot tell them apart.
    const [a, b] = [await member(), await member()];
    await t.app.ctx.db.updateTable('member').set({ bank_account_no: '5550001234' }).where('id', '=', a.id).execute();
    await t.app.ctx.db.updateTable('member').set({ bank_account_no: '6660001234' }).where('id', '=', b.id).execute();
    const many = await unmatchedArrival({ senderAccount: 'XXX-X-XX123-4' });
    expect(many.reason).toBe('MANY_MEMBERS');
    const c = await member();
    await activateBonus(t.app, c.id);
    const bonus = await unmatchedArrival({ senderAccount: c.bankAccountNo });
    expect(bonus.reason).toBe('BONUS_REMAINING');
    await endBonus(t.app, c.id);
    expect((await balances(t.app, c.id)).wallet).toBe(0);

    const support = await operatorWith(t.app, 'support');
    const queue = await support.get('/api/admin/arrivals');
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = queue.json().items.filter((i: { id: string }) => [none.id, many.id, bonus.id].includes(i.id));
    expect(listed.map((i: { reason: string }) => i.reason).sort()).toEqual(['BONUS_REMAINING', 'MANY_MEMBERS', 'NO_MEMBER']);
    expect(listed[0]).toMatchObject({ status: 'unmatched', bankCode: 'KBANK', amount: 1500, currency: 'BAHT', memberId: null });
    // Filtered by the reference.
    const found = (await support.get(`/api/admin/arrivals?q=${none.reference.slice(3, 10)}`)).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([none.id]);
  });

  it('credits the chosen member once when a finance and an admin operator assign it at once', async () => {
    const arrival = await unmatchedArrival({ amount: 77_700 });
    const m = await member();
    const [finance, admin] = [await operatorWith(t.app, 'finance'), await operatorWith(t.app, 'admin')];
    const assign = (op: typeof finance) => op.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: m.id, note: 'member called with the slip' });
    const answers = await Promise.all([assign(finance), assign(admin)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ message: 'ALREADY_DECIDED' });
    const winner = answers[0].statusCode === 200 ? finance : admin;
    expect(answers.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'credited', memberId: m.id, decidedBy: winner.username, amount: 777 });
    expect(await creditsOf(arrival.reference)).toEqual([expect.objectContaining({ member_id: m.id })]);
    expect((await balances(t.app, m.id)).wallet).toBe(777);
    // The winner repeating it gets the item; nothing more moves.
    expect((await assign(winner)).statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(777);
    expect((await m.w.statement()).json().statements[0]).toMatchObject({ statementType: 'deposit', from: 'bank', amount: 777 });

    const lines = await auditOf(arrival.id);
    expect(lines.map((l) => [l.action, l.operator_username])).toEqual([['arrival.assign', winner.username]]);
    expect(lines[0]).toMatchObject({ ip: expect.any(String), before: expect.objectContaining({ status: 'unmatched' }), after: expect.objectContaining({ status: 'credited', memberId: m.id }) });
  });

  it('refuses a support operator (403 FORBIDDEN) and a member token (401) on assign and dismiss', async () => {
    const arrival = await unmatchedArrival();
    const m = await member();
    const support = await operatorWith(t.app, 'support');
    for (const res of [
      await support.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: m.id }),
      await support.post(`/api/admin/arrivals/${arrival.id}/dismiss`, { note: 'not ours' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'FORBIDDEN' });
    }
    for (const url of ['/api/admin/arrivals', `/api/admin/arrivals/${arrival.id}/assign`]) {
      const res = await t.app.inject({ method: url.endsWith('assign') ? 'POST' : 'GET', url, payload: url.endsWith('assign') ? { memberId: m.id } : undefined, headers: clientHeaders(m.token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    }
    expect((await arrivalOf(arrival.reference))!.status).toBe('unmatched');
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it("refuses to assign to a member of another currency (CURRENCY_MISMATCH) or holding a bonus, and to an unknown member; the arrival keeps waiting", async () => {
    const arrival = await unmatchedArrival({ currency: 'LAK', amount: 5_000_000 });
    const m = await member();
    const finance = await operatorWith(t.app, 'finance');
    const mismatch = await finance.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: m.id });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toEqual({ message: 'CURRENCY_MISMATCH' });

    const baht = await unmatchedArrival();
    await activateBonus(t.app, m.id);
    expect((await finance.post(`/api/admin/arrivals/${baht.id}/assign`, { memberId: m.id })).json()).toEqual({ message: 'BONUS_REMAINING' });
    await endBonus(t.app, m.id);
    expect((await finance.post(`/api/admin/arrivals/${baht.id}/assign`, { memberId: 999_999_999 })).json()).toEqual({ message: 'NO_USER' });
    expect((await finance.post('/api/admin/arrivals/not-an-id/assign', { memberId: m.id })).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await finance.post(`/api/admin/arrivals/${baht.id}/assign`, { memberId: m.id, note: 'x'.repeat(501) })).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await finance.post(`/api/admin/arrivals/${baht.id}/assign`, { memberId: m.id, note: 'a\u0000b' })).json()).toEqual({ message: 'INVALID_INPUT' });

    expect((await arrivalOf(arrival.reference))!.status).toBe('unmatched');
    expect((await arrivalOf(baht.reference))!.status).toBe('unmatched');
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    expect((await auditOf(arrival.id)).map((l) => l.action)).toEqual(['arrival.assign_refused']);
  });

  it('dismisses an arrival with a note: no money moves, a repeat notification books nothing, and it cannot be assigned after', async () => {
    const arrival = await unmatchedArrival();
    const m = await member();
    const finance = await operatorWith(t.app, 'finance');
    const dismissed = await finance.post(`/api/admin/arrivals/${arrival.id}/dismiss`, { note: 'returned to the sender' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', note: 'returned to the sender', decidedBy: finance.username });
    const body = { ...transfer(), reference: arrival.reference, senderAccount: arrival.sender_account, senderName: arrival.sender_name! };
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'dismissed' });
    expect((await finance.post(`/api/admin/arrivals/${arrival.id}/assign`, { memberId: m.id })).json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect(await creditsOf(arrival.reference)).toEqual([]);
    expect((await finance.get('/api/admin/arrivals?status=dismissed')).json().items.map((i: { id: string }) => i.id)).toContain(arrival.id);
    expect((await auditOf(arrival.id)).map((l) => l.action)).toEqual(['arrival.dismiss']);
    const audit = (await finance.get('/api/admin/audit?action=arrival.')).json();
    expect(audit.items.map((i: { action: string }) => i.action)).toEqual(expect.arrayContaining(['arrival.dismiss', 'arrival.assign']));
  });

  it('lets the sandbox bank report a transfer through the signed webhook', async () => {
    const m = await member();
    const res = await t.app.inject({ method: 'POST', url: '/api/sandbox/bank/arrivals', payload: { amount: 250.5, senderBank: 'SCB', senderAccount: m.bankAccountNo } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'credited', arrivalId: expect.any(String) });
    expect((await balances(t.app, m.id)).wallet).toBe(250.5);
    const stray = await t.app.inject({ method: 'POST', url: '/api/sandbox/bank/arrivals', payload: { amount: 10, senderBank: 'BBL', senderAccount: '1234567890' } });
    expect(stray.json()).toMatchObject({ status: 'unmatched' });
  });
});
