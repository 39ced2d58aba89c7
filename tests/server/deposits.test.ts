import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATEMENT_SIGN } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { activateBonus, depositClient, encryptLink, endBonus, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { balances } from './helpers/wallet';

/** Noon in Bangkok, when slip upload is open. */
const NOON = new Date('2025-03-01T05:00:00Z');

describe.each(engines)('deposits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  beforeEach(() => {
    vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(NOON);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member() {
    const m = await seedMember(t.app);
    return { ...m, d: depositClient(t.app, m.token) };
  }

  it('refuses every deposit path while a bonus is active, and takes deposits again once it ended', async () => {
    const m = await member();
    const s = sandbox(t.app);
    await activateBonus(t.app, m.id);
    const slip = await s.slip(100);
    const voucher = await s.voucher(10);

    const slipRes = await m.d.uploadSlip(slip.png);
    expect([slipRes.statusCode, slipRes.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    const linkRes = await m.d.truelink(encryptLink(voucher.link));
    expect([linkRes.statusCode, linkRes.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    for (const provider of ['KBANK', 'WW', 'FP', 'PAYONEX']) {
      expect((await m.d.qrCreate(provider, 100)).json()).toEqual({ hasQrcode: false, message: 'BONUS_REMAINING' });
    }
    expect((await balances(t.app, m.id)).wallet).toBe(0);

    await endBonus(t.app, m.id);
    expect((await m.d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await m.d.truelink(encryptLink(voucher.link))).statusCode).toBe(200);
    expect((await m.d.qrCreate('WW', 100)).json()).toMatchObject({ hasQrcode: true });
    expect((await balances(t.app, m.id)).wallet).toBe(110);
  });

  it('keeps at most one active bonus per member', async () => {
    const m = await member();
    await activateBonus(t.app, m.id);
    await expect(activateBonus(t.app, m.id)).rejects.toThrow();
  });

  it('lists deposits of every channel in the statement, newest first, with a + amount', async () => {
    const m = await member();
    const s = sandbox(t.app);
    await m.d.uploadSlip((await s.slip(100)).png);
    const code = (await m.d.qrCreate('KBANK', 250.5)).json();
    expect((await s.pay(code.qrcodeId)).statusCode).toBe(200);
    await m.d.truelink(encryptLink((await s.voucher(20)).link));

    const statement = (await m.d.statement()).json();
    expect(statement.total).toBe(3);
    expect(statement.statements.map((r: { amount: number }) => r.amount)).toEqual([20, 250.5, 100]);
    for (const row of statement.statements) {
      expect(row).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', to: 'wallet' });
      expect(row.amount).toBeGreaterThan(0);
      expect(STATEMENT_SIGN[row.statementType as 'deposit']).toBe('+');
    }
    expect((await balances(t.app, m.id)).wallet).toBe(370.5);
  });

  it('lists the deposit accounts and payment providers without what only the server needs', async () => {
    const m = await member();
    const res = await m.d.lookup();
    const deposit = res.json();
    const types = deposit.banks.map((b: { bankType: string; mode: string }) => `${b.bankType}:${b.mode}`);
    expect(types).toEqual(expect.arrayContaining(['SCB:AUTO', 'KBANK:AUTO', 'KBANK:QR', 'GSB:AUTO', 'WW:QR', 'FP:QR', 'PAYONEX:QR']));
    expect(res.body).not.toContain('promptPay');
    expect(res.body).not.toContain('billerId');
    // One True Wallet, taking transfers (AUTO, since 0028) and gift links.
    expect(deposit.wallets).toEqual([
      expect.objectContaining({ mode: 'AUTO', walletAccountNo: '0990000004' }),
      expect.objectContaining({ mode: 'GIFT', walletAccountNo: '0990000004' }),
    ]);
  });

  it('notifies the member after each credit', async () => {
    const m = await member();
    // What the money envelope sends to the member's pages after each step commits.
    const notify = vi.spyOn(t.app.wallet.money as unknown as { publish: (memberId: number, event: string, payload: unknown) => void }, 'publish');
    await m.d.uploadSlip((await sandbox(t.app).slip(5)).png);
    await m.d.truelink(encryptLink((await sandbox(t.app).voucher(5)).link));
    const code = (await m.d.qrCreate('FP', 10)).json();
    await sandbox(t.app).pay(code.qrcodeId);
    expect(notify.mock.calls.filter(([id, event]) => id === m.id && event === 'wallet.changed')).toHaveLength(3);
  });
});

describe.each(engines)('deposit lookup in Laos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { COUNTRY: 'LA', RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows BCEL with its currency and instruction image, and the BCEL account that takes Lao QR payments', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ country: 'LA', currency: 'LAK', bank_code: 'BCEL' }).where('id', '=', m.id).execute();
    const deposit = (await depositClient(t.app, m.token).lookup()).json();
    expect(deposit.banks).toEqual([
      expect.objectContaining({ bankType: 'BCEL', mode: 'AUTO', currency: 'LAK', instructionImage: '/assets/deposit/bcel-instructions.svg' }),
      expect.objectContaining({ bankType: 'BCEL', mode: 'QR', currency: 'LAK' }),
    ]);
    // The merchant fields of the Lao QR stay on the server.
    expect(JSON.stringify(deposit)).not.toContain('merchantId');
    const image = await t.app.inject({ method: 'GET', url: '/assets/deposit/bcel-instructions.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('BCEL One');
  });
});
