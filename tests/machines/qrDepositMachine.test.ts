import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import { QR_MINIMUM } from '../../src/contract/constants';
import { qrAmountAllowed, qrAmountTooLarge, qrDepositMachine, qrRemainingMs, type QrAnswer } from '../../machines/qrDepositMachine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const START = Date.parse('2025-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(START + ms).toISOString();

const code = (id: string, amount: number, expiresAfterMs: number, refresh?: boolean): QrAnswer => ({
  hasQrcode: true,
  qrcodeId: id,
  qrcode: 'data:image/png;base64,iVBORw0KGgo=',
  amount,
  expireIn: at(expiresAfterMs),
  ...(refresh === undefined ? {} : { refresh }),
});

interface Fakes {
  /** Answers of GET, one per read, the last repeated. */
  reads?: (QrAnswer | Error)[];
  create?: (amount: number) => QrAnswer | Error;
  /** Reads wait for this before answering (a read still out when the next change comes). */
  readsWait?: () => Promise<void>;
  deleteFails?: boolean;
}

/** The machine on a simulated clock that starts at START; the fake server logs every call. */
function start(provider: 'KBANK' | 'WW' | 'FP' | 'PAYONEX', fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  clock.set(START);
  const log: string[] = [];
  const reads = [...(fakes.reads ?? [{ hasQrcode: false } as QrAnswer])];
  const actor = createActor(
    qrDepositMachine.provide({
      actors: {
        readQrcode: fromPromise<QrAnswer, { provider: string }>(async ({ input }) => {
          log.push(`GET ${input.provider}`);
          const answer = reads.length > 1 ? reads.shift()! : reads[0];
          if (fakes.readsWait) await fakes.readsWait();
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        createQrcode: fromPromise<QrAnswer, { provider: string; amount: number }>(async ({ input }) => {
          log.push(`POST ${input.provider} ${input.amount}`);
          const answer = fakes.create ? fakes.create(input.amount) : code('qr-new', input.amount, 10 * 60_000);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        deleteQrcode: fromPromise<unknown, { qrcodeId: string }>(async ({ input }) => {
          log.push(`DELETE ${input.qrcodeId}`);
          if (fakes.deleteFails) throw Object.assign(new Error('offline'), { code: 'NETWORK_ERROR' });
          return { message: 'OK' };
        }),
      },
      actions: {
        readClock: assign({ now: () => clock.now() }),
        notifyCreateFailed: (_, { code: failure }) => void log.push(`create failed ${failure}`),
        notifyCancelFailed: (_, { code: failure }) => void log.push(`cancel failed ${failure}`),
      },
    }),
    { input: { provider, minimum: QR_MINIMUM[provider] }, clock },
  ).start();
  const countdown = () => {
    const s = Math.ceil(qrRemainingMs(actor.getSnapshot().context) / 1000);
    return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  };
  return { actor, clock, log, countdown, state: () => actor.getSnapshot() };
}

describe('QR deposit', () => {
  it('creates a code, counts down every second and hides it at 00:00', async () => {
    const run = start('KBANK', { create: (amount) => code('qr-1', amount, 3_000) });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.log).toEqual(['GET KBANK']);

    run.actor.send({ type: 'amount.preset', amount: 100 });
    expect(run.state().context.amount).toBe('100');
    expect(run.state().can({ type: 'qr.requested' })).toBe(true);
    run.actor.send({ type: 'qr.requested' });
    expect(run.state().value).toBe('creating');
    await settle();

    expect(run.log).toEqual(['GET KBANK', 'POST KBANK 100']);
    expect(run.state().matches('shown')).toBe(true);
    expect(run.state().context.code).toMatchObject({ qrcodeId: 'qr-1', amount: 100 });
    expect(run.countdown()).toBe('00:03');

    run.clock.increment(999);
    expect(run.countdown()).toBe('00:03');
    run.clock.increment(1);
    expect(run.countdown()).toBe('00:02');
    run.clock.increment(1_000);
    expect(run.countdown()).toBe('00:01');
    expect(run.state().matches('shown')).toBe(true);
    run.clock.increment(1_000);
    expect(run.state().matches({ editing: 'expired' })).toBe(true);
    expect(run.state().context.code).toBeNull();
    // Nothing was deleted: an expired code is simply gone.
    expect(run.log).toEqual(['GET KBANK', 'POST KBANK 100']);
    // The form is back, with the amount kept; ticks stop.
    expect(run.state().can({ type: 'qr.requested' })).toBe(true);
    run.clock.increment(5_000);
    expect(run.state().matches({ editing: 'expired' })).toBe(true);
  });

  it('hides an expiring code at the exact expireIn even when it is not on a whole second', async () => {
    const run = start('WW', { create: (amount) => code('qr-2', amount, 1_500) });
    await settle();
    run.actor.send({ type: 'amount.changed', value: '150' });
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.countdown()).toBe('00:02');
    run.clock.increment(1_000);
    expect(run.countdown()).toBe('00:01');
    run.clock.increment(499);
    expect(run.state().matches('shown')).toBe(true);
    run.clock.increment(1);
    expect(run.state().matches({ editing: 'expired' })).toBe(true);
  });

  it('cancels: the code is deleted and hidden', async () => {
    const run = start('KBANK');
    await settle();
    run.actor.send({ type: 'amount.changed', value: '50' });
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.state().matches('shown')).toBe(true);
    run.actor.send({ type: 'qr.cancelled' });
    expect(run.state().value).toBe('cancelling');
    await settle();
    expect(run.log).toEqual(['GET KBANK', 'POST KBANK 50', 'DELETE qr-new']);
    expect(run.state().matches({ editing: 'cancelled' })).toBe(true);
    expect(run.state().context.code).toBeNull();
  });

  it('keeps showing the code when the delete fails, and says so', async () => {
    const run = start('KBANK', { reads: [code('qr-9', 20, 60_000)], deleteFails: true });
    await settle();
    run.actor.send({ type: 'qr.cancelled' });
    await settle();
    expect(run.log).toEqual(['GET KBANK', 'DELETE qr-9', 'cancel failed NETWORK_ERROR']);
    expect(run.state().matches('shown')).toBe(true);
    expect(run.state().context.code?.qrcodeId).toBe('qr-9');
  });

  it('shows the code the member already has on open, counting down from the server time', async () => {
    const run = start('FP', { reads: [code('qr-old', 500, 90_000)] });
    expect(run.state().value).toBe('reading');
    await settle();
    expect(run.state().matches('shown')).toBe(true);
    expect(run.state().context.code).toMatchObject({ qrcodeId: 'qr-old', amount: 500 });
    expect(run.countdown()).toBe('01:30');
    run.clock.increment(30_000);
    expect(run.countdown()).toBe('01:00');
    // While a code is shown, no other is made.
    expect(run.state().can({ type: 'qr.requested' })).toBe(false);
  });

  it('opens on the form when reading fails', async () => {
    const run = start('KBANK', { reads: [new Error('offline')] });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
  });

  it('shows the code afresh when the server flags refresh (a code was made with another provider)', async () => {
    const run = start('PAYONEX', {
      reads: [code('qr-a', 300, 60_000), code('qr-a', 300, 60_000, false), code('qr-a', 300, 120_000, true), { hasQrcode: false }],
    });
    await settle();
    expect(run.state().context.codeVersion).toBe(0);
    run.clock.increment(10_000);
    expect(run.countdown()).toBe('00:50');

    // Nothing new: the same code keeps counting.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().context.codeVersion).toBe(0);
    expect(run.countdown()).toBe('00:50');

    // refresh: true once, with the server's expireIn: drawn again, countdown from the new time.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().context.codeVersion).toBe(1);
    expect(run.countdown()).toBe('01:50');
    run.clock.increment(60_000);
    // The old expiry (60 s) no longer applies.
    expect(run.state().matches('shown')).toBe(true);
    expect(run.countdown()).toBe('00:50');

    // Gone without a payment (cancelled on another phone): back to the form.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.state().context.received).toBeNull();
    expect(run.log.filter((l) => l.startsWith('GET'))).toHaveLength(4);
  });

  it('says the deposit was received, with the amount and the new balance, when the shown code was paid', async () => {
    const paid = (qrcodeId: string, amount: number, balance: number): QrAnswer => ({ hasQrcode: false, paid: { qrcodeId, amount, wallet: { amount: balance } } });
    const run = start('KBANK', { reads: [code('qr-a', 100, 60_000), code('qr-a', 100, 60_000), paid('qr-a', 100, 350)] });
    await settle();
    expect(run.state().matches('shown')).toBe(true);
    // A wallet change that was not this code's payment: still shown.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().matches('shown')).toBe(true);
    // The payment's wallet change: the code is gone, named as paid.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().matches('received')).toBe(true);
    expect(run.state().context.received).toEqual({ amount: 100, balance: 350 });
    expect(run.state().context.code).toBeNull();
    // Its expiry no longer applies, and nothing more is read.
    run.clock.increment(120_000);
    expect(run.state().matches('received')).toBe(true);
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.log.filter((l) => l.startsWith('GET'))).toHaveLength(3);
    // Another deposit: the form again, ready for an amount.
    expect(run.state().can({ type: 'qr.another' })).toBe(true);
    run.actor.send({ type: 'qr.another' });
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.state().context.received).toBeNull();
    run.actor.send({ type: 'amount.preset', amount: 50 });
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.state().context.code).toMatchObject({ amount: 50 });
  });

  it('says the payment is held for an operator, and why, when the shown code was paid past a deposit limit (issue 31)', async () => {
    const held: QrAnswer = { hasQrcode: false, held: { qrcodeId: 'qr-a', amount: 100, reason: 'DEPOSIT_LIMIT_REACHED' } };
    const run = start('KBANK', { reads: [code('qr-a', 100, 60_000), held] });
    await settle();
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().matches('held')).toBe(true);
    expect(run.state().context.held).toEqual({ qrcodeId: 'qr-a', amount: 100, reason: 'DEPOSIT_LIMIT_REACHED' });
    expect(run.state().context.received).toBeNull();
    expect(run.state().context.code).toBeNull();
    run.clock.increment(120_000);
    expect(run.state().matches('held')).toBe(true);
    run.actor.send({ type: 'qr.another' });
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.state().context.held).toBeNull();
  });

  it('reads again when the wallet changes while a read is out: a payment held right after another credit is not missed', async () => {
    const held: QrAnswer = { hasQrcode: false, held: { qrcodeId: 'qr-a', amount: 60, reason: 'DEPOSIT_LIMIT_REACHED' } };
    let release = () => {};
    let gate = Promise.resolve();
    const run = start('KBANK', { reads: [code('qr-a', 60, 60_000), code('qr-a', 60, 60_000), held], readsWait: () => gate });
    await settle();
    expect(run.state().matches('shown')).toBe(true);
    gate = new Promise((resolve) => (release = resolve));
    // The other credit's change: its read answers "still live" only after the payment.
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    // The payment's change, while that read is out.
    run.actor.send({ type: 'qr.recheck' });
    release();
    await settle();
    await settle();
    expect(run.state().matches('held')).toBe(true);
    expect(run.log.filter((l) => l.startsWith('GET'))).toHaveLength(3);
  });

  it('does not take an older paid code for the one shown', async () => {
    const run = start('KBANK', {
      reads: [code('qr-new', 20, 60_000), { hasQrcode: false, paid: { qrcodeId: 'qr-old', amount: 100, wallet: { amount: 100 } } }],
    });
    await settle();
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.state().context.received).toBeNull();
  });

  it('opens on the form, not on "received", when the last code was paid before the dialog opened', async () => {
    const run = start('KBANK', { reads: [{ hasQrcode: false, paid: { qrcodeId: 'qr-old', amount: 100, wallet: { amount: 100 } } }] });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
  });

  it('replaces the shown code when the server answers another one', async () => {
    const run = start('KBANK', { reads: [code('qr-a', 10, 60_000), code('qr-b', 20, 600_000)] });
    await settle();
    run.actor.send({ type: 'qr.recheck' });
    await settle();
    expect(run.state().context.code).toMatchObject({ qrcodeId: 'qr-b', amount: 20 });
    expect(run.state().context.codeVersion).toBe(1);
    expect(run.countdown()).toBe('10:00');
  });

  it('allows bank QR for any amount of at least 1, gateways from their minimum', async () => {
    const bank = start('KBANK');
    await settle();
    const can = (run: ReturnType<typeof start>, value: string) => {
      run.actor.send({ type: 'amount.changed', value });
      return run.state().can({ type: 'qr.requested' });
    };
    expect(can(bank, '')).toBe(false);
    expect(can(bank, '0')).toBe(false);
    expect(can(bank, '-5')).toBe(false);
    expect(can(bank, '0.5')).toBe(false);
    expect(can(bank, 'abc')).toBe(false);
    expect(can(bank, '1.234')).toBe(false);
    expect(can(bank, '1')).toBe(true);
    expect(can(bank, '10.50')).toBe(true);

    const ww = start('WW');
    await settle();
    expect(can(ww, '99.99')).toBe(false);
    expect(can(ww, '100')).toBe(true);
    const fp = start('FP');
    await settle();
    expect(can(fp, '9')).toBe(false);
    expect(can(fp, '10')).toBe(true);

    // A refused request does nothing at all.
    ww.actor.send({ type: 'amount.changed', value: '50' });
    ww.actor.send({ type: 'qr.requested' });
    await settle();
    expect(ww.state().matches({ editing: 'fresh' })).toBe(true);
    expect(ww.log).toEqual(['GET WW']);
  });

  it('checks the rule as a plain function too', () => {
    expect(qrAmountAllowed('100', QR_MINIMUM.PAYONEX)).toBe(true);
    expect(qrAmountAllowed('99', QR_MINIMUM.PAYONEX)).toBe(false);
    expect(qrAmountAllowed('1,000', QR_MINIMUM.WW)).toBe(true);
  });

  it('takes whole units only for a currency without fractions (kip), at the kip minimum', () => {
    expect(qrAmountAllowed('50,000', 10_000, 0)).toBe(true);
    expect(qrAmountAllowed('12000.50', 10_000, 0)).toBe(false);
    expect(qrAmountAllowed('12000.5', 10_000)).toBe(true);
    expect(qrAmountAllowed('9999', 10_000, 0)).toBe(false);
  });

  it('makes no code above the maximum the money rules give (issue 27: a 99,999,999-baht code was made)', async () => {
    const log: string[] = [];
    const actor = createActor(
      qrDepositMachine.provide({
        actors: {
          readQrcode: fromPromise<QrAnswer, { provider: string }>(async () => ({ hasQrcode: false })),
          createQrcode: fromPromise<QrAnswer, { provider: string; amount: number }>(async ({ input }) => {
            log.push(`POST ${input.amount}`);
            return code('qr-max', input.amount, 600_000);
          }),
        },
      }),
      { input: { provider: 'WW', minimum: 100, maximum: 50_000 }, clock: new SimulatedClock() },
    ).start();
    await settle();
    actor.send({ type: 'amount.changed', value: '99999999' });
    expect(actor.getSnapshot().can({ type: 'qr.requested' })).toBe(false);
    actor.send({ type: 'qr.requested' });
    expect(log).toEqual([]);
    actor.send({ type: 'amount.changed', value: '50,000' });
    actor.send({ type: 'qr.requested' });
    await settle();
    expect(log).toEqual(['POST 50000']);
    expect(qrAmountAllowed('50000.01', 100, 2, 50_000)).toBe(false);
    expect(qrAmountTooLarge('50000.01', 50_000)).toBe(true);
    expect(qrAmountTooLarge('50000', 50_000)).toBe(false);
    expect(qrAmountTooLarge('99999999', undefined)).toBe(false);
  });

  it('shows the server message when the code cannot be made (hasQrcode false), and when the call fails', async () => {
    let answer: QrAnswer | Error = { hasQrcode: false, message: 'BONUS_REMAINING' };
    const run = start('WW', { create: () => answer });
    await settle();
    run.actor.send({ type: 'amount.preset', amount: 200 });
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.state().matches({ editing: 'fresh' })).toBe(true);
    expect(run.log).toEqual(['GET WW', 'POST WW 200', 'create failed BONUS_REMAINING']);

    answer = { hasQrcode: false };
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.log.at(-1)).toBe('create failed QR_FAIL');

    answer = Object.assign(new Error('timeout'), { code: 'TIMEOUT' });
    run.actor.send({ type: 'qr.requested' });
    await settle();
    expect(run.log.at(-1)).toBe('create failed TIMEOUT');
    expect(run.state().context.amount).toBe('200');
  });
});
