import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { SandboxBank, slipSender } from '../../src/server/sandbox/simulators/bank';
import { build, type TestApp } from './helpers/app';
import { readQrImage, sandbox } from './helpers/deposits';

describe('the sandbox slip names one sender in its text and its QR', () => {
  it.each([
    ['TH', 'BCEL', { bank: 'BCEL' }],
    ['TH', 'KTB', { bank: 'KTB', number: '006' }],
    ['TH', undefined, { bank: 'SCB', number: '014' }],
    ['TH', 'NOPE', { bank: 'SCB', number: '014' }],
    ['LA', 'BCEL', { bank: 'BCEL' }],
    ['LA', undefined, { bank: 'BCEL' }],
    ['LA', 'JDB', { bank: 'BCEL' }],
    ['LA', 'SCB', { bank: 'SCB', number: '014' }],
  ] as const)('in %s, a transfer from %s is printed from %o', (country, requested, sender) => {
    expect(slipSender(country, requested)).toEqual(sender);
  });

  for (const country of ['TH', 'LA'] as const) {
    describe(`on a ${country} server`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await build('pglite', { COUNTRY: country, RECONCILE_INTERVAL_MS: '0' });
      });
      afterAll(async () => {
        await t.close();
      });

      it('prints a BCEL sender with a BCEL One proof, and a Thai sender with its own bank number', async () => {
        const bcel = await sandbox(t.app).slip(500, { sendingBank: 'BCEL' });
        expect(parseSlipQr(readQrImage(bcel.png)!)).toEqual({ sendingBank: 'BCEL', reference: bcel.reference });
        const ktb = await sandbox(t.app).slip(500, { sendingBank: 'KTB' });
        expect(parseSlipQr(readQrImage(ktb.png)!)).toEqual({ sendingBank: '006', reference: ktb.reference });
        // The verifier knows each transfer by the sender its QR names.
        const bank = new SandboxBank(t.app.ctx.db, t.app.ctx.clock, country);
        expect(await bank.verify({ sendingBank: 'BCEL', reference: bcel.reference })).toMatchObject({ kind: 'verified' });
        expect(await bank.verify({ sendingBank: '014', reference: bcel.reference })).toMatchObject({ kind: 'refused' });
      });
    });
  }
});
