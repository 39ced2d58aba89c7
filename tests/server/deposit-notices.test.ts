import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_NOTICE, IDEMPOTENCY_REPLAYED_HEADER } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { sign } from '../../src/server/providers/signing';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances } from './helpers/wallet';

const SECRET = 'test-bank-feed-secret';
/** The seeded KBANK AUTO-mode receiving account (0006 seed). */
const KBANK_ACCOUNT = '0730000002';

let addresses = 0;
/** An address of its own for each member: the notice's per-address limit is not what most tests are about. */
const newAddress = () => {
  addresses += 1;
  return `10.28.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe.each(engines)('deposit notices (POST /api/wallet/add) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_BANK_FEED_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const db = () => t.app.ctx.db;

  async function member(overrides: Parameters<typeof seedMember>[1] = {}) {
    const m = await seedMember(t.app, overrides);
    const row = await db().selectFrom('member').select(['bank_code', 'bank_account_no']).where('id', '=', m.id).executeTakeFirstOrThrow();
    const ip = newAddress();
    /** POST /api/wallet/add as the client sends it: a body, the member's key, from the member's address. */
    const notify = (payload: unknown, { key = randomUUID() as string | null, from = ip, headers = {} as Record<string, string> } = {}) =>
      t.app.inject({
        method: 'POST', url: '/api/wallet/add', payload: payload as object, remoteAddress: from,
        headers: clientHeaders(m.token, { ...(key ? { 'idempotency-key': key } : {}), ...headers }),
      });
    const notices = async () => (await t.app.inject({ method: 'GET', url: '/api/wallet/notices', headers: clientHeaders(m.token), remoteAddress: ip })).json().notices;
    return { ...m, bankCode: row.bank_code, bankAccountNo: row.bank_account_no, ip, notify, notices };
  }

  const rowsOf = (memberId: number) => db().selectFrom('deposit_notice').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
  const ledgerOf = (memberId: number) => db().selectFrom('ledger_entry').select(['kind', 'reference']).where('member_id', '=', memberId).execute();

  /** A bank feed notification, signed as the bank signs it. */
  function arrival(body: Record<string, unknown>) {
    const raw = JSON.stringify({
      reference: `REF${randomBytes(6).toString('hex').toUpperCase()}`, account: KBANK_ACCOUNT, currency: 'BAHT', senderBank: 'SCB',
      senderAccount: '999-9-99999-9', senderName: 'SOMEONE', transferredAt: new Date().toISOString(), ...body,
    });
    const timestamp = String(Date.now());
    return t.app.inject({
      method: 'POST', url: '/api/webhooks/bank/KBANK', payload: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(SECRET, timestamp, raw) },
    }).then((res) => ({ res, reference: JSON.parse(raw).reference as string }));
  }

  it('notes the transfer as pending, credits nothing, and answers the same notice to the same key', async () => {
    const m = await member();
    const key = randomUUID();
    const first = await m.notify({ amount: 1500.25 }, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(String), amount: 1500.25, currency: 'BAHT', state: 'pending', createdAt: expect.any(String),
      expiresAt: expect.any(String), closedAt: null,
    });
    expect(Date.parse(first.json().expiresAt) - Date.parse(first.json().createdAt)).toBe(DEPOSIT_NOTICE.lifetimeHours * 3_600_000);

    const again = await m.notify({ amount: 1500.25 }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    // At once, twice more: still the one notice.
    const [a, b] = await Promise.all([m.notify({ amount: 1500.25 }, { key }), m.notify({ amount: 1500.25 }, { key })]);
    expect([a.json().id, b.json().id]).toEqual([first.json().id, first.json().id]);

    const rows = await rowsOf(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'pending', amount: 150_025n, sender_bank: m.bankCode, sender_account: m.bankAccountNo, matched_reference: null });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    expect(await ledgerOf(m.id)).toEqual([]);
    expect(await m.notices()).toEqual([first.json()]);

    // The same key with another amount is another request: refused, nothing made.
    const other = await m.notify({ amount: 99 }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_CONFLICT' });
    expect(await rowsOf(m.id)).toHaveLength(1);
  });

  describe('refuses bad input with a contract code and changes nothing', () => {
    it.each([
      ['a negative amount', { amount: -100 }, 400, 'INVALID_INPUT'],
      ['zero', { amount: 0 }, 400, 'INVALID_INPUT'],
      ['three decimals', { amount: 10.005 }, 400, 'INVALID_INPUT'],
      ['an amount as text', { amount: '100' }, 400, 'INVALID_INPUT'],
      ['a NUL byte in the amount', { amount: '10\u0000' }, 400, 'INVALID_INPUT'],
      ['a NUL byte in another field', { amount: 10, note: 'a\u0000b' }, 400, 'INVALID_INPUT'],
      ['a huge amount', { amount: 1e12 }, 400, 'INVALID_INPUT'],
      ['more than any deposit taken (50,000 baht)', { amount: 50_000.01 }, 400, 'DEPOSIT_MAXIMUM'],
      ['no amount', {}, 400, 'INVALID_INPUT'],
    ])('%s', async (_name, body, status, code) => {
      const m = await member();
      const res = await m.notify(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message: code });
      expect(await rowsOf(m.id)).toEqual([]);
      expect(await ledgerOf(m.id)).toEqual([]);
    });

    it('without an Idempotency-Key, or with a malformed one', async () => {
      const m = await member();
      expect((await m.notify({ amount: 10 }, { key: null })).json()).toEqual({ message: 'IDEMPOTENCY_KEY_REQUIRED' });
      expect((await m.notify({ amount: 10 }, { key: 'short' })).json()).toEqual({ message: 'INVALID_INPUT' });
      expect((await m.notify({ amount: 10 }, { key: 'a\u0000bcdefghijk' })).statusCode).toBe(400);
      expect(await rowsOf(m.id)).toEqual([]);
    });

    it('a kip amount with fractions (AMOUNT_STEP)', async () => {
      const m = await member({ currency: 'LAK' });
      const res = await m.notify({ amount: 100_000.5 });
      expect(res.json()).toEqual({ message: 'AMOUNT_STEP' });
      expect(await rowsOf(m.id)).toEqual([]);
      expect((await m.notify({ amount: 100_000 })).json()).toMatchObject({ state: 'pending', currency: 'LAK', amount: 100_000 });
    });

    it('without a session, or with an operator\'s', async () => {
      const noSession = await t.app.inject({ method: 'POST', url: '/api/wallet/add', payload: { amount: 10 }, headers: clientHeaders(undefined, { 'idempotency-key': randomUUID() }) });
      expect(noSession.statusCode).toBe(401);
      const operator = await operatorWith(t.app, 'admin');
      const asOperator = await t.app.inject({ method: 'POST', url: '/api/wallet/add', payload: { amount: 10 }, headers: clientHeaders(operator.token, { 'idempotency-key': randomUUID() }) });
      expect(asOperator.statusCode).toBe(401);
      expect(await db().selectFrom('deposit_notice').select('id').where('amount', '=', 1000n).execute()).toEqual([]);
    });

    it("for another member: a member id in the body is ignored, keys and lists are each member's own", async () => {
      const [a, b] = [await member(), await member()];
      const key = randomUUID();
      const byA = await a.notify({ amount: 321, memberId: b.id }, { key });
      expect(byA.statusCode).toBe(200);
      expect((await rowsOf(a.id)).map((r) => r.id)).toEqual([byA.json().id]);
      expect(await rowsOf(b.id)).toEqual([]);
      // B's own request with A's key is B's own notice, not A's answer replayed.
      const byB = await b.notify({ amount: 321 }, { key });
      expect(byB.statusCode).toBe(200);
      expect(byB.json().id).not.toBe(byA.json().id);
      expect(byB.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
      expect((await a.notices()).map((n: { id: string }) => n.id)).toEqual([byA.json().id]);
      expect((await b.notices()).map((n: { id: string }) => n.id)).toEqual([byB.json().id]);
    });
  });

  describe('limits', () => {
    it('counts a member\'s requests per minute (5), refused ones too, whatever the address', async () => {
      const m = await member();
      for (let i = 0; i < 5; i++) expect((await m.notify({ amount: 60_000 }, { from: newAddress() })).json()).toEqual({ message: 'DEPOSIT_MAXIMUM' });
      const sixth = await m.notify({ amount: 100 }, { from: newAddress() });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ message: 'REQUEST_LIMIT' });
      expect(await rowsOf(m.id)).toEqual([]);
      // Another member is not held back.
      expect((await (await member()).notify({ amount: 100 })).statusCode).toBe(200);
    });

    it('counts an address\'s requests per minute (20), whatever the members', async () => {
      const from = newAddress();
      const members = await Promise.all(Array.from({ length: 5 }, () => member()));
      const statuses: number[] = [];
      for (const m of members.slice(0, 4)) for (let i = 0; i < 5; i++) statuses.push((await m.notify({ amount: 60_000 }, { from })).statusCode);
      expect(statuses).toEqual(Array(20).fill(400));
      const beyond = await members[4].notify({ amount: 100 }, { from });
      expect(beyond.statusCode).toBe(429);
      expect(beyond.json()).toEqual({ message: 'REQUEST_LIMIT' });
      expect(await rowsOf(members[4].id)).toEqual([]);
      // The same member from its own address is served.
      expect((await members[4].notify({ amount: 100 })).statusCode).toBe(200);
    });

    it(`holds at most ${DEPOSIT_NOTICE.pendingMax} pending notices per member`, async () => {
      const m = await member();
      const now = Date.now();
      await db().insertInto('deposit_notice').values(Array.from({ length: DEPOSIT_NOTICE.pendingMax }, (_, i) => ({
        id: randomUUID(), member_id: m.id, amount: BigInt(1000 + i), currency: 'BAHT' as const, sender_bank: m.bankCode, sender_account: m.bankAccountNo,
        created_at: new Date(now - 60_000), expires_at: new Date(now + 3_600_000), closed_at: null, matched_reference: null,
      }))).execute();
      const key = randomUUID();
      const refused = await m.notify({ amount: 77 }, { key });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' });
      expect((await m.notify({ amount: 77 }, { key })).headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
      expect(await rowsOf(m.id)).toHaveLength(DEPOSIT_NOTICE.pendingMax);

      // One of them lapses: room for a new one (with a new key: the refusal is the old key's answer).
      await db().updateTable('deposit_notice').set({ expires_at: new Date(now - 1) }).where('member_id', '=', m.id).where('amount', '=', 1000n).execute();
      expect((await m.notify({ amount: 77 })).json()).toMatchObject({ state: 'pending', amount: 77 });
    });
  });

  describe('matching', () => {
    const queueFor = async (q: string) => (await (await operatorWith(t.app, 'support')).get(`/api/admin/arrivals?q=${q}`)).json().items;

    it('shows the pending notices beside a waiting transfer of their amount; the operator credits it to the member and the notice closes', async () => {
      const [m, other, late] = [await member(), await member(), await member()];
      const mine = (await m.notify({ amount: 830.55 })).json();
      const othersOfAnotherAmount = (await other.notify({ amount: 830.56 })).json();
      // From an account no member registered: it waits.
      const { res, reference } = await arrival({ amount: 83_055 });
      expect(res.json()).toEqual({ message: 'OK', status: 'unmatched' });
      // A notice made after the transfer is one too.
      const lateOne = (await late.notify({ amount: 830.55 })).json();

      const [item] = await queueFor('830.55');
      expect(item).toMatchObject({ channel: 'bank', status: 'unmatched', reason: 'NO_MEMBER', matchedNoticeId: null });
      expect(item.notices).toEqual([
        expect.objectContaining({ id: mine.id, memberId: m.id, username: m.username, amount: 830.55, senderBank: m.bankCode, senderAccount: m.bankAccountNo, accountFits: false }),
        expect.objectContaining({ id: lateOne.id, memberId: late.id }),
      ]);
      expect(item.notices.map((n: { id: string }) => n.id)).not.toContain(othersOfAnotherAmount.id);

      const finance = await operatorWith(t.app, 'finance');
      const assigned = await finance.post(`/api/admin/arrivals/${item.id}/assign`, { memberId: m.id, note: 'the member told us' });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toMatchObject({ status: 'credited', memberId: m.id, matchedNoticeId: mine.id, notices: [] });
      expect((await balances(t.app, m.id)).wallet).toBe(830.55);
      expect(await m.notices()).toEqual([expect.objectContaining({ id: mine.id, state: 'matched', closedAt: expect.any(String) })]);
      expect(await rowsOf(m.id)).toEqual([expect.objectContaining({ state: 'matched', matched_reference: `bank:KBANK:${reference}` })]);
      // The other member's notice of that amount still waits for its own transfer.
      expect(await late.notices()).toEqual([expect.objectContaining({ id: lateOne.id, state: 'pending' })]);
      expect((await balances(t.app, late.id)).wallet).toBe(0);
    });

    it("says which notice's registered account fits a masked sender several members could be", async () => {
      const [a, b] = [await member(), await member()];
      await db().updateTable('member').set({ bank_account_no: '5550008261' }).where('id', '=', a.id).execute();
      await db().updateTable('member').set({ bank_account_no: '6660008261' }).where('id', '=', b.id).execute();
      const noticeA = (await a.notify({ amount: 826.1 })).json();
      const { res } = await arrival({ amount: 82_610, senderAccount: 'XXX-X-XX826-1' });
      expect(res.json().status).toBe('unmatched');
      const [item] = await queueFor('826.10');
      expect(item.reason).toBe('MANY_MEMBERS');
      expect(item.notices).toEqual([expect.objectContaining({ id: noticeA.id, memberId: a.id, accountFits: true })]);
    });

    it('is closed by the bank feed crediting the member, and a notice of a transfer credited just before is matched at once', async () => {
      const m = await member();
      const before = (await m.notify({ amount: 412.5 })).json();
      const { res, reference } = await arrival({ amount: 41_250, senderAccount: m.bankAccountNo });
      expect(res.json().status).toBe('credited');
      expect(await m.notices()).toEqual([expect.objectContaining({ id: before.id, state: 'matched' })]);
      expect(await rowsOf(m.id)).toEqual([expect.objectContaining({ matched_reference: `bank:KBANK:${reference}` })]);

      // The feed is quick: the member taps "I have transferred" after the money is in.
      const second = await arrival({ amount: 41_300, senderAccount: m.bankAccountNo });
      expect(second.res.json().status).toBe('credited');
      const after = await m.notify({ amount: 413 });
      expect(after.json()).toMatchObject({ state: 'matched', closedAt: expect.any(String) });
      // That credit is claimed: a second notice of the same amount waits for its own transfer.
      expect((await m.notify({ amount: 413 })).json()).toMatchObject({ state: 'pending' });
      expect((await balances(t.app, m.id)).wallet).toBe(825.5);
    });

    it('is matched whichever comes first when the notice and the credit of its transfer come at the same moment', async () => {
      for (const [i, amount] of [421.01, 421.02, 421.03, 421.04].entries()) {
        const m = await member();
        const [noticed, reported] = await Promise.all([m.notify({ amount }), arrival({ amount: Math.round(amount * 100), senderAccount: m.bankAccountNo })]);
        expect(noticed.statusCode, `round ${i}`).toBe(200);
        expect(reported.res.json().status, `round ${i}`).toBe('credited');
        expect(await rowsOf(m.id), `round ${i}`).toEqual([expect.objectContaining({ state: 'matched', matched_reference: `bank:KBANK:${reported.reference}` })]);
        expect((await balances(t.app, m.id)).wallet, `round ${i}`).toBe(amount);
      }
    });

    it('is closed by the member\'s slip of the transfer', async () => {
      const m = await member();
      const notice = (await m.notify({ amount: 377 })).json();
      const slip = await sandbox(t.app).slip(377, { bankAccountNo: KBANK_ACCOUNT });
      expect((await depositClient(t.app, m.token).uploadSlip(slip.png)).json()).toMatchObject({ status: 'SUCCESS' });
      expect(await m.notices()).toEqual([expect.objectContaining({ id: notice.id, state: 'matched' })]);
    });

    it('expires after its lifetime, and a later credit no longer closes it', async () => {
      const m = await member();
      const notice = (await m.notify({ amount: 455 })).json();
      const lapsed = new Date(Date.now() - 1000);
      await db().updateTable('deposit_notice').set({ created_at: new Date(lapsed.getTime() - DEPOSIT_NOTICE.lifetimeHours * 3_600_000), expires_at: lapsed })
        .where('id', '=', notice.id).execute();
      // Read as expired before the sweep marks it.
      expect(await m.notices()).toEqual([expect.objectContaining({ id: notice.id, state: 'expired', closedAt: lapsed.toISOString() })]);
      expect(await t.app.deposits.notices.expire()).toBeGreaterThanOrEqual(1);
      expect(await rowsOf(m.id)).toEqual([expect.objectContaining({ state: 'expired', matched_reference: null })]);

      const { res } = await arrival({ amount: 45_500, senderAccount: m.bankAccountNo });
      expect(res.json().status).toBe('credited');
      expect(await rowsOf(m.id)).toEqual([expect.objectContaining({ state: 'expired', matched_reference: null })]);
    });
  });
});
