import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { drawSlip } from '../../src/server/sandbox/simulators/slip-image';
import { login, nextIp, post, register, registration } from './helpers/accounts';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient } from './helpers/deposits';
import { easySlipPaid, startEasySlip } from './helpers/easyslip-stand-in';
import { liveEnv, OMG_MERCHANT } from './helpers/live-env';
import { OmgStandIn } from './helpers/omg-stand-in';
import type { StandIn } from './helpers/stand-in';
import { startThaiBulkSms, thaiBulkSent } from './helpers/thaibulksms-stand-in';
import { balances, walletClient } from './helpers/wallet';

/** Noon in Bangkok: slip upload is open. */
const NOON = new Date('2025-03-01T05:00:00Z');

/**
 * Issue 33's live site in one run: a live-mode app whose outside services are the published
 * protocols' adapters, each pointed at a stand-in answering as its document does: a member
 * registers with the OTP ThaiBulkSMS delivered, deposits by a slip EasySlip verified, moves money
 * to and from a game at the OMG aggregator, and the ledger audit is clean. The same run against a
 * server process configured only by its environment: live-site-process.test.ts.
 */
describe.each(engines)('a live site on the published protocols on %s', (engine) => {
  let t: TestApp;
  let sms: StandIn;
  let slips: StandIn;
  let omg: OmgStandIn;


  beforeAll(async () => {
    sms = await startThaiBulkSms('tbs-key', 'tbs-secret', () => thaiBulkSent(new URLSearchParams(sms.requests.at(-1)!.body).get('msisdn') ?? ''));
    slips = await startEasySlip('es-key', () => easySlipPaid(decodeURIComponent(slips.requests.at(-1)!.path.split('payload=')[1])));
    omg = await new OmgStandIn(OMG_MERCHANT.appId, OMG_MERCHANT.key).start();
    t = await build(engine, { ...liveEnv({ sms: sms.url, slips: slips.url, omg: omg.url }), PROVIDER_TIMEOUT_MS: '1000', RECONCILE_INTERVAL_MS: '0' });
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => NOON);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
    await Promise.all([sms.close(), slips.close(), omg.close()]);
  });

  it('registers with the OTP ThaiBulkSMS carried, deposits by a slip EasySlip verified, and moves money to and from an OMG game', async () => {
    // Registration: the OTP goes out through ThaiBulkSMS; the member types the code the text carries.
    const ip = nextIp();
    const body = registration();
    const sent = await post(t.app, '/api/otp/send', { phoneNumber: body.username }, ip);
    expect(sent.statusCode, sent.body).toBe(200);
    const text = new URLSearchParams(sms.requests.at(-1)!.body);
    expect(text.get('msisdn')).toMatch(/^66\d{9}$|^0\d{9}$/);
    const code = /\b(\d{6})\b/.exec(text.get('message') ?? '')?.[1];
    expect(code, text.get('message') ?? '').toBeDefined();
    const verified = await post(t.app, '/api/otp/verify', { otpToken: sent.json().otpToken, otpCode: code }, ip);
    expect(verified.statusCode, verified.body).toBe(200);
    const created = await register(t.app, { ...body, otpToken: sent.json().otpToken }, ip);
    expect(created.statusCode, created.body).toBe(200);
    const signedIn = await login(t.app, body.username, body.password, ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    const { id } = await t.app.ctx.db.selectFrom('member').select('id').where('username', '=', body.username).executeTakeFirstOrThrow();

    // A slip of 250.75, read from its QR and verified by EasySlip: credited once.
    const reference = `${Date.now()}${randomUUID().slice(0, 8)}`.toUpperCase();
    const png = drawSlip({ title: 'KBANK', lines: ['250.75 THB'], qr: thaiSlipQr({ sendingBank: '004', reference }) });
    const deposits = depositClient(t.app, token);
    expect((await deposits.uploadSlip(png)).json()).toMatchObject({ status: 'SUCCESS', amount: 250.75, reference });
    expect(slips.requests.at(-1)!.headers.authorization).toBe('Bearer es-key');
    expect((await balances(t.app, id)).wallet).toBe(250.75);

    // To and from the OMG game through its Transfer Wallet API.
    const wallet = walletClient(t.app, token);
    expect((await wallet.activate('PG')).json()).toMatchObject({ code: 'PG', isActive: true });
    expect((await wallet.transfer('wallet', 'PG', 200, randomUUID())).json()).toMatchObject({ wallet: { amount: 50.75 }, slots: [{ code: 'PG', amount: 200 }] });
    expect(omg.balanceOf(`wpg${id}`)).toBe(20_000n);
    expect((await wallet.transfer('PG', 'wallet', 120, randomUUID())).json()).toMatchObject({ wallet: { amount: 170.75 }, slots: [{ code: 'PG', amount: 80 }] });
    expect(omg.balanceOf(`wpg${id}`)).toBe(8_000n);
    expect(await balances(t.app, id)).toMatchObject({ wallet: 170.75, PG: 80 });
  });
});
