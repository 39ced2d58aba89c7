import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient } from './helpers/deposits';
import { fundWallet, seedMember } from './helpers/members';
import { balances, walletClient } from './helpers/wallet';

const SPEC_BANK_QR_PRESETS = [10, 20, 50, 100, 500, 1000];

describe.each(engines)('money rules per currency in Laos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { COUNTRY: 'LA', RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  /** A Lao member holding `currency`, funded through the sandbox as a deposit in that currency. */
  async function laoMember(currency: 'LAK' | 'BAHT', funds: number) {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ country: 'LA', currency, bank_code: 'BCEL' }).where('id', '=', m.id).execute();
    const fund = (amount: number) => t.app.inject({
      method: 'POST', url: '/api/sandbox/wallet/fund', payload: { amount }, headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }),
    });
    if (funds > 0) expect((await fund(funds)).statusCode).toBe(200);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: clientHeaders(m.token) });
    return { ...m, fund, get, w: walletClient(t.app, m.token) };
  }

  it('answers the kip rules: whole kip, withdrawals of 50,000 to 50,000,000, kip-sized QR bounds and presets', async () => {
    const m = await laoMember('LAK', 0);
    expect((await m.get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 50_000, withdrawMax: 50_000_000 });
    const rules = (await m.get('/api/lookup/money')).json();
    // Every bound and step a form of the client checks (issue 27, finding 8: the transfer form allowed "1.00 kip").
    expect(rules).toMatchObject({ currency: 'LAK', step: 1, decimals: 0, transferMin: 1_000, withdrawMin: 50_000, withdrawMax: 50_000_000 });
    expect(rules.qr.BCEL).toEqual({ minimum: 10_000, maximum: 50_000_000, presets: [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] });
    for (const provider of Object.values(rules.qr) as { minimum: number; maximum: number }[]) {
      expect(provider.maximum).toBeGreaterThan(provider.minimum);
    }
  });

  it('refuses a kip QR deposit above the kip maximum before any code is made (QR_MAXIMUM)', async () => {
    const m = await laoMember('LAK', 0);
    const d = depositClient(t.app, m.token);
    expect((await d.qrCreate('BCEL', 50_000_001)).json()).toEqual({ hasQrcode: false, message: 'QR_MAXIMUM' });
    expect((await d.qrCreate('BCEL', 99_999_999)).json()).toEqual({ hasQrcode: false, message: 'QR_MAXIMUM' });
    expect(await t.app.ctx.db.selectFrom('deposit_qrcode').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect((await d.qrCreate('BCEL', 50_000_000)).json()).toMatchObject({ hasQrcode: true, amount: 50_000_000 });
  });

  it('lets a kip member withdraw 5,000,000 kip, which waits for an operator above the auto-pay limit', async () => {
    const m = await laoMember('LAK', 8_000_000);
    const res = await m.w.withdraw(5_000_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ wallet: { amount: 3_000_000 } });
    const row = await t.app.ctx.db.selectFrom('withdrawal').select(['amount', 'status']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: 500_000_000n, status: 'queued' });
    // Up to the kip auto-pay limit (3,000,000) it is paid at once.
    expect((await m.w.withdraw(2_000_000)).statusCode).toBe(200);
    const paid = await t.app.ctx.db.selectFrom('withdrawal').select('status').where('member_id', '=', m.id).where('amount', '=', 200_000_000n).executeTakeFirstOrThrow();
    expect(paid.status).toBe('paid');
    expect((await balances(t.app, m.id)).wallet).toBe(1_000_000);
  });

  it.each([
    ['fractional kip', 60_000.5, 'AMOUNT_STEP'],
    ['one hundredth of a kip too much', 50_000.01, 'AMOUNT_STEP'],
    ['below the kip minimum', 49_999, 'WITHDRAW_MINIMUM'],
    ['the old baht-sized minimum', 100, 'WITHDRAW_MINIMUM'],
    ['above the kip maximum', 50_000_001, 'WITHDRAW_MAXIMUM'],
  ])('refuses a kip withdrawal of %s with a code, moving nothing', async (_, amount, code) => {
    const m = await laoMember('LAK', 60_000_000);
    const res = await m.w.withdraw(amount);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: code });
    expect((await balances(t.app, m.id)).wallet).toBe(60_000_000);
  });

  it('refuses fractional kip in transfers, QR codes and sandbox deposits too', async () => {
    const m = await laoMember('LAK', 100_000);
    expect((await m.w.activate('PG')).statusCode).toBe(200);
    expect((await m.w.transfer('wallet', 'PG', 1_500.5)).json()).toEqual({ message: 'AMOUNT_STEP' });
    expect((await m.w.transfer('wallet', 'PG', 999)).json()).toEqual({ message: 'TRANSFER_MINIMUM' });
    expect((await m.w.transfer('wallet', 'PG', 1_500)).statusCode).toBe(200);
    expect((await depositClient(t.app, m.token).qrCreate('BCEL', 20_000.25)).json()).toEqual({ hasQrcode: false, message: 'AMOUNT_STEP' });
    const fractional = await m.fund(10.5);
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json()).toEqual({ message: 'AMOUNT_STEP' });
    expect((await balances(t.app, m.id))).toMatchObject({ wallet: 98_500, PG: 1_500 });
  });

  it('keeps baht rules for a Lao member holding baht: satang allowed, 100 to 50,000 baht', async () => {
    const m = await laoMember('BAHT', 60_000);
    expect((await m.get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    expect((await m.get('/api/lookup/money')).json()).toMatchObject({ currency: 'BAHT', step: 0.01, decimals: 2, qr: { BCEL: { minimum: 0, maximum: 50_000, presets: SPEC_BANK_QR_PRESETS } } });
    expect((await m.w.withdraw(100.5)).statusCode).toBe(200);
    expect((await m.w.withdraw(50_000.01)).json()).toEqual({ message: 'WITHDRAW_MAXIMUM' });
  });

  it('lets the operator change one currency without touching the other', async () => {
    await t.app.wallet.rules.update('LAK', { withdrawMax: 80_000_000 });
    try {
      const m = await laoMember('LAK', 0);
      expect((await m.get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 50_000, withdrawMax: 80_000_000 });
      const b = await laoMember('BAHT', 0);
      expect((await b.get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    } finally {
      await t.app.wallet.rules.update('LAK', { withdrawMax: 50_000_000 });
    }
  });
});

describe.each(engines)('money rules in Thailand on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  it('keeps the Thai limits: 100 to 50,000 baht, satang allowed, SPEC presets', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 60_000);
    const w = walletClient(t.app, m.token);
    expect((await w.get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    const rules = (await w.get('/api/lookup/money')).json();
    expect(rules).toMatchObject({ currency: 'BAHT', step: 0.01, decimals: 2, transferMin: 1, withdrawMin: 100, withdrawMax: 50_000 });
    expect(rules.qr).toEqual({
      KBANK: { minimum: 0, maximum: 50_000, presets: SPEC_BANK_QR_PRESETS },
      BCEL: { minimum: 0, maximum: 50_000, presets: SPEC_BANK_QR_PRESETS },
      WW: { minimum: 100, maximum: 50_000, presets: [100, 200, 300, 500, 1000] },
      PAYONEX: { minimum: 100, maximum: 50_000, presets: [100, 200, 300, 500, 1000] },
      FP: { minimum: 10, maximum: 50_000, presets: [10, 50, 100, 500, 1000] },
    });
    expect((await w.withdraw(99.99)).json()).toEqual({ message: 'WITHDRAW_MINIMUM' });
    expect((await w.withdraw(50_000.01)).json()).toEqual({ message: 'WITHDRAW_MAXIMUM' });
    expect((await w.withdraw(100.5)).statusCode).toBe(200);
  });

  it('refuses a baht QR deposit above the baht maximum before any code is made (QR_MAXIMUM)', async () => {
    const m = await seedMember(t.app);
    const d = depositClient(t.app, m.token);
    // The walk through the product made a 99,999,999-baht code (issue 27, finding 7).
    expect((await d.qrCreate('KBANK', 99_999_999)).json()).toEqual({ hasQrcode: false, message: 'QR_MAXIMUM' });
    expect((await d.qrCreate('FP', 50_000.01)).json()).toEqual({ hasQrcode: false, message: 'QR_MAXIMUM' });
    expect(await t.app.ctx.db.selectFrom('deposit_qrcode').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect((await d.qrCreate('KBANK', 50_000)).json()).toMatchObject({ hasQrcode: true, amount: 50_000 });
  });

  it('lets the operator set a currency\'s QR maximum without losing the other bounds', async () => {
    const before = await t.app.ctx.settings.get<unknown>('money.rules', {});
    await t.app.wallet.rules.update('BAHT', { qr: { KBANK: { maximum: 20_000 } } });
    try {
      const m = await seedMember(t.app);
      expect((await walletClient(t.app, m.token).get('/api/lookup/money')).json().qr.KBANK).toEqual({ minimum: 0, maximum: 20_000, presets: SPEC_BANK_QR_PRESETS });
      expect((await depositClient(t.app, m.token).qrCreate('KBANK', 20_000.01)).json()).toEqual({ hasQrcode: false, message: 'QR_MAXIMUM' });
    } finally {
      await t.app.ctx.settings.set('money.rules', before);
    }
  });

  it('folded the old settings into money.rules and removed them', async () => {
    const rows = await t.app.ctx.db.selectFrom('setting').select('key')
      .where('key', 'in', ['withdraw.limits', 'withdraw.autoPayLimit', 'qr.minimums', 'money.rules']).execute();
    expect(rows.map((r) => r.key)).toEqual(['money.rules']);
  });
});
