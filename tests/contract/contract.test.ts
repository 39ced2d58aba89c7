import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { decimalTextToMinor, endpoints, type Endpoint } from '../../src/contract';

/** Every call of SPEC section 7, written out from the spec, path parameters in Fastify style. */
const SPEC_CALLS = [
  // lookups
  'GET /api/lookup/banks',
  'GET /api/lookup/deposit',
  'GET /api/lookup/conditions',
  'GET /api/lookup/agreements',
  'GET /api/lookup/info',
  'GET /api/lookup/notice',
  'GET /api/lookup/contact',
  'GET /api/lookup/withdraw',
  'GET /api/lookup/slip',
  'GET /api/lookup/sources',
  'GET /api/lookup/active',
  'GET /api/lookup/registerOTP',
  'GET /api/lookup/enableChatWidget',
  // account
  'POST /api/login',
  'POST /api/account/validate',
  'POST /api/account',
  'GET /api/account/profile',
  'PUT /api/account/profile',
  'PUT /api/account/bankAccountName',
  'PUT /api/account/changepwd',
  'POST /api/otp/send',
  'POST /api/otp/verify',
  // wallet
  'GET /api/wallet',
  'GET /api/wallet/refresh/slot',
  'GET /api/wallet/activate/:slotCode',
  'GET /api/wallet/account/:slotCode',
  'GET /api/wallet/resetpassword/:slotCode',
  'POST /api/wallet/add',
  'POST /api/wallet/transfer',
  'POST /api/wallet/transferAll',
  'POST /api/wallet/withdraw',
  'POST /api/wallet/withdrawAll',
  'POST /api/wallet/slip',
  'POST /api/wallet/truelink',
  // invite, refund, spin
  'POST /api/invite',
  'GET /api/invite/bonus',
  'GET /api/invite/banners',
  'POST /api/refund',
  'GET /api/refund/check',
  'GET /api/refund/receive',
  'GET /api/refund/addWallet',
  'GET /api/refund/banners',
  'GET /api/spinwheel/setup',
  'POST /api/spinwheel/spin',
  'GET /api/spinwheel/coupon',
  'POST /api/spinwheel/coupon/claim',
  'GET /api/spinwheel/active',
  // QR
  'GET /api/qrcode/:bankCode',
  'POST /api/qrcode/:bankCode',
  'DELETE /api/qrcode/:qrcodeId',
  // auto-login
  'GET /api/autoLogin/pg/:username',
  'GET /api/autoLogin/betflix/:username',
  'GET /api/autoLogin/askmebet/:username/:password',
  'GET /api/autoLogin/imi/:username/:password',
  'GET /api/autoLogin/usun/:username/:password',
  'GET /api/autoLogin/areaslot/:username',
  'GET /api/autoLogin/circus/:username/:password',
  'GET /api/autoLogin/slotracha/:username/:password',
  'GET /api/autoLogin/pgslot/:username/:password',
  'GET /api/autoLogin/joker2/:username',
  'GET /api/autoLogin/huayhd/:username',
  // bonus, promotion, statement
  'GET /api/bonus',
  'GET /api/bonus/activate/:code',
  'GET /api/bonus/check/active',
  'GET /api/bonus/check/minimum',
  'GET /api/bonus/clear',
  'GET /api/promotion/current',
  'GET /api/promotion/find/:code',
  'GET /api/promotion/activate/:code',
  'POST /api/statement',
  'POST /api/statement/slip',
  'GET /api/statement/slip/reference/:reference',
  // chat (the spec writes read-customer with a trailing slash; the route has none)
  'GET /api/chat/config',
  'POST /api/chat/send-message',
  'POST /api/chat/history',
  'POST /api/chat/upload-image',
  'POST /api/chat/upload-video',
  'PUT /api/chat/read-customer',
] as const;

/**
 * The product's additions to section 7: the money rules lookup, logout, agreement acceptance, the
 * launch calls of the five providers SPEC section 2 gives their own login handler but section 7
 * no call, providers' webhooks, the sandbox simulators, the chat's uploaded files and its unread
 * count, the member's deposit notices, and the how-to page's operator texts.
 */
const PRODUCT_CALLS = [
  'GET /api/lookup/money',
  'GET /api/lookup/howto',
  'GET /api/autoLogin/joker/:username',
  'GET /api/autoLogin/sexygame/:username',
  'GET /api/autoLogin/ufabet/:username',
  'GET /api/autoLogin/superslot/:username',
  'GET /api/autoLogin/slotxo/:username',
  'POST /api/logout',
  'GET /api/account/agreement',
  'POST /api/account/agreement',
  'GET /api/sandbox/sms',
  'POST /api/sandbox/slips',
  'POST /api/sandbox/qrcode/:qrcodeId/pay',
  'POST /api/sandbox/truewallet/vouchers',
  'POST /api/sandbox/wallet/fund',
  'GET /api/sandbox/game/session',
  'POST /api/sandbox/game/spin',
  'POST /api/webhooks/gateway/:provider',
  'POST /api/webhooks/bank/:bankCode',
  'POST /api/sandbox/bank/arrivals',
  'GET /api/bonus/current',
  'POST /api/sandbox/spin/coins',
  'GET /api/chat/files/:fileId',
  'GET /api/wallet/notices',
  'POST /api/webhooks/truewallet',
  'POST /api/sandbox/truewallet/transfers',
  // Forgot password (issue 28): the code by SMS, then the new password.
  'POST /api/account/password/forgot',
  'POST /api/account/password/verify',
  'POST /api/account/password/reset',
  'POST /api/chat/unread',
  // Banner images operators upload (issue 29).
  'GET /api/content/images/:id',
  // A closing of the service scheduled ahead, for the members' notice (issue 29).
  'GET /api/lookup/maintenance',
  // Safer play (issue 31): limits, breaks, self-exclusion, reality check; the sandbox's clock.
  'GET /api/safer-play',
  'PUT /api/safer-play/limits/:kind/:period',
  'DELETE /api/safer-play/limits/:kind/:period',
  'POST /api/safer-play/limits/:kind/:period/confirm',
  'DELETE /api/safer-play/limits/:kind/:period/pending',
  'POST /api/safer-play/break',
  'POST /api/safer-play/exclusion/ask',
  'POST /api/safer-play/exclusion',
  'GET /api/safer-play/reality-check',
  'POST /api/safer-play/reality-check/ack',
  'PUT /api/safer-play/reality-check',
  'GET /api/sandbox/clock',
  'POST /api/sandbox/clock/advance',
  // Web Push (issue 32): the server's key, this device's subscription; the sandbox's outbox.
  'GET /api/push/key',
  'PUT /api/push/subscription',
  'DELETE /api/push/subscription',
  'GET /api/sandbox/push',
] as const;

/** Member calls that move money: each must carry an Idempotency-Key. */
const MONEY_CALLS = [
  'POST /api/wallet/add',
  'POST /api/wallet/transfer',
  'POST /api/wallet/transferAll',
  'POST /api/wallet/withdraw',
  'POST /api/wallet/withdrawAll',
  'POST /api/wallet/truelink',
  'POST /api/wallet/slip',
  'POST /api/sandbox/wallet/fund',
] as const;

const entries = Object.entries(endpoints) as [string, Endpoint][];
const callOf = (e: Endpoint) => `${e.method} ${e.path}`;
const keysOf = (call: string) => entries.filter(([, e]) => callOf(e) === call).map(([key]) => key);
const byCall = (call: string): Endpoint => {
  const found = entries.find(([, e]) => callOf(e) === call);
  if (!found) throw new Error(`no endpoint for ${call}`);
  return found[1];
};
const bodyOf = (call: string) => byCall(call).body as z.ZodType;

describe('the contract covers SPEC section 7', () => {
  it('the hand-written table has no duplicates', () => {
    const all = [...SPEC_CALLS, ...PRODUCT_CALLS];
    expect(new Set(all).size).toBe(all.length);
  });

  it.each([...SPEC_CALLS, ...PRODUCT_CALLS])('%s has exactly one entry', (call) => {
    expect(keysOf(call)).toHaveLength(1);
  });

  it('has no endpoint outside the spec and the named additions', () => {
    const known = new Set<string>([...SPEC_CALLS, ...PRODUCT_CALLS]);
    expect(entries.map(([, e]) => callOf(e)).filter((call) => !known.has(call))).toEqual([]);
  });

  it('maps each method and path to one key', () => {
    const calls = entries.map(([, e]) => callOf(e));
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('names each path parameter in the params schema, and nothing else', () => {
    for (const [key, e] of entries) {
      const inPath = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const inSchema = e.params ? Object.keys((e.params as z.ZodObject).shape).sort() : [];
      expect(inSchema, key).toEqual(inPath);
    }
  });

  it('keeps sandbox endpoints under /api/sandbox (some of them act for the calling member)', () => {
    for (const [key, e] of entries) {
      if (e.access === 'sandbox') expect(e.path.startsWith('/api/sandbox/'), key).toBe(true);
      if (e.path.startsWith('/api/sandbox/')) expect(['sandbox', 'member'], key).toContain(e.access);
    }
  });

  it('gives every endpoint a one-line summary', () => {
    for (const [key, e] of entries) {
      expect(e.summary.trim().length, key).toBeGreaterThan(0);
      expect(e.summary, key).not.toContain('\n');
    }
  });
});

describe('money-moving calls require an idempotency key', () => {
  it.each(MONEY_CALLS)('%s is a member call marked idempotent', (call) => {
    const e = byCall(call);
    expect(e.access).toBe('member');
    expect(e.idempotent).toBe(true);
  });

  it('marks no other call idempotent', () => {
    const marked = entries.filter(([, e]) => e.idempotent).map(([, e]) => callOf(e)).sort();
    expect(marked).toEqual([...MONEY_CALLS].sort());
  });

  it('takes files only on POST', () => {
    const multipart = entries.filter(([, e]) => e.multipart).map(([, e]) => callOf(e)).sort();
    expect(multipart).toEqual(['POST /api/chat/upload-image', 'POST /api/chat/upload-video', 'POST /api/wallet/slip']);
  });
});

describe('schemas refuse malformed input', () => {
  it('accepts amounts with at most two decimals and refuses others', () => {
    const body = bodyOf('POST /api/wallet/withdraw');
    expect(body.safeParse({ amount: 100.25 }).success).toBe(true);
    expect(body.safeParse({ amount: 100.255 }).success).toBe(false);
    expect(body.safeParse({ amount: -1 }).success).toBe(false);
    expect(body.safeParse({ amount: '100' }).success).toBe(false);
    expect(body.safeParse({ amount: Number.POSITIVE_INFINITY }).success).toBe(false);
  });

  it('leaves the transfer minimum to the server (TRANSFER_MINIMUM), but refuses a transfer to the same account', () => {
    const body = bodyOf('POST /api/wallet/transfer');
    expect(body.safeParse({ from: 'wallet', to: 'PG', amount: 0.5 }).success).toBe(true);
    expect(body.safeParse({ from: 'PG', to: 'PG', amount: 10 }).success).toBe(false);
  });

  it('bounds pages', () => {
    const body = bodyOf('POST /api/statement');
    expect(body.safeParse({ page: 1, limit: 10 }).success).toBe(true);
    expect(body.safeParse({ page: 0, limit: 10 }).success).toBe(false);
    expect(body.safeParse({ page: 1, limit: 101 }).success).toBe(false);
    expect(body.safeParse({ page: 1.5, limit: 10 }).success).toBe(false);
  });

  it('refuses empty and over-long chat text', () => {
    const body = bodyOf('POST /api/chat/send-message');
    const text = (payload: string) => ({ guestId: 'g-1', message: { message_type: 'text', payload } });
    expect(body.safeParse(text('hello')).success).toBe(true);
    expect(body.safeParse(text('x'.repeat(2000))).success).toBe(true);
    expect(body.safeParse(text('x'.repeat(2001))).success).toBe(false);
    expect(body.safeParse(text('   ')).success).toBe(false);
  });

  it('refuses a QR code for an unknown provider', () => {
    const params = byCall('GET /api/qrcode/:bankCode').params as z.ZodType;
    expect(params.safeParse({ bankCode: 'KBANK' }).success).toBe(true);
    expect(params.safeParse({ bankCode: 'NOPE' }).success).toBe(false);
  });

  it('takes a bank notification in whole minor units from a sender account of digits and mask characters', () => {
    const body = bodyOf('POST /api/webhooks/bank/:bankCode');
    const notice = { reference: 'R1', account: '0730000002', amount: 10_050, currency: 'BAHT', senderBank: 'SCB', senderAccount: 'xxx-x-x1234-x', transferredAt: '2025-03-01T05:00:00Z' };
    expect(body.safeParse(notice).success).toBe(true);
    expect(body.safeParse({ ...notice, amount: 100.5 }).success).toBe(false);
    expect(body.safeParse({ ...notice, amount: 0 }).success).toBe(false);
    expect(body.safeParse({ ...notice, senderAccount: '1234; drop' }).success).toBe(false);
    expect(body.safeParse({ ...notice, transferredAt: 'today' }).success).toBe(false);
  });

  it("takes a True Wallet notification in whole satang from a sender's wallet phone, masked or international", () => {
    const body = bodyOf('POST /api/webhooks/truewallet');
    const notice = { reference: 'TW1', account: '0990000004', amount: 5_000, senderPhone: '0812345678', transferredAt: '2025-03-01T05:00:00Z' };
    expect(body.safeParse(notice).success).toBe(true);
    expect(body.safeParse({ ...notice, senderPhone: '+66812345678' }).success).toBe(true);
    expect(body.safeParse({ ...notice, senderPhone: '081-xxx-5678' }).success).toBe(true);
    expect(body.safeParse({ ...notice, senderPhone: '081 2345678; drop' }).success).toBe(false);
    expect(body.safeParse({ ...notice, amount: 50.5 }).success).toBe(false);
    expect(body.safeParse({ ...notice, amount: -100 }).success).toBe(false);
  });

  it('takes a deposit notice of an amount above 0 with at most two decimals', () => {
    const body = bodyOf('POST /api/wallet/add');
    expect(body.safeParse({ amount: 500 }).success).toBe(true);
    expect(body.safeParse({ amount: 0 }).success).toBe(false);
    expect(body.safeParse({ amount: -5 }).success).toBe(false);
    expect(body.safeParse({ amount: 1.005 }).success).toBe(false);
  });

  it("takes only the demo slot's own stakes", () => {
    const body = bodyOf('POST /api/sandbox/game/spin');
    expect(body.safeParse({ t: 'token', stake: 5 }).success).toBe(true);
    expect(body.safeParse({ t: 'token', stake: 3 }).success).toBe(false);
    expect(body.safeParse({ t: 'token', stake: -5 }).success).toBe(false);
    expect(body.safeParse({ t: '', stake: 5 }).success).toBe(false);
  });

  it('refuses a login with an over-long password or a phone with letters', () => {
    const body = bodyOf('POST /api/login');
    expect(body.safeParse({ username: '0812345678', password: 'secret' }).success).toBe(true);
    expect(body.safeParse({ username: '0812345678', password: 'x'.repeat(101) }).success).toBe(false);
    expect(body.safeParse({ username: '08abc', password: 'secret' }).success).toBe(false);
  });
});

describe('decimal text from an outside service', () => {
  it.each([['830.37', 83037n], ['100', 10000n], ['5.5', 550n], ['0.05', 5n], ['1000000000.99', 100000000099n]])('reads %s as %s minor units, without a float', (text, minor) => {
    expect(decimalTextToMinor(text)).toBe(minor);
  });
});
