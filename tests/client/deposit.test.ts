import CryptoJS from 'crypto-js';
import type { TFunction } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_TRUEWALLET_LINK_KEY } from '../../src/contract';
import { bankLogo, depositMethods, qrImageSource, qrProviderOf, qrRules, slipImageSource, type DepositLookup } from '../../src/client/deposit/depositMethods';
import { slipDuration, slipOutcome, slipReasonText } from '../../src/client/deposit/slipStatus';

const calls = vi.hoisted(() => ({ log: [] as { path: string; body: unknown; key?: string }[], answer: [] as (() => unknown)[] }));
vi.mock('../../src/client/api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/client/api')>();
  return {
    ...original,
    call: vi.fn(async (endpoint: { path: string }, options: { body?: unknown; idempotencyKey?: string }) => {
      calls.log.push({ path: endpoint.path, body: options.body, key: options.idempotencyKey });
      const next = calls.answer.shift();
      return next ? next() : { amount: 50, wallet: { amount: 50 } };
    }),
  };
});
const { encryptGiftLink, sendGiftLink } = await import('../../src/client/deposit/depositRequests');
const { ApiError } = await import('../../src/client/api');

const COMPANY = 'SANDBOX WALLET';
const account = (bankType: string, mode: string, bankAccountNo: string, extra: Partial<DepositLookup['banks'][number]> = {}) => ({
  bankCode: bankType, bankType, mode, bankAccountName: COMPANY, bankAccountNo, currency: null, bank: { nameTH: bankType, nameEN: bankType, name: bankType }, ...extra,
});
const THAILAND: DepositLookup = {
  isManual: false,
  banks: [
    account('SCB', 'AUTO', '4060000001'),
    account('KBANK', 'AUTO', '0730000002'),
    account('KBANK', 'QR', '0730000002'),
    account('GSB', 'AUTO', '020000000003'),
    account('WW', 'QR', ''),
    account('FP', 'QR', ''),
    account('PAYONEX', 'QR', ''),
  ],
  wallets: [{ mode: 'GIFT', walletAccountName: COMPANY, walletAccountNo: '0990000004' }],
};

describe('deposit methods (SPEC section 2)', () => {
  it('lists the accounts to transfer to and the QR providers: KBANK outside AUTO mode and the gateways', () => {
    const methods = depositMethods(THAILAND);
    expect(methods.accounts.map((a) => `${a.bankType}/${a.mode}`)).toEqual(['SCB/AUTO', 'KBANK/AUTO', 'GSB/AUTO']);
    expect(methods.qr.map((q) => q.provider)).toEqual(['KBANK', 'WW', 'FP', 'PAYONEX']);
    expect(methods.wallets).toHaveLength(1);
    expect(methods.isManual).toBe(false);
  });

  it('shows BCEL as an account with its currency, and as QR only outside AUTO mode', () => {
    const bcel = account('BCEL', 'AUTO', '010120000000001', { currency: 'LAK', instructionImage: '/assets/deposit/bcel-instructions.svg' });
    expect(qrProviderOf(bcel)).toBeNull();
    expect(qrProviderOf({ ...bcel, mode: 'QR' })).toBe('BCEL');
    const methods = depositMethods({ isManual: false, banks: [bcel], wallets: [] });
    expect(methods.accounts).toEqual([bcel]);
    expect(methods.qr).toEqual([]);
  });

  it('lists every account with a number, once, for a manual deposit', () => {
    const methods = depositMethods({ ...THAILAND, isManual: true });
    expect(methods.accounts.map((a) => a.bankAccountNo)).toEqual(['4060000001', '0730000002', '020000000003']);
    expect(methods.qr.map((q) => q.provider)).toEqual(['KBANK', 'WW', 'FP', 'PAYONEX']);
  });

  it('keeps banks it does not know as plain accounts', () => {
    expect(depositMethods({ isManual: false, banks: [account('KTB', 'AUTO', '1234567890')], wallets: [] }).accounts).toHaveLength(1);
  });
});

describe('QR rules (SPEC section 9)', () => {
  it('has the minimums and presets per provider', () => {
    expect(qrRules('KBANK')).toEqual({ minimum: 0, presets: [10, 20, 50, 100, 500, 1000] });
    expect(qrRules('WW')).toEqual({ minimum: 100, presets: [100, 200, 300, 500, 1000] });
    expect(qrRules('PAYONEX')).toEqual({ minimum: 100, presets: [100, 200, 300, 500, 1000] });
    expect(qrRules('FP')).toEqual({ minimum: 10, presets: [10, 50, 100, 500, 1000] });
  });

  it("lets the build set FP's minimum, which becomes its first preset", () => {
    expect(qrRules('FP', '20')).toEqual({ minimum: 20, presets: [20, 50, 100, 500, 1000] });
    expect(qrRules('FP', '200')).toEqual({ minimum: 200, presets: [200, 500, 1000] });
    expect(qrRules('FP', '')).toEqual(qrRules('FP'));
    expect(qrRules('FP', 'abc')).toEqual(qrRules('FP'));
    expect(qrRules('WW', '20')).toEqual(qrRules('WW'));
  });

  it('offers no preset above the maximum the money rules give (issue 27)', () => {
    const capped = { minimum: 100, presets: [100, 500, 1000, 50_000], maximum: 1000 };
    expect(qrRules('WW', undefined, capped)).toEqual({ minimum: 100, presets: [100, 500, 1000], maximum: 1000 });
    expect(qrRules('FP', '200', { minimum: 10, presets: [10, 500, 5000], maximum: 1000 })).toEqual({ minimum: 200, presets: [200, 500], maximum: 1000 });
  });

  it("takes the server's minimum and presets in the member's currency when it has them (kip)", () => {
    const kip = { minimum: 10_000, presets: [50_000, 100_000, 500_000, 1_000_000] };
    expect(qrRules('BCEL', undefined, kip)).toEqual(kip);
    expect(qrRules('BCEL', '20', kip)).toEqual(kip);
  });
});

describe('images from the server', () => {
  it('shows a data URL image as it is and SVG markup as an image, never as markup', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
    expect(qrImageSource(png)).toBe(png);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    const src = qrImageSource(svg)!;
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(svg);
    expect(qrImageSource(`<?xml version="1.0"?>\n${svg}`)).toMatch(/^data:image\/svg\+xml/);
  });

  it('refuses anything else', () => {
    expect(qrImageSource('javascript:alert(1)')).toBeNull();
    expect(qrImageSource('<img src=x onerror=alert(1)>')).toBeNull();
    expect(qrImageSource('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(qrImageSource('00020101021230...')).toBeNull();
    expect(slipImageSource('data:image/jpeg;base64,/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(slipImageSource('https://cdn.example/slip.png')).toBe('https://cdn.example/slip.png');
    expect(slipImageSource('javascript:alert(1)')).toBeNull();
    expect(slipImageSource('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
  });

  it('knows the bundled bank badges only', () => {
    expect(bankLogo('SCB')).toBe('/assets/banks/SCB.svg');
    expect(bankLogo('WW')).toBeNull();
  });
});

describe('slip status (SPEC sections 4 and 8)', () => {
  const t = ((key: string, options?: Record<string, unknown>) =>
    key.startsWith('errors.') ? `text of ${key.slice(7)}` : `${key}:${JSON.stringify(options)}`) as unknown as TFunction;

  it('reads SUCCESS, FAILED and anything else as in progress', () => {
    expect(['SUCCESS', 'FAILED', 'PENDING', 'whatever'].map(slipOutcome)).toEqual(['success', 'failed', 'pending', 'pending']);
  });

  it('shows a reason in brackets, an unknown one raw, none as nothing', () => {
    expect(slipReasonText(t, 'SLIP_REFNO_DUPLICATED')).toBe('[text of SLIP_REFNO_DUPLICATED]');
    expect(slipReasonText(t, 'SOMETHING_NEW')).toBe('[SOMETHING_NEW]');
    expect(slipReasonText(t, null)).toBe('');
  });

  it('says whole hours in hours', () => {
    expect(slipDuration(t, 60)).toBe('deposit.hours:{"count":1}');
    expect(slipDuration(t, 90)).toBe('deposit.minutes:{"count":90}');
  });
});

describe('True Wallet link (SPEC section 7)', () => {
  beforeEach(() => {
    calls.log.length = 0;
    calls.answer.length = 0;
  });

  it('encrypts the link with crypto-js AES under the sandbox key', () => {
    const link = 'https://gift.truemoney.com/campaign/?v=abcdefghij0123456789';
    const sealed = encryptGiftLink(link);
    expect(sealed).not.toContain('gift.truemoney');
    expect(CryptoJS.AES.decrypt(sealed, SANDBOX_TRUEWALLET_LINK_KEY).toString(CryptoJS.enc.Utf8)).toBe(link);
  });

  it('sends the very same ciphertext again when an action is retried with its key', async () => {
    const link = 'https://gift.truemoney.com/campaign/?v=abcdefghij0123456789';
    calls.answer.push(() => {
      throw new ApiError('TRANSFER_PENDING', 202);
    });
    expect(await sendGiftLink({ request: { operation: 'truelink', link }, key: 'k1' })).toEqual({ status: 'pending' });
    expect(await sendGiftLink({ request: { operation: 'truelink', link }, key: 'k1' })).toEqual({ status: 'done', result: { amount: 50, wallet: { amount: 50 } } });
    await sendGiftLink({ request: { operation: 'truelink', link }, key: 'k2' });

    expect(calls.log.map((c) => [c.path, c.key])).toEqual([
      ['/api/wallet/truelink', 'k1'],
      ['/api/wallet/truelink', 'k1'],
      ['/api/wallet/truelink', 'k2'],
    ]);
    const [first, retry, other] = calls.log.map((c) => (c.body as { link: string }).link);
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
  });
});

const { noticesToShow, sendDepositNotice } = await import('../../src/client/deposit/depositNotices');

describe('deposit notices ("I have transferred")', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const notice = (id: string, state: 'pending' | 'matched' | 'expired', closedAt: string | null) => ({
    id, amount: 100, currency: 'BAHT' as const, state, createdAt: '2026-11-26T10:00:00Z', expiresAt: '2026-11-27T10:00:00Z', closedAt,
  });

  it('shows each pending notice and those closed within the last day, three at most', () => {
    const shown = noticesToShow([
      notice('a', 'pending', null), notice('b', 'matched', '2026-11-26T11:00:00Z'), notice('c', 'expired', '2026-11-25T11:00:00Z'),
      notice('d', 'pending', null), notice('e', 'pending', null),
    ], now, 24);
    expect(shown.map((n) => n.id)).toEqual(['a', 'b', 'd']);
  });

  it('sends the amount with the action\'s key', async () => {
    calls.log.length = 0;
    calls.answer.push(() => notice('n1', 'pending', null));
    expect(await sendDepositNotice({ request: { operation: 'depositNotice', amount: 500 }, key: 'key-1' })).toEqual({ status: 'done', result: notice('n1', 'pending', null) });
    expect(calls.log).toEqual([{ path: '/api/wallet/add', body: { amount: 500 }, key: 'key-1' }]);
    await expect(sendDepositNotice({ request: { operation: 'truelink', link: 'x' }, key: 'k' })).rejects.toThrow();
  });
});
