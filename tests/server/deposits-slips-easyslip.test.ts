import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { drawSlip } from '../../src/server/sandbox/simulators/slip-image';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient } from './helpers/deposits';
import { easySlipError, easySlipPaid, startEasySlip } from './helpers/easyslip-stand-in';
import { seedMember } from './helpers/members';
import type { StandIn, StandInReply } from './helpers/stand-in';
import { balances } from './helpers/wallet';

/** Noon in Bangkok: slip upload is open. */
const NOON = new Date('2025-03-01T05:00:00Z');

// A live deposit by slip through the EasySlip adapter (its stand-in answering as the document's
// examples): credited once, a timeout leaves the slip in progress and the re-check credits it once.
describe.each(engines)('slip deposits verified by EasySlip on %s', (engine) => {
  let t: TestApp;
  let standIn: StandIn;
  let reply: (payload: string) => StandInReply;
  beforeAll(async () => {
    standIn = await startEasySlip('es-key', () => reply(decodeURIComponent(standIn.requests.at(-1)!.path.split('payload=')[1])));
    t = await build(engine, {
      APP_MODE: 'live', SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't', GAME_PROVIDER_URL: 'https://games.example', GAME_PROVIDER_SECRET: 's',
      TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
      SLIP_VERIFY_PROVIDER: 'easyslip', EASYSLIP_API_URL: `${standIn.url}/api/v1`, EASYSLIP_API_KEY: 'es-key',
      PROVIDER_TIMEOUT_MS: '300', RECONCILE_INTERVAL_MS: '0',
    });
  });
  beforeEach(() => {
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => NOON);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
    await standIn.close();
  });


  async function upload() {
    const m = await seedMember(t.app);
    const reference = `${Date.now()}${randomUUID().slice(0, 8)}`.toUpperCase();
    const png = drawSlip({ title: 'KBANK', lines: ['250.75 THB'], qr: thaiSlipQr({ sendingBank: '004', reference }) });
    return { m, d: depositClient(t.app, m.token), reference, png };
  }

  it('credits 250.75 once, and refuses the same slip again as SLIP_REFNO_DUPLICATED', async () => {
    reply = easySlipPaid;
    const { m, d, reference, png } = await upload();
    const res = await d.uploadSlip(png);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', amount: 250.75, reference });
    expect((await balances(t.app, m.id)).wallet).toBe(250.75);
    expect((await d.uploadSlip(png)).json()).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect((await balances(t.app, m.id)).wallet).toBe(250.75);
  });

  it('leaves a slip in progress when EasySlip does not answer in time, and credits it once on the re-check', async () => {
    reply = () => 'hang';
    const { m, d, png } = await upload();
    expect((await d.uploadSlip(png)).json()).toMatchObject({ status: 'PENDING', amount: null });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    reply = easySlipPaid;
    await t.app.deposits.slips.recheck(0);
    await t.app.deposits.slips.recheck(0);
    expect((await d.slips()).json().slips[0]).toMatchObject({ status: 'SUCCESS', amount: 250.75 });
    expect((await balances(t.app, m.id)).wallet).toBe(250.75);
  });

  it('fails a slip EasySlip does not find, and keeps one for later when our quota is out', async () => {
    reply = () => easySlipError('slip_not_found');
    const first = await upload();
    expect((await first.d.uploadSlip(first.png)).json()).toMatchObject({ status: 'FAILED', note: 'INVALID_SLIP' });
    reply = () => easySlipError('quota_exceeded');
    const second = await upload();
    expect((await second.d.uploadSlip(second.png)).json()).toMatchObject({ status: 'PENDING' });
    expect((await balances(t.app, second.m.id)).wallet).toBe(0);
  });
});
