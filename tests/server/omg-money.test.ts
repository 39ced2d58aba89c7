import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { OmgStandIn } from './helpers/omg-stand-in';
import { balances, walletClient } from './helpers/wallet';

// Money through the API in live mode with GAME_PROVIDER_PROTOCOL=omg: the product's own adapter,
// transfers and reconciler, against a stand-in that answers as OMG's Transfer Wallet document does.
const APP_ID = '10013';
const KEY = 'omg-sign-key-for-tests';
const LIVE = {
  APP_MODE: 'live', SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't', TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000',
  SLIP_VERIFY_URL: 'https://slips.example', SLIP_VERIFY_TOKEN: 't', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
};

describe.each(engines)('money through the OMG Transfer Wallet adapter on %s', (engine) => {
  let t: TestApp;
  let omg: OmgStandIn;
  beforeAll(async () => {
    omg = await new OmgStandIn(APP_ID, KEY).start();
    t = await build(engine, {
      ...LIVE, GAME_PROVIDER_PROTOCOL: 'omg', OMG_API_URL: omg.url, OMG_APP_ID: APP_ID, OMG_SIGN_KEY: KEY, OMG_GAMES: 'PG=2001,ASKMEBET=25001',
      PROVIDER_TIMEOUT_MS: '300', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '0',
    });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
    await omg.close();
  });

  it('offers the codes OMG_GAMES names, moves money to and from a game, and a replayed key moves once', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 500);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('PG')).json()).toMatchObject({ code: 'PG', isActive: true });
    expect((await w.activate('JOKER')).json()).toEqual({ message: 'NO_GAME' });
    const uname = `wpg${m.id}`;

    const key = randomUUID();
    expect((await w.transfer('wallet', 'PG', 200, key)).json()).toEqual({ wallet: { amount: 300 }, slots: [{ code: 'PG', amount: 200, syncedAt: expect.any(String) }] });
    const replay = await w.transfer('wallet', 'PG', 200, key);
    expect(replay.json()).toEqual({ wallet: { amount: 300 }, slots: [{ code: 'PG', amount: 200, syncedAt: expect.any(String) }] });
    expect(omg.balanceOf(uname)).toBe(20_000n);
    expect([...omg.transfers.values()].filter((x) => x.uname === uname)).toHaveLength(1);

    expect((await w.transfer('PG', 'wallet', 50)).json()).toEqual({ wallet: { amount: 350 }, slots: [{ code: 'PG', amount: 150, syncedAt: expect.any(String) }] });
    expect(omg.balanceOf(uname)).toBe(15_000n);

    // The player lost at OMG: a withdrawal beyond what OMG holds is the member's MONEY_NOT_ENOUGH (10001), and the figure follows OMG's.
    omg.setBalance(uname, 4_000n);
    expect((await w.transfer('PG', 'wallet', 100)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 350, PG: 40 });
  });

  it('resolves a transfer OMG never answered through its transfer status: 0 lost, 0 doubled', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 100);
    const w = walletClient(t.app, m.token);
    await w.activate('PG');
    const uname = `wpg${m.id}`;

    // Never answered, never applied: pending, then the reconciler finds nothing at OMG and puts the money back.
    omg.fault('/api/cash/v1/transfer', { kind: 'hang' });
    const key = randomUUID();
    expect((await w.transfer('wallet', 'PG', 30, key)).json()).toEqual({ message: 'TRANSFER_PENDING' });
    expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).reversed).toBe(1);
    expect((await w.transfer('wallet', 'PG', 30, key)).json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect(omg.balanceOf(uname)).toBe(0n);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 100, PG: 0 });

    // Applied, the answer lost, and the first lookup lost too: pending, then the reconciler finds it applied at OMG.
    omg.fault('/api/cash/v1/transfer', { kind: 'lose-answer' });
    omg.fault('/api/cash/v1/transfer/status', { kind: 'hang' });
    const lost = randomUUID();
    expect((await w.transfer('wallet', 'PG', 40, lost)).json()).toEqual({ message: 'TRANSFER_PENDING' });
    expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).settled).toBe(1);
    expect((await w.transfer('wallet', 'PG', 40, lost)).json()).toMatchObject({ wallet: { amount: 60 }, slots: [{ code: 'PG', amount: 40 }] });
    expect(omg.balanceOf(uname)).toBe(4_000n);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40 });

    // Out of the game, answered with HTTP 500 after OMG applied nothing: the request's own lookup reverses it.
    omg.fault('/api/cash/v1/transfer', { kind: 'http500' });
    expect((await w.transfer('PG', 'wallet', 10)).json()).toEqual({ message: 'TRANSFER_PENDING' });
    expect((await t.app.wallet.reconciler.run({ graceMs: 0 })).reversed).toBe(1);
    expect(await balances(t.app, m.id)).toMatchObject({ wallet: 60, PG: 40 });
    expect(omg.balanceOf(uname)).toBe(4_000n);
  });

  it('launches the member\'s OMG game and renews the token as a password reset', async () => {
    const m = await seedMember(t.app);
    const w = walletClient(t.app, m.token);
    await w.activate('ASKMEBET');
    const before = (await w.get('/api/wallet/account/ASKMEBET')).json();
    expect(before.username).toBe(`waskmebet${m.id}`);
    expect((await w.get('/api/wallet/resetpassword/ASKMEBET')).json()).toEqual({ message: 'OK' });
    const after = (await w.get('/api/wallet/account/ASKMEBET')).json();
    expect(after.password).not.toBe(before.password);
    expect(after.password).toBe(omg.players.get(`waskmebet${m.id}`)!.token);
    const calls = omg.calls.length;
    await w.get('/api/wallet/account/ASKMEBET');
    const enter = omg.calls.slice(calls).find((c) => c.path === '/api/game/v1/entergame');
    expect(JSON.parse(enter!.body)).toMatchObject({ app_id: APP_ID, gameid: '25001', token: after.password });
  });
});
