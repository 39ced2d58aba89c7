import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, ENGLISH_NAME_BANKS } from '../../src/contract';
import { SLIP } from '../../src/server/db/migrations/0005_member_access.seed';
import { isSlipUploadOpen } from '../../src/server/modules/lookup/lookups';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

describe.each(engines)('lookups in Thailand on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await build(engine);
    token = (await seedMember(t.app)).token;
  });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const get = (path: string, withToken = false) =>
    t.app.inject({ method: 'GET', url: `/api/lookup/${path}`, headers: clientHeaders(withToken ? token : undefined) });

  it.each([
    ['banks', endpoints.lookupBanks, false],
    ['deposit', endpoints.lookupDeposit, true],
    ['conditions', endpoints.lookupConditions, false],
    ['agreements', endpoints.lookupAgreements, false],
    ['info', endpoints.lookupInfo, false],
    ['notice', endpoints.lookupNotice, false],
    ['contact', endpoints.lookupContact, false],
    ['withdraw', endpoints.lookupWithdraw, true],
    ['slip', endpoints.lookupSlip, true],
    ['sources', endpoints.lookupSources, false],
    ['active', endpoints.lookupActive, false],
    ['maintenance', endpoints.lookupMaintenance, false],
    ['registerOTP', endpoints.lookupRegisterOTP, false],
    ['enableChatWidget', endpoints.lookupEnableChatWidget, false],
    ['howto', endpoints.lookupHowto, false],
  ] as const)('%s answers its contract shape', async (path, endpoint, member) => {
    const res = await get(path, member);
    expect(res.statusCode).toBe(200);
    expect(endpoint.response.safeParse(res.json()).success).toBe(true);
    if (member) expect((await get(path)).json()).toEqual({ message: 'invalid-token' });
  });

  it('lists the Thai banks with both names and a bundled badge each', async () => {
    const banks = (await get('banks')).json() as { code: string; nameTH: string; nameEN: string; logo: string }[];
    const codes = banks.map((b) => b.code);
    for (const code of ['BBL', 'KBANK', 'KTB', 'TMB', 'SCB', 'BAY', 'GSB', 'BAAC', 'GHB', 'CIMB', 'UOB', 'KKP', 'LHB', 'TISCO', 'ICBC']) {
      expect(codes).toContain(code);
    }
    for (const code of ENGLISH_NAME_BANKS) expect(codes).toContain(code);
    expect(codes).not.toContain('BCEL');
    for (const b of banks) {
      expect(b.nameTH).toMatch(/[\u0E00-\u0E7F]/);
      expect(b.logo).toBe(`/assets/banks/${b.code}.svg`);
      const logo = await t.app.inject({ method: 'GET', url: b.logo });
      expect(logo.statusCode, b.logo).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.body).toContain(`>${b.code}</text>`);
    }
  });

  it("lists the deposit accounts with bank names, the member's own bank first", async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ bank_code: 'KBANK' }).where('id', '=', m.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: clientHeaders(m.token) });
    const deposit = res.json();
    const codes: string[] = deposit.banks.map((b: { bankCode: string }) => b.bankCode);
    expect(codes).toEqual(expect.arrayContaining(['SCB', 'KBANK', 'GSB']));
    const firstOther = codes.findIndex((c) => c !== 'KBANK');
    expect(codes.slice(0, firstOther).length).toBeGreaterThan(0);
    expect(codes.slice(firstOther)).not.toContain('KBANK');
    expect(deposit.banks[0]).toMatchObject({ bankType: 'KBANK', currency: null, bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' } });
    for (const b of deposit.banks) expect(b.bank.nameEN.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('promptPay');
    expect(deposit.wallets).toEqual(expect.arrayContaining([expect.objectContaining({ mode: 'GIFT' })]));
    expect(deposit.isManual).toBe(false);
  });

  it('answers the withdraw limits of the operator settings', async () => {
    expect((await get('withdraw', true)).json()).toEqual({ withdrawMin: 100, withdrawMax: 50000 });
  });

  it('fills the percentFail placeholder of the notice', async () => {
    const { notice } = (await get('notice')).json();
    expect(notice).toContain('50%');
    expect(notice).not.toContain('{percentFail}');
  });

  it('says whether slip upload is open by the clock, in local time', async () => {
    await t.app.ctx.settings.set('slip', SLIP); // the seeded window (the tests' databases have none)
    vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(new Date('2025-03-01T16:55:00Z')); // 23:55 in Bangkok
    expect((await get('slip', true)).json()).toEqual({ isOpen: false, closedFrom: '23:50', closedTo: '00:10', uploadWithinMinutes: 60 });
    vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(new Date('2025-03-01T05:00:00Z')); // 12:00
    expect((await get('slip', true)).json()).toMatchObject({ isOpen: true });
  });

  it('follows the operator settings', async () => {
    await t.app.ctx.settings.set('registerOTP', false);
    await t.app.ctx.settings.set('enableChatWidget', false);
    try {
      expect((await get('registerOTP')).json()).toEqual({ registerOTP: false });
      expect((await get('enableChatWidget')).json()).toEqual({ enableChatWidget: false });
    } finally {
      await t.app.ctx.settings.set('registerOTP', true);
      await t.app.ctx.settings.set('enableChatWidget', true);
    }
  });

  it('answers 404 for an asset that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/banks/NOPE.svg' })).statusCode).toBe(404);
  });
});

describe.each(engines)('lookups in Laos on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine, { COUNTRY: 'LA' }); });
  afterAll(async () => { await t.close(); });

  it('lists the banks of Laos with their Lao names', async () => {
    const banks = (await t.app.inject({ method: 'GET', url: '/api/lookup/banks' })).json() as { code: string; nameTH: string }[];
    expect(banks.map((b) => b.code)).toEqual(expect.arrayContaining(['BCEL', 'LDB', 'APB', 'JDB', 'STB', 'BIC']));
    expect(banks.map((b) => b.code)).not.toContain('SCB');
    for (const b of banks) expect(b.nameTH).toMatch(/[\u0E80-\u0EFF]/);
  });

  it("lists only the deposit accounts of the member's currency", async () => {
    const m = await seedMember(t.app);
    for (const currency of ['LAK', 'BAHT'] as const) {
      await t.app.ctx.db.updateTable('member').set({ country: 'LA', currency, bank_code: 'BCEL' }).where('id', '=', m.id).execute();
      const deposit = (await t.app.inject({ method: 'GET', url: '/api/lookup/deposit', headers: clientHeaders(m.token) })).json();
      expect(deposit.banks.length).toBeGreaterThan(0);
      expect(deposit.banks.map((b: { currency: string }) => b.currency)).toEqual(deposit.banks.map(() => currency));
      expect(deposit.banks[0]).toMatchObject({ bankCode: 'BCEL', bankType: 'BCEL', currency });
      // The LAO QR merchant stays on the server.
      expect(JSON.stringify(deposit)).not.toMatch(/laoQr|merchantId/);
    }
  });
});

describe('slip upload window', () => {
  const at = (hhmm: string) => new Date(`2025-03-01T${hhmm}:00Z`);
  it.each([
    ['23:50', '00:10', '23:49', true],
    ['23:50', '00:10', '23:50', false],
    ['23:50', '00:10', '00:05', false],
    ['23:50', '00:10', '00:10', true],
    ['01:00', '02:00', '01:30', false],
    ['01:00', '02:00', '02:30', true],
  ])('closed %s to %s: open at %s is %s', (closedFrom, closedTo, time, open) => {
    expect(isSlipUploadOpen({ closedFrom, closedTo, utcOffsetMinutes: 0 }, at(time))).toBe(open);
  });

  it('is always open without a window', () => {
    expect(isSlipUploadOpen({ closedFrom: null, closedTo: null, utcOffsetMinutes: 420 }, new Date())).toBe(true);
  });
});
