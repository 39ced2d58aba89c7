import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redemption, VoucherInfo } from '../../src/server/providers/truewallet/adapter';
import { HttpTrueWalletVouchers, VoucherAnswerUnreadable } from '../../src/server/providers/truewallet/http-vouchers';
import { adapterHeaders, type StandIn, type StandInReply } from './helpers/stand-in';
import { GIFT_ERRORS, giftError, giftRedeemed, giftVerified, startTrueMoneyGift, type GiftError } from './helpers/truemoney-gift-stand-in';

// Contract test: our verify and redeem requests byte for byte against the gift voucher endpoints
// as the public libraries restate them, and our reading of every answer they list.
describe('TrueMoney gift vouchers (gift.truemoney.com)', () => {
  const voucher = '0190d2e5f0a17a1b9c6f5e4d3c2b1a09';
  let standIn: StandIn;
  let verifyReply: StandInReply = giftVerified();
  let redeemReply: StandInReply = giftRedeemed();
  beforeAll(async () => {
    standIn = await startTrueMoneyGift({ verify: () => verifyReply, redeem: () => redeemReply });
  });
  afterAll(() => standIn.close());
  const vouchers = () => new HttpTrueWalletVouchers({ url: standIn.url, mobile: '0801235678', timeoutMs: 300 });

  it('verifies with GET /campaign/vouchers/<voucher>/verify?mobile=, reading amount and tickets', async () => {
    verifyReply = giftVerified({ amount: '150.50', member: 1, available: 1 });
    const before = standIn.requests.length;
    expect(await vouchers().inspect(voucher)).toEqual({ kind: 'found', amount: 15_050n, tickets: 1, redeemable: true });
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`/campaign/vouchers/${voucher}/verify?mobile=0801235678`);
    expect(adapterHeaders(request)).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    expect(request.body).toBe('');
  });

  it('reads a shared voucher\'s tickets and one with none left', async () => {
    verifyReply = giftVerified({ member: 4, available: 2 });
    expect(await vouchers().inspect(voucher)).toMatchObject({ kind: 'found', tickets: 4, redeemable: true });
    verifyReply = giftVerified({ member: 1, available: 0 });
    expect(await vouchers().inspect(voucher)).toMatchObject({ kind: 'found', tickets: 1, redeemable: false });
  });

  it.each(GIFT_ERRORS)('reads verify\'s %s as a voucher not to take', async (code) => {
    verifyReply = giftError(code);
    expect(await vouchers().inspect(voucher)).toEqual<VoucherInfo>({ kind: 'not_found' });
  });

  it('redeems with POST /campaign/vouchers/<voucher>/redeem and { mobile, voucher_hash }, crediting my ticket', async () => {
    redeemReply = giftRedeemed('100.00');
    const before = standIn.requests.length;
    expect(await vouchers().redeem(voucher)).toEqual<Redemption>({ kind: 'redeemed', amount: 10_000n });
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/campaign/vouchers/${voucher}/redeem`);
    expect(adapterHeaders(request)).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    expect(request.body).toBe(`{"mobile":"0801235678","voucher_hash":"${voucher}"}`);
  });

  const refusals: Record<Exclude<GiftError, 'INTERNAL_ERROR'>, Extract<Redemption, { kind: 'refused' }>['reason']> = {
    VOUCHER_NOT_FOUND: 'not_found',
    VOUCHER_EXPIRED: 'expired',
    VOUCHER_OUT_OF_STOCK: 'used',
    TARGET_USER_REDEEMED: 'used',
    CANNOT_GET_OWN_VOUCHER: 'own_voucher',
  };
  it.each(Object.entries(refusals))('refuses a redeem answered %s as %s', async (code, reason) => {
    redeemReply = giftError(code as GiftError);
    expect(await vouchers().redeem(voucher)).toEqual({ kind: 'refused', reason });
  });

  // The ticket may be ours already: the deposit module keeps the voucher held for an operator.
  it.each([
    ['INTERNAL_ERROR', () => giftError('INTERNAL_ERROR')],
    ['an HTML error page', (): StandInReply => ({ status: 502, text: '<html>bad gateway</html>' })],
    ['SUCCESS without the ticket', (): StandInReply => ({ status: 200, json: { status: { code: 'SUCCESS' }, data: null } })],
  ])('throws (outcome unknown) on a redeem answered %s', async (_, answer) => {
    redeemReply = answer();
    await expect(vouchers().redeem(voucher)).rejects.toBeInstanceOf(VoucherAnswerUnreadable);
  });

  it('throws on no answer in time, for verify and redeem alike', async () => {
    verifyReply = 'hang';
    redeemReply = 'hang';
    await expect(vouchers().inspect(voucher)).rejects.toThrow();
    await expect(vouchers().redeem(voucher)).rejects.toThrow();
  });
});
