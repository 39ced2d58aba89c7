import { parse, validate } from 'promptparse';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { sign } from '../../src/server/providers/signing';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { activateBonus, depositClient, readQrImage, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { balances } from './helpers/wallet';
import { parseStrict } from './helpers/emvco-strict';

const SECRET = 'test-gateway-secret';

describe.each(engines)('QR deposits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { SANDBOX_GATEWAY_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member() {
    const m = await seedMember(t.app);
    return { ...m, d: depositClient(t.app, m.token) };
  }

  /** A notification signed as the gateway signs it. */
  function webhook(provider: string, body: Record<string, unknown>, secret = SECRET) {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    return t.app.inject({
      method: 'POST', url: `/api/webhooks/gateway/${provider}`, payload: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': sign(secret, timestamp, raw) },
    });
  }

  const paidNotice = (qrcodeId: string, amount = '100.00', reference = `PAY${qrcodeId.slice(0, 8)}`) =>
    ({ orderId: qrcodeId, reference, amount, currency: 'BAHT', paidAt: new Date().toISOString() });

  it('makes a KBANK PromptPay QR a banking app can read: amount and reference, valid CRC', async () => {
    const m = await member();
    const res = await m.d.qrCreate('KBANK', 100);
    expect(res.statusCode).toBe(200);
    const code = res.json();
    expect(code).toMatchObject({ hasQrcode: true, amount: 100, refresh: false });
    expect(code.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(new Date(code.expireIn).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const payload = readQrImage(code.qrcode)!;
    const bill = validate.billPayment(payload);
    expect(bill).toMatchObject({ billerId: '010556000000001', amount: 100 });
    const row = await t.app.ctx.db.selectFrom('deposit_qrcode').select('reference').where('id', '=', code.qrcodeId).executeTakeFirstOrThrow();
    expect(bill!.ref1).toBe(row.reference);
    expect(parse(payload, true)!.getTagValue('62', '05')).toBe(row.reference);
    expect(parse(payload, true)!.getTagValue('01')).toBe('12');

    expect((await m.d.qrGet('KBANK')).json()).toMatchObject({ hasQrcode: true, qrcodeId: code.qrcodeId, amount: 100 });
  });

  it('credits the wallet once when the code is paid on the sandbox, however often the gateway tells us', async () => {
    const m = await member();
    const code = (await m.d.qrCreate('KBANK', 100)).json();
    const pay = await sandbox(t.app).pay(code.qrcodeId);
    expect(pay.statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    // Paying again re-sends the same notification, as gateways retry.
    expect((await sandbox(t.app).pay(code.qrcodeId)).statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    // The code is gone; the answer names it as paid, with the balance now, for a client that showed it.
    expect((await m.d.qrGet('KBANK')).json()).toEqual({ hasQrcode: false, paid: { qrcodeId: code.qrcodeId, amount: 100, wallet: { amount: 100 } } });
    // Only this provider's code: another provider has none paid.
    expect((await m.d.qrGet('WW')).json()).toEqual({ hasQrcode: false });

    const statement = (await m.d.statement()).json();
    expect(statement.statements).toEqual([expect.objectContaining({ statementType: 'deposit', status: 'SUCCESS', amount: 100, from: 'KBANK', to: 'wallet' })]);
  });

  it('credits once when one notification is replayed 5 times concurrently', async () => {
    const m = await member();
    const code = (await m.d.qrCreate('WW', 100)).json();
    const notice = paidNotice(code.qrcodeId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook('WW', notice)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    const entries = await t.app.ctx.db.selectFrom('ledger_entry').select('id').where('member_id', '=', m.id).where('kind', '=', 'deposit').execute();
    expect(entries).toHaveLength(1);
  });

  it("takes a bank's notification that names the code by its reference 1", async () => {
    const m = await member();
    const code = (await m.d.qrCreate('KBANK', 45.25)).json();
    const { ref1 } = validate.billPayment(readQrImage(code.qrcode)!)!;
    expect((await webhook('KBANK', paidNotice(ref1, '45.25', 'KBANKTXN1'))).statusCode).toBe(200);
    expect((await webhook('KBANK', paidNotice(ref1, '45.25', 'KBANKTXN1'))).statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(45.25);
  });

  it('refuses a notification with a bad signature (401) and credits nothing', async () => {
    const m = await member();
    const code = (await m.d.qrCreate('FP', 100)).json();
    const forged = await webhook('FP', paidNotice(code.qrcodeId), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'UNAUTHORIZED' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/gateway/FP', payload: paidNotice(code.qrcodeId) });
    expect(unsigned.statusCode).toBe(401);
    // A signature over other bytes than those sent.
    const raw = JSON.stringify(paidNotice(code.qrcodeId, '1.00'));
    const ts = String(Date.now());
    const swapped = await t.app.inject({
      method: 'POST', url: '/api/webhooks/gateway/FP', payload: JSON.stringify(paidNotice(code.qrcodeId)),
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': sign(SECRET, ts, raw) },
    });
    expect(swapped.statusCode).toBe(401);
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    expect((await m.d.qrGet('FP')).json()).toMatchObject({ hasQrcode: true, qrcodeId: code.qrcodeId });
  });

  it('refuses a notification for another amount, currency or provider, or an unknown code', async () => {
    const m = await member();
    const code = (await m.d.qrCreate('PAYONEX', 150)).json();
    expect((await webhook('PAYONEX', paidNotice(code.qrcodeId, '100.00'))).json()).toEqual({ message: 'QR_FAIL' });
    expect((await webhook('PAYONEX', { ...paidNotice(code.qrcodeId, '150.00'), currency: 'LAK' })).json()).toEqual({ message: 'QR_FAIL' });
    expect((await webhook('WW', paidNotice(code.qrcodeId, '150.00'))).statusCode).toBe(404);
    expect((await webhook('PAYONEX', paidNotice('00000000-0000-4000-8000-000000000000', '150.00'))).statusCode).toBe(404);
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    expect((await webhook('PAYONEX', paidNotice(code.qrcodeId, '150.00'))).statusCode).toBe(200);
    expect((await balances(t.app, m.id)).wallet).toBe(150);
    // Once paid, another payment of the same code is not credited.
    expect((await webhook('PAYONEX', paidNotice(code.qrcodeId, '150.00', 'OTHERPAYMENT'))).json()).toEqual({ message: 'QR_FAIL' });
    expect((await balances(t.app, m.id)).wallet).toBe(150);
  });

  it('does not let an expired code be paid', async () => {
    const m = await member();
    const code = (await m.d.qrCreate('WW', 200)).json();
    const later = new Date(Date.now() + 11 * 60_000);
    vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(later);
    expect((await m.d.qrGet('WW')).json()).toEqual({ hasQrcode: false });
    const pay = await sandbox(t.app).pay(code.qrcodeId);
    expect(pay.statusCode).toBe(400);
    expect(pay.json()).toEqual({ message: 'QR_FAIL' });
    expect((await webhook('WW', { ...paidNotice(code.qrcodeId, '200.00'), paidAt: later.toISOString() })).json()).toEqual({ message: 'QR_FAIL' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it.each([
    ['KBANK', 0, false],
    ['KBANK', 0.01, true],
    ['WW', 99.99, false],
    ['WW', 100, true],
    ['PAYONEX', 99, false],
    ['PAYONEX', 100, true],
    ['FP', 9.99, false],
    ['FP', 10, true],
  ] as const)('enforces the minimum of %s: %s is %s', async (provider, amount, accepted) => {
    const m = await member();
    const res = await m.d.qrCreate(provider, amount);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(accepted ? { hasQrcode: true, amount } : { hasQrcode: false, message: 'QR_MINIMUM' });
  });

  it("refuses a provider the operator does not offer in the member's country", async () => {
    const m = await member();
    expect((await m.d.qrCreate('BCEL', 100)).json()).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
  });

  it('keeps one live code per provider: a new code replaces the old, which can no longer be paid', async () => {
    const m = await member();
    const first = (await m.d.qrCreate('WW', 100)).json();
    const second = (await m.d.qrCreate('WW', 300)).json();
    expect((await m.d.qrGet('WW')).json()).toMatchObject({ qrcodeId: second.qrcodeId, amount: 300 });
    expect((await sandbox(t.app).pay(first.qrcodeId)).json()).toEqual({ message: 'QR_FAIL' });
    expect((await webhook('WW', paidNotice(first.qrcodeId))).json()).toEqual({ message: 'QR_FAIL' });
    const live = await t.app.ctx.db.selectFrom('deposit_qrcode').select('id').where('member_id', '=', m.id).where('status', '=', 'live').execute();
    expect(live.map((r) => r.id)).toEqual([second.qrcodeId]);
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('keeps one live code per provider under concurrent requests', async () => {
    const m = await member();
    const answers = (await Promise.all([100, 200, 300, 400, 500].map((a) => m.d.qrCreate('FP', a)))).map((r) => r.json());
    const live = await t.app.ctx.db.selectFrom('deposit_qrcode').select(['id', 'amount']).where('member_id', '=', m.id).where('provider', '=', 'FP').where('status', '=', 'live').execute();
    expect(live).toHaveLength(1);
    expect(answers.filter((a) => a.hasQrcode).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) if (!a.hasQrcode) expect(a.message).toBe('QR_FAIL');
  });

  it("marks the member's codes at the other providers for refresh, once", async () => {
    const m = await member();
    await m.d.qrCreate('WW', 100);
    await m.d.qrCreate('FP', 50);
    expect((await m.d.qrGet('WW')).json()).toMatchObject({ hasQrcode: true, refresh: true });
    expect((await m.d.qrGet('WW')).json()).toMatchObject({ hasQrcode: true, refresh: false });
    expect((await m.d.qrGet('FP')).json()).toMatchObject({ hasQrcode: true, refresh: false });
    // Another member's codes are untouched.
    const other = await member();
    await other.d.qrCreate('WW', 100);
    await m.d.qrCreate('PAYONEX', 100);
    expect((await other.d.qrGet('WW')).json()).toMatchObject({ refresh: false });
  });

  it('names the last paid code only: a later code, cancelled, is not reported as paid, and nobody else sees it', async () => {
    const m = await member();
    const first = (await m.d.qrCreate('KBANK', 100)).json();
    await sandbox(t.app).pay(first.qrcodeId);
    const second = (await m.d.qrCreate('KBANK', 50)).json();
    expect((await m.d.qrDelete(second.qrcodeId)).statusCode).toBe(200);
    const answer = (await m.d.qrGet('KBANK')).json();
    expect(answer).toMatchObject({ hasQrcode: false, paid: { qrcodeId: first.qrcodeId, amount: 100 } });
    expect(answer.paid.qrcodeId).not.toBe(second.qrcodeId);
    const other = await member();
    expect((await other.d.qrGet('KBANK')).json()).toEqual({ hasQrcode: false });
  });

  it('lets only the owner cancel a code; a cancelled code cannot be paid', async () => {
    const m = await member();
    const intruder = await member();
    const code = (await m.d.qrCreate('KBANK', 100)).json();
    const foreign = await intruder.d.qrDelete(code.qrcodeId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await m.d.qrGet('KBANK')).json()).toMatchObject({ hasQrcode: true });
    expect((await m.d.qrDelete('not-a-code')).statusCode).toBe(404);

    const own = await m.d.qrDelete(code.qrcodeId);
    expect(own.json()).toEqual({ message: 'OK' });
    expect((await m.d.qrDelete(code.qrcodeId)).json()).toEqual({ message: 'OK' });
    expect((await m.d.qrGet('KBANK')).json()).toEqual({ hasQrcode: false });
    expect((await sandbox(t.app).pay(code.qrcodeId)).json()).toEqual({ message: 'QR_FAIL' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it("shows a gateway code's sandbox pay page, which the code leads to", async () => {
    const m = await member();
    const code = (await m.d.qrCreate('WW', 120)).json();
    expect(readQrImage(code.qrcode)).toMatch(new RegExp(`/sandbox/pay/${code.qrcodeId}$`));
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${code.qrcodeId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('120.00 THB');
    expect(page.body).toContain('<script src="/sandbox/pay.js"></script>');
    expect(page.body).not.toMatch(/<script>|https?:\/\/(?!localhost)/);
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/pay.js' });
    expect(script.body).toContain(`/api/sandbox/qrcode/`);
  });

  it('refuses a code while a bonus is active', async () => {
    const m = await member();
    await activateBonus(t.app, m.id);
    for (const provider of ['KBANK', 'WW']) {
      expect((await m.d.qrCreate(provider, 100)).json()).toEqual({ hasQrcode: false, message: 'BONUS_REMAINING' });
    }
  });

  it('needs the member for every QR call', async () => {
    for (const [method, url] of [['GET', '/api/qrcode/KBANK'], ['POST', '/api/qrcode/KBANK'], ['DELETE', '/api/qrcode/x']] as const) {
      expect((await t.app.inject({ method, url, headers: clientHeaders(), ...(method === 'POST' ? { payload: { amount: 1 } } : {}) })).statusCode).toBe(401);
    }
  });
});

describe.each(engines)('QR deposits in Laos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { COUNTRY: 'LA', SANDBOX_GATEWAY_SECRET: SECRET, RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function laoMember(currency: 'LAK' | 'BAHT' = 'LAK') {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ country: 'LA', currency, bank_code: 'BCEL' }).where('id', '=', m.id).execute();
    return { ...m, d: depositClient(t.app, m.token) };
  }

  it('makes a BCEL LAO QR in kip that passes a strict EMVCo reader and that the sandbox bank pays', async () => {
    const { d, id } = await laoMember();
    const lookup = (await d.lookup()).json();
    // The sandbox offers the LAO QR (an account not in AUTO mode) beside the account for slips.
    expect(lookup.banks.map((b: { bankCode: string; mode: string }) => `${b.bankCode}:${b.mode}`)).toEqual(['BCEL:AUTO', 'BCEL:QR']);
    const code = (await d.qrCreate('BCEL', 50000)).json();
    expect(code).toMatchObject({ hasQrcode: true, amount: 50000 });
    const qr = parseStrict(readQrImage(code.qrcode)!);
    expect(qr.tags.get('53')).toBe('418');
    expect(qr.tags.get('54')).toBe('50000');
    expect(qr.tags.get('58')).toBe('LA');
    // The merchant the setting configures for the account (0017's sandbox merchant at BCEL).
    expect(qr.template('38').get('01')).toBe('27710418');
    expect(qr.template('38').get('03')).toBe('mchSANDBOX000001');
    expect(qr.tags.get('52')).toBe('7995');
    expect(qr.tags.get('59')).toBe('SANDBOX WALLET');
    expect(qr.tags.get('60')).toBe('VIENTIANE');
    expect((await d.qrCreate('KBANK', 100_000)).json()).toEqual({ hasQrcode: false, message: 'QR_FAIL' });

    expect((await sandbox(t.app).pay(code.qrcodeId)).statusCode).toBe(200);
    const wallet = await t.app.ctx.db.selectFrom('ledger_account').select(['balance', 'currency']).where('member_id', '=', id).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(5_000_000n);
  });

  it('carries the merchant an operator configures, for every amount', async () => {
    const setting = await t.app.ctx.settings.get<{ banks: { mode: string; laoQr?: object }[] }>('deposit.LA', { banks: [] });
    const jdb = { bankId: '32170418', merchantId: 'mchJDB0000000042', category: '5999', name: 'MY SHOP', city: 'PAKSE' };
    await t.app.ctx.settings.set('deposit.LA', { ...setting, banks: setting.banks.map((b) => (b.laoQr ? { ...b, laoQr: jdb } : b)) });
    try {
      const { d } = await laoMember();
      for (const amount of [10_000, 50_000, 123_456, 1_000_000, 2_000_000, 50_000_000]) {
        const code = (await d.qrCreate('BCEL', amount)).json();
        const qr = parseStrict(readQrImage(code.qrcode)!);
        expect(qr.tags.get('54')).toBe(String(amount));
        expect(Object.fromEntries(qr.template('38'))).toMatchObject({ '01': '32170418', '03': 'mchJDB0000000042' });
        expect([qr.tags.get('52'), qr.tags.get('59'), qr.tags.get('60')]).toEqual(['5999', 'MY SHOP', 'PAKSE']);
      }
      // A merchant a bank would not know (the placeholder of 0006) makes no codes at all.
      await t.app.ctx.settings.set('deposit.LA', { ...setting, banks: setting.banks.map((b) => (b.laoQr ? { ...b, laoQr: { iin: '00000000', receiverId: '1' } } : b)) });
      expect((await d.qrCreate('BCEL', 50_000)).json()).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    } finally {
      await t.app.ctx.settings.set('deposit.LA', setting);
    }
  });

  it('refuses a kip code below the kip minimum or for fractional kip', async () => {
    const { d } = await laoMember();
    expect((await d.qrCreate('BCEL', 10)).json()).toEqual({ hasQrcode: false, message: 'QR_MINIMUM' });
    expect((await d.qrCreate('BCEL', 9_999)).json()).toEqual({ hasQrcode: false, message: 'QR_MINIMUM' });
    expect((await d.qrCreate('BCEL', 12_000.5)).json()).toEqual({ hasQrcode: false, message: 'AMOUNT_STEP' });
  });
});
