import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { sign } from '../../src/server/providers/signing';
import { build, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { activateBonus, depositClient } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { balances } from './helpers/wallet';

const SECRET = 'test-truewallet-feed-secret';
/** The Thai sandbox's True Wallet, in AUTO mode since 0028. */
const OUR_WALLET = '0990000004';

describe.each(engines)('True Wallet transfers to our AUTO-mode wallet on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_TRUEWALLET_FEED_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const db = () => t.app.ctx.db;
  const transfer = (overrides: Record<string, unknown> = {}) => ({
    reference: `TW${randomBytes(8).toString('hex')}`, account: OUR_WALLET, amount: 25_000, senderPhone: '0899999999',
    senderName: 'SOMEONE', transferredAt: new Date().toISOString(), ...overrides,
  });

  /** A notification signed as True Wallet signs it. */
  function webhook(body: Record<string, unknown>, { secret = SECRET, timestamp = String(Date.now()), signature = undefined as string | undefined } = {}) {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST', url: '/api/webhooks/truewallet', payload: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature ?? sign(secret, timestamp, raw) },
    });
  }

  const arrivalOf = (reference: string) => db().selectFrom('bank_arrival').selectAll().where('reference', '=', reference).executeTakeFirst();
  const creditsOf = (reference: string) => db().selectFrom('ledger_entry').select(['member_id', 'description'])
    .where('kind', '=', 'deposit').where('reference', '=', `truewallet:transfer:${reference}`).execute();

  it('credits the member whose registered phone sent it, once, when True Wallet notifies three times at once', async () => {
    const m = await seedMember(t.app);
    const body = transfer({ senderPhone: m.username, amount: 12_345 });
    const answers = await Promise.all([webhook(body), webhook(body), webhook(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual(Array(3).fill({ message: 'OK', status: 'credited' }));
    expect(await creditsOf(body.reference)).toEqual([expect.objectContaining({ member_id: m.id, description: expect.objectContaining({ channel: 'truewallet' }) })]);
    expect((await balances(t.app, m.id)).wallet).toBe(123.45);
    expect(await arrivalOf(body.reference)).toMatchObject({ channel: 'truewallet', bank_code: 'TRUEWALLET', status: 'credited', member_id: m.id, sender_account: m.username });

    // Later retries book nothing; the statement shows one True Wallet deposit.
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
    expect(await creditsOf(body.reference)).toHaveLength(1);
    const statement = (await depositClient(t.app, m.token).statement()).json();
    expect(statement.statements).toEqual([expect.objectContaining({ statementType: 'deposit', status: 'SUCCESS', from: 'truewallet', amount: 123.45 })]);
  });

  it('reads the sender\'s phone in its international form', async () => {
    const m = await seedMember(t.app);
    const body = transfer({ senderPhone: `+66${m.username.slice(1)}`, amount: 5_000 });
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
    expect((await balances(t.app, m.id)).wallet).toBe(50);
  });

  describe('refuses a notification it cannot trust, and stores nothing', () => {
    it.each([
      ['signed with another secret', { secret: 'not-the-secret' }],
      ['signed long ago (a replay)', { timestamp: String(Date.now() - 10 * 60_000) }],
      ['without a signature', { signature: '' }],
      ['with a signature that is not hex', { signature: 'zz'.repeat(32) }],
    ])('%s', async (_name, options) => {
      const m = await seedMember(t.app);
      const body = transfer({ senderPhone: m.username });
      const res = await webhook(body, options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
      expect(await arrivalOf(body.reference)).toBeUndefined();
      expect((await balances(t.app, m.id)).wallet).toBe(0);
    });

    it('a body changed after signing', async () => {
      const m = await seedMember(t.app);
      const body = transfer({ senderPhone: m.username });
      const timestamp = String(Date.now());
      const res = await t.app.inject({
        method: 'POST', url: '/api/webhooks/truewallet', payload: JSON.stringify({ ...body, amount: 9_999_900 }),
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(SECRET, timestamp, JSON.stringify(body)) },
      });
      expect(res.statusCode).toBe(401);
      expect(await arrivalOf(body.reference)).toBeUndefined();
    });

    it.each([
      ['a wallet number not ours', { account: '0991111111' }, 'DEST_ACC_INVALID'],
      ['a time long past', { transferredAt: '2020-01-01T00:00:00Z' }, 'INVALID_INPUT'],
      ['a NUL byte in the sender', { senderName: 'A\u0000B' }, 'INVALID_INPUT'],
      ['a negative amount', { amount: -100 }, 'INVALID_INPUT'],
    ])('%s', async (_name, overrides, code) => {
      const body = transfer(overrides);
      const res = await webhook(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: code });
      expect(await arrivalOf(body.reference)).toBeUndefined();
    });
  });

  it('leaves a transfer from an unknown phone in the operators\' queue, where an operator credits it once', async () => {
    const m = await seedMember(t.app);
    const body = transfer({ senderPhone: '0800000001', amount: 31_400 });
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'unmatched' });
    expect(await creditsOf(body.reference)).toEqual([]);

    const support = await operatorWith(t.app, 'support');
    const [item] = (await support.get('/api/admin/arrivals?q=314.00')).json().items;
    expect(item).toMatchObject({
      channel: 'truewallet', bankCode: 'TRUEWALLET', receivingAccount: OUR_WALLET, senderAccount: '0800000001', reason: 'NO_MEMBER', status: 'unmatched', notices: [],
    });
    const finance = await operatorWith(t.app, 'finance');
    const [first, second] = await Promise.all([
      finance.post(`/api/admin/arrivals/${item.id}/assign`, { memberId: m.id, note: 'called the member' }),
      finance.post(`/api/admin/arrivals/${item.id}/assign`, { memberId: m.id, note: 'called the member' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'credited', memberId: m.id, slipId: null });
    expect(await creditsOf(body.reference)).toEqual([expect.objectContaining({ member_id: m.id })]);
    expect((await balances(t.app, m.id)).wallet).toBe(314);
    // A repeat of the notification now answers what the operator decided.
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'credited' });
  });

  it.each([
    ['below the True Wallet minimum', async () => ({ phone: (await seedMember(t.app)).username, amount: 150 }), 'BELOW_MINIMUM'],
    ['several members a masked phone could be', async () => {
      await seedMember(t.app, { username: '0861117777' });
      await seedMember(t.app, { username: '0862227777' });
      return { phone: '086-xxx-7777', amount: 2_000 };
    }, 'MANY_MEMBERS'],
    ['a member holding a bonus', async () => {
      const m = await seedMember(t.app);
      await activateBonus(t.app, m.id);
      return { phone: m.username, amount: 2_000 };
    }, 'BONUS_REMAINING'],
    ['a locked member', async () => ({ phone: (await seedMember(t.app, { status: 'locked' })).username, amount: 2_000 }), 'INACTIVE_USER'],
    ['a member whose wallet holds kip', async () => ({ phone: (await seedMember(t.app, { currency: 'LAK' })).username, amount: 2_000 }), 'CURRENCY_MISMATCH'],
  ])('waits for an operator when it is %s', async (_name, given, reason) => {
    const { phone, amount } = await given();
    const body = transfer({ senderPhone: phone, amount });
    expect((await webhook(body)).json()).toEqual({ message: 'OK', status: 'unmatched' });
    expect(await arrivalOf(body.reference)).toMatchObject({ status: 'unmatched', reason, member_id: null });
    expect(await creditsOf(body.reference)).toEqual([]);
  });

  it('refuses the same reference reported with other details (IDEMPOTENCY_CONFLICT)', async () => {
    const m = await seedMember(t.app);
    const body = transfer({ senderPhone: m.username, amount: 4_000 });
    expect((await webhook(body)).json().status).toBe('credited');
    const changed = await webhook({ ...body, amount: 400_000 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: 'IDEMPOTENCY_CONFLICT' });
    expect((await balances(t.app, m.id)).wallet).toBe(40);
  });

  it('lets a sandbox user send a transfer from a phone and see it credited', async () => {
    const m = await seedMember(t.app);
    const sandboxCall = contractCaller(t.app);
    const sent = await sandboxCall(endpoints.sandboxTruewalletTransfer, { body: { amount: 75.5, senderPhone: m.username, senderName: 'SANDBOX SENDER' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.answer()).toMatchObject({ status: 'credited', reference: expect.stringMatching(/^TW\d{16}$/) });
    expect((await balances(t.app, m.id)).wallet).toBe(75.5);
    expect(await arrivalOf(sent.answer().reference)).toMatchObject({ id: sent.answer().arrivalId, sender_name: 'SANDBOX SENDER', receiving_account: OUR_WALLET });

    const stranger = await sandboxCall(endpoints.sandboxTruewalletTransfer, { body: { amount: 20, senderPhone: '0800000002' } });
    expect(stranger.answer().status).toBe('unmatched');
  });

  it('offers the AUTO-mode wallet in the deposit lookup', async () => {
    const m = await seedMember(t.app);
    expect((await depositClient(t.app, m.token).lookup()).json().wallets).toEqual([
      { mode: 'AUTO', walletAccountName: 'SANDBOX WALLET', walletAccountNo: OUR_WALLET },
      { mode: 'GIFT', walletAccountName: 'SANDBOX WALLET', walletAccountNo: OUR_WALLET },
    ]);
  });
});
