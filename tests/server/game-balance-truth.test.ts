import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { walletClient } from './helpers/wallet';

/**
 * Issue 27, finding 2: after losing in the demo game (real balance 46) the game account still
 * showed 96, and "transfer all" answered "game balance now 296" when it was 246. No answer
 * states a game balance the product did not just read or book: a transfer reads the provider
 * before it moves money, its answer carries when that was (`syncedAt`), and the home says how
 * old each game figure is.
 */
describe.each(engines)('game balances the player is told on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  /** A member with 96 in PG (as the walk found), the rest in the wallet. */
  async function memberIn(wallet: number) {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, wallet + 96);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    expect((await w.transfer('wallet', 'PG', 96)).statusCode).toBe(200);
    const { username } = await t.app.wallet.games.credentials(m.id, 'PG');
    /** Loses `amount` in the demo game: a bet that wins nothing. */
    const lose = (amount: number) => t.app.demoProvider!.bet('PG', username, BigInt(amount * 100), 0n);
    const pg = (slots: { code: string; amount: number; syncedAt: string | null }[]) => slots.find((s) => s.code === 'PG')!;
    return { ...m, w, lose, pg };
  }

  it('answers "transfer all" with the game balance after the loss, and when it was read', async () => {
    const m = await memberIn(200);
    await m.lose(50);
    const before = Date.now();
    const res = await m.w.transferAll('PG');
    expect(res.statusCode).toBe(200);
    const answer = res.answer();
    expect(answer.wallet).toEqual({ amount: 0 });
    expect(answer.slots).toEqual([{ code: 'PG', amount: 246, syncedAt: expect.any(String) }]);
    expect(Date.parse(answer.slots[0].syncedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(await t.app.demoProvider!.balance('PG', (await t.app.wallet.games.credentials(m.id, 'PG')).username)).toBe(24_600n);
  });

  it('answers a transfer into the game with the balance after the loss', async () => {
    const m = await memberIn(100);
    await m.lose(50);
    const answer = (await m.w.transfer('wallet', 'PG', 40)).answer();
    expect(answer).toEqual({ wallet: { amount: 60 }, slots: [{ code: 'PG', amount: 86, syncedAt: expect.any(String) }] });
  });

  it('answers a transfer out of the game with the balance after the loss', async () => {
    const m = await memberIn(0);
    await m.lose(50);
    const answer = (await m.w.transfer('PG', 'wallet', 20)).answer();
    expect(answer).toEqual({ wallet: { amount: 20 }, slots: [{ code: 'PG', amount: 26, syncedAt: expect.any(String) }] });
  });

  it('shows on the home how old each game figure is; the refreshed game account is the true one', async () => {
    const m = await memberIn(0);
    const transferred = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await m.lose(50);
    const lostAt = Date.now();
    const home = (await m.w.home()).answer();
    // The home reads no provider: it shows the figure it has and when that was read, before the loss.
    expect(m.pg(home.slots)).toMatchObject({ amount: 96, syncedAt: expect.any(String) });
    expect(Date.parse(m.pg(home.slots).syncedAt!)).toBeLessThanOrEqual(lostAt);
    expect(Date.parse(m.pg(home.slots).syncedAt!)).toBeGreaterThanOrEqual(transferred - 5_000);
    // A game never opened was never read.
    expect(home.slots.find((s) => s.code === 'JOKER')!.syncedAt).toBeNull();

    const refreshed = (await m.w.refresh()).answer();
    expect(m.pg(refreshed.slots).amount).toBe(46);
    expect(Date.parse(m.pg(refreshed.slots).syncedAt!)).toBeGreaterThanOrEqual(lostAt);
    expect(m.pg((await m.w.home()).answer().slots).amount).toBe(46);
  });

  it("reads the providers when an operator opens the member's page", async () => {
    const m = await memberIn(0);
    await m.lose(50);
    const support = await operatorWith(t.app, 'support');
    const page = (await contractCaller(t.app, support.token)(adminEndpoints.adminMember, { params: { id: m.id } })).answer();
    expect(page.games.find((g) => g.code === 'PG')).toMatchObject({ amount: 46, isActive: true, syncedAt: expect.any(String) });
  });
});
