import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_REPLAYED_HEADER } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, encryptLink, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { balances } from './helpers/wallet';

describe.each(engines)('True Wallet deposits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member() {
    const m = await seedMember(t.app);
    return { ...m, d: depositClient(t.app, m.token) };
  }

  const redeemedAt = async (voucherId: string) =>
    (await t.app.ctx.db.selectFrom('sandbox_truewallet_voucher').select('redeemed_at').where('voucher', '=', voucherId).executeTakeFirstOrThrow()).redeemed_at;

  it('credits a gift link encrypted as the client does it', async () => {
    const m = await member();
    const voucher = await sandbox(t.app).voucher(50);
    expect(voucher.link).toBe(`https://gift.truemoney.com/campaign/?v=${voucher.voucherId}`);
    const res = await m.d.truelink(encryptLink(voucher.link));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: 50, wallet: { amount: 50 } });
    expect((await balances(t.app, m.id)).wallet).toBe(50);
    expect(await redeemedAt(voucher.voucherId)).not.toBeNull();
    const statement = (await m.d.statement()).json();
    expect(statement.statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', amount: 50 });
  });

  it('refuses a voucher deposited before as TRUELINK_DUPLICATE, for anyone', async () => {
    const m = await member();
    const other = await member();
    const voucher = await sandbox(t.app).voucher(20);
    await m.d.truelink(encryptLink(voucher.link));
    for (const who of [m, other]) {
      const again = await who.d.truelink(encryptLink(voucher.link));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    }
    expect((await balances(t.app, m.id)).wallet).toBe(20);
    expect((await balances(t.app, other.id)).wallet).toBe(0);
  });

  it('answers a repeated request with its first answer and credits once', async () => {
    const m = await member();
    const voucher = await sandbox(t.app).voucher(30);
    const key = randomUUID();
    const link = encryptLink(voucher.link);
    const first = await m.d.truelink(link, key);
    const again = await m.d.truelink(link, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await balances(t.app, m.id)).wallet).toBe(30);
  });

  it('credits once when the same voucher arrives concurrently', async () => {
    const m = await member();
    const voucher = await sandbox(t.app).voucher(10);
    const answers = await Promise.all(Array.from({ length: 5 }, () => m.d.truelink(encryptLink(voucher.link))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect((await balances(t.app, m.id)).wallet).toBe(10);
  });

  it.each([
    ['garbage', () => 'garbage'],
    ['a link that is not encrypted', () => 'https://gift.truemoney.com/campaign/?v=0190d2e5f0a17a1b9c6f5e4d3c2b1a09'],
    ['a link encrypted with another key', () => encryptLink('https://gift.truemoney.com/campaign/?v=0190d2e5f0a17a1b9c6f5e4d3c2b1a09', 'another key')],
    ['another site', () => encryptLink('https://gift.example.com/campaign/?v=0190d2e5f0a17a1b9c6f5e4d3c2b1a09')],
    ['a voucher True Wallet does not know', () => encryptLink('https://gift.truemoney.com/campaign/?v=00000000000000000000000000000000')],
  ])('refuses %s as TRUELINK_INVALID', async (_, link) => {
    const m = await member();
    const res = await m.d.truelink(link());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'TRUELINK_INVALID' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('refuses a voucher under 2 baht without redeeming it, and takes one of 2 baht', async () => {
    const m = await member();
    const small = await sandbox(t.app).voucher(1.5);
    const res = await m.d.truelink(encryptLink(small.link));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'TRUEWALLET_MINIMUM' });
    expect(await redeemedAt(small.voucherId)).toBeNull();
    const enough = await sandbox(t.app).voucher(2);
    expect((await m.d.truelink(encryptLink(enough.link))).json()).toEqual({ amount: 2, wallet: { amount: 2 } });
  });

  it('refuses a voucher shared by several people without redeeming it', async () => {
    const m = await member();
    const shared = await sandbox(t.app).voucher(100, 4);
    const res = await m.d.truelink(encryptLink(shared.link));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'TRUELINK_MULTI_TICKET' });
    expect(await redeemedAt(shared.voucherId)).toBeNull();
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('needs an idempotency key', async () => {
    const m = await member();
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/truelink', payload: { link: 'x' }, headers: { 'x-client': 'member-wallet', authorization: `Bearer ${m.token}` } });
    expect(res.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REQUIRED' });
  });
});
