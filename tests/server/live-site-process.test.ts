import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { migrateToLatest } from '../../src/server/db/migrate';
import { SLIP } from '../../src/server/db/migrations/0005_member_access.seed';
import { thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { drawSlip } from '../../src/server/sandbox/simulators/slip-image';
import { Settings } from '../../src/server/settings/settings';
import { registration } from './helpers/accounts';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { multipart } from './helpers/deposits';
import { easySlipPaid, startEasySlip } from './helpers/easyslip-stand-in';
import { httpCaller } from './helpers/http-call';
import { liveEnv, OMG_MERCHANT } from './helpers/live-env';
import { OmgStandIn } from './helpers/omg-stand-in';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process';
import type { StandIn } from './helpers/stand-in';
import { startThaiBulkSms, thaiBulkSent } from './helpers/thaibulksms-stand-in';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Issue 33's live site as an operator runs it: a server process in live mode, configured only by
 * its environment with the stand-ins' addresses (helpers/live-env.ts), driven over HTTP as the
 * member's client drives it. The member registers with the OTP the ThaiBulkSMS stand-in was given,
 * deposits by a slip the EasySlip stand-in verifies, moves money to and from the game PG at the OMG
 * stand-in, and `npm run ledger:audit -- --full` then finds the ledger clean. Needs PostgreSQL
 * (TEST_DATABASE_URL); the in-process version on both engines is live-providers.test.ts.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a live-mode server process on the published protocols (postgres)', () => {
  let test: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let sms: StandIn | undefined;
  let slips: StandIn | undefined;
  let omg: OmgStandIn | undefined;
  afterAll(async () => {
    await stopServer(server);
    await Promise.all([sms?.close(), slips?.close(), omg?.close()]);
    await test?.drop();
  });

  it('registers with the OTP ThaiBulkSMS carried, deposits by a slip EasySlip verified, moves money to and from OMG, and audits clean', async () => {
    const sent = () => new URLSearchParams(sms!.requests.at(-1)!.body);
    sms = await startThaiBulkSms('tbs-key', 'tbs-secret', () => thaiBulkSent(sent().get('msisdn') ?? ''));
    // Transferred five minutes before the upload, on the real clock of the server process.
    const transferredAt = new Date(Date.now() - 5 * 60_000).toISOString();
    slips = await startEasySlip('es-key', () => easySlipPaid(decodeURIComponent(slips!.requests.at(-1)!.path.split('payload=')[1]), transferredAt));
    omg = await new OmgStandIn(OMG_MERCHANT.appId, OMG_MERCHANT.key).start();
    test = await freshDatabase('postgres');
    await migrateToLatest(test.database.db);
    // The operator's slip window closes 23:50-00:10 Bangkok time; this run must not depend on the hour.
    await new Settings(test.database.db).set('slip', { ...SLIP, closedFrom: null, closedTo: null });
    server = await startServer(liveEnv({ database: test.url!, omg: omg.url, sms: sms.url, slips: slips.url }));

    // Registration: the OTP goes out through ThaiBulkSMS; the member types the code its text carries.
    const visitor = httpCaller(server.url);
    const body = registration();
    const otp = await visitor(endpoints.otpSend, { body: { phoneNumber: body.username } });
    expect(otp.status, otp.text).toBe(200);
    expect(sent().get('msisdn')).toMatch(/^66\d{9}$/);
    const code = /\b(\d{6})\b/.exec(sent().get('message') ?? '')?.[1];
    expect(code, sent().get('message') ?? '').toBeDefined();
    const { otpToken } = otp.json();
    expect((await visitor(endpoints.otpVerify, { body: { otpToken, otpCode: code! } })).status).toBe(200);
    const created = await visitor(endpoints.accountCreate, { body: { ...body, otpToken } });
    expect(created.status, created.text).toBe(200);
    const signedIn = await visitor(endpoints.login, { body: { username: body.username, password: body.password } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const member = httpCaller(server.url, signedIn.json().token);
    const { id } = await test.database.db.selectFrom('member').select('id').where('username', '=', body.username).executeTakeFirstOrThrow();

    // A slip of 250.75 read from its QR, verified by EasySlip: credited once.
    const reference = `${Date.now()}${randomUUID().slice(0, 8)}`.toUpperCase();
    const png = drawSlip({ title: 'KBANK', lines: ['250.75 THB'], qr: thaiSlipQr({ sendingBank: '004', reference }) });
    const slip = await member(endpoints.walletSlip, { multipart: multipart(png) });
    expect(slip.json()).toMatchObject({ status: 'SUCCESS', amount: 250.75, reference });
    expect(slips.requests.at(-1)!.headers.authorization).toBe('Bearer es-key');

    // To and from the OMG game through its Transfer Wallet API.
    expect((await member(endpoints.walletActivate, { params: { slotCode: 'PG' } })).json()).toMatchObject({ code: 'PG', isActive: true });
    const toGame = await member(endpoints.walletTransfer, { body: { from: 'wallet', to: 'PG', amount: 200 } });
    expect(toGame.json()).toMatchObject({ wallet: { amount: 50.75 }, slots: [{ code: 'PG', amount: 200 }] });
    expect(omg.balanceOf(`wpg${id}`)).toBe(20_000n);
    const fromGame = await member(endpoints.walletTransfer, { body: { from: 'PG', to: 'wallet', amount: 120 } });
    expect(fromGame.json()).toMatchObject({ wallet: { amount: 170.75 }, slots: [{ code: 'PG', amount: 80 }] });
    expect(omg.balanceOf(`wpg${id}`)).toBe(8_000n);

    // The operator's audit, as `npm run ledger:audit -- --full` runs it against the same database.
    const audit = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/ledger/audit-cli.ts', '--full'], {
      cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: test.url! },
    });
    expect(audit.stdout).toMatch(/ledger audit: clean/);
  }, 60_000);
});
