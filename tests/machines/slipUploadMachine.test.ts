import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { SLIP_MAX_BYTES } from '../../src/contract/constants';
import { SLIP_RECHECK, slipUploadMachine, type SlipAnswer, type SlipUploadEvent, type SlipUploadInput } from '../../machines/slipUploadMachine';

const png = (bytes = 1_000) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const SIGNATURES: Record<string, number[]> = { 'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/jpeg': [0xff, 0xd8, 0xff, 0xe0] };
/** The event the view sends for a picked file, with the first bytes a real file of its declared type starts with. */
const picked = (file: Blob, fileName: string, head = new Uint8Array(file.size === 0 ? [] : (SIGNATURES[file.type] ?? []))) =>
  ({ type: 'slip.chosen', file, fileName, head }) as const;
const slip = (status: string, note: string | null = null): SlipAnswer => ({
  _id: 'slip-1', createdAt: '2025-06-01T10:00:00.000Z', amount: status === 'SUCCESS' ? 250 : null, status, note, reference: 'REF1',
});

/** The upload actor is a puppet: each attempt is recorded and answered by the test. */
function start(reads: (SlipAnswer | null | Error)[] = [null]) {
  const clock = new SimulatedClock();
  const readsAsked: string[] = [];
  const attempts: { input: SlipUploadInput; sendBack: (event: SlipUploadEvent) => void; stopped: boolean }[] = [];
  const log: string[] = [];
  let keys = 0;
  const actor = createActor(
    slipUploadMachine.provide({
      actors: {
        uploadSlip: fromCallback<SlipUploadEvent, SlipUploadInput>(({ input, sendBack }) => {
          const attempt = { input, sendBack, stopped: false };
          attempts.push(attempt);
          return () => {
            attempt.stopped = true;
          };
        }),
        readSlip: fromPromise<SlipAnswer | null, { id: string }>(async ({ input }) => {
          readsAsked.push(input.id);
          const answer = reads.length > 1 ? reads.shift()! : reads[0];
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: {
        assignFreshKey: assign({ key: () => `key-${++keys}` }),
        notifyRefusedFile: (_, { code }) => void log.push(`refused ${code}`),
        notifyUploadFailed: (_, { code }) => void log.push(`failed ${code}`),
      },
    }),
    { clock },
  ).start();
  return { actor, attempts, log, clock, readsAsked, state: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('slip upload', () => {
  it('sends the chosen PNG with its key, shows the progress and the answered slip', () => {
    const run = start();
    expect(run.state().value).toBe('empty');
    expect(run.state().can({ type: 'slip.submitted' })).toBe(false);
    const file = png();
    run.actor.send(picked(file, 'slip.png'));
    expect(run.state().value).toBe('chosen');
    expect(run.state().context.chosen?.fileName).toBe('slip.png');
    expect(run.state().can({ type: 'slip.submitted' })).toBe(true);

    run.actor.send({ type: 'slip.submitted' });
    expect(run.state().value).toBe('uploading');
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0].input).toEqual({ file, fileName: 'slip.png', key: 'key-1' });
    run.attempts[0].sendBack({ type: 'upload.progressed', ratio: 0.4 });
    expect(run.state().context.progress).toBe(0.4);
    // Nothing else is sent meanwhile.
    expect(run.state().can({ type: 'slip.submitted' })).toBe(false);

    run.attempts[0].sendBack({ type: 'upload.succeeded', slip: slip('SUCCESS') });
    expect(run.state().matches('done')).toBe(true);
    expect(run.state().context.slip).toMatchObject({ status: 'SUCCESS', amount: 250 });
    expect(run.state().context.progress).toBe(1);
    expect(run.attempts[0].stopped).toBe(true);
  });

  it('keeps a failed slip with its reason as a result, not as an error', () => {
    const run = start();
    run.actor.send(picked(png(), 'a.png'));
    run.actor.send({ type: 'slip.submitted' });
    run.attempts[0].sendBack({ type: 'upload.succeeded', slip: slip('FAILED', 'SLIP_REFNO_DUPLICATED') });
    expect(run.state().matches('done')).toBe(true);
    expect(run.state().context.slip).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect(run.log).toEqual([]);
  });

  it('sends the same file again with the same key after a failure; a new choice is a new key', () => {
    const run = start();
    const file = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    run.actor.send(picked(file, 'slip.jpg'));
    run.actor.send({ type: 'slip.submitted' });
    run.attempts[0].sendBack({ type: 'upload.failed', code: 'TIMEOUT' });
    expect(run.state().value).toBe('failed');
    expect(run.state().context.failure).toBe('TIMEOUT');
    expect(run.log).toEqual(['failed TIMEOUT']);

    run.actor.send({ type: 'slip.submitted' });
    expect(run.attempts).toHaveLength(2);
    expect(run.attempts[1].input.key).toBe('key-1');
    expect(run.state().context.failure).toBeNull();
    run.attempts[1].sendBack({ type: 'upload.succeeded', slip: slip('PENDING') });
    expect(run.state().matches('done')).toBe(true);

    // The same file chosen again is another upload (the server then finds it a duplicate).
    run.actor.send(picked(file, 'slip.jpg'));
    expect(run.state().value).toBe('chosen');
    expect(run.state().context.slip).toBeNull();
    run.actor.send({ type: 'slip.submitted' });
    expect(run.attempts[2].input.key).toBe('key-2');
  });

  it('refuses files that are not PNG or JPEG, empty or too large, keeping the earlier choice', () => {
    const run = start();
    run.actor.send(picked(png(), 'ok.png'));
    run.actor.send(picked(new Blob(['GIF89a'], { type: 'image/gif' }), 'x.gif', new TextEncoder().encode('GIF89a')));
    run.actor.send(picked(new Blob([], { type: 'image/png' }), 'empty.png'));
    run.actor.send(picked(png(SLIP_MAX_BYTES + 1), 'big.png'));
    expect(run.log).toEqual(['refused SLIP_INVALID_FILE', 'refused SLIP_NO_FILE', 'refused FILE_TOO_LARGE']);
    expect(run.state().value).toBe('chosen');
    expect(run.state().context.chosen?.fileName).toBe('ok.png');
    expect(run.state().context.key).toBe('key-1');
  });

  it('tells a file by its bytes: a text file named and typed as a PNG is refused and the reason stays beside the picker (issue 28)', () => {
    const run = start();
    const text = new TextEncoder().encode('not a picture at all');
    run.actor.send(picked(new Blob([text], { type: 'image/png' }), 'slip.png', text.slice(0, 8)));
    expect(run.state().value).toBe('empty');
    expect(run.state().context.refused).toBe('SLIP_INVALID_FILE');
    expect(run.log).toEqual(['refused SLIP_INVALID_FILE']);
    // A JPEG whose declared type is missing is still a JPEG; taking it clears the reason.
    run.actor.send(picked(new Blob([new Uint8Array(100)]), 'photo', new Uint8Array([0xff, 0xd8, 0xff, 0xdb])));
    expect(run.state().value).toBe('chosen');
    expect(run.state().context.refused).toBeNull();
  });

  it('ignores a new choice while a file is on its way', () => {
    const run = start();
    run.actor.send(picked(png(), 'one.png'));
    run.actor.send({ type: 'slip.submitted' });
    run.actor.send(picked(png(), 'two.png'));
    expect(run.state().value).toBe('uploading');
    expect(run.state().context.chosen?.fileName).toBe('one.png');
    expect(run.attempts[0].stopped).toBe(false);
  });

  it('clears a choice', () => {
    const run = start();
    run.actor.send(picked(png(), 'one.png'));
    run.actor.send({ type: 'slip.cleared' });
    expect(run.state().value).toBe('empty');
    expect(run.state().context.chosen).toBeNull();
  });

  it('reads a slip in progress again when the wallet changes, and stops saying "checking" once it is decided (issue 27)', async () => {
    const run = start([slip('PENDING'), slip('SUCCESS')]);
    run.actor.send(picked(png(), 'a.png'));
    run.actor.send({ type: 'slip.submitted' });
    run.attempts[0].sendBack({ type: 'upload.succeeded', slip: slip('PENDING') });
    expect(run.state().matches({ done: 'pending' })).toBe(true);

    // The operator approved it: the wallet changed, the view asks again.
    run.actor.send({ type: 'slip.recheck' });
    await settle();
    expect(run.readsAsked).toEqual(['slip-1']);
    expect(run.state().matches({ done: 'pending' })).toBe(true);
    run.actor.send({ type: 'slip.recheck' });
    await settle();
    expect(run.state().matches({ done: 'decided' })).toBe(true);
    expect(run.state().context.slip).toMatchObject({ status: 'SUCCESS', amount: 250 });

    // Decided: nothing more is read.
    run.actor.send({ type: 'slip.recheck' });
    run.clock.increment(SLIP_RECHECK.maxMs * 2);
    await settle();
    expect(run.readsAsked).toHaveLength(2);
  });

  it('reads it by itself too, with a growing pause: a rejection moves no money and announces nothing', async () => {
    const run = start([slip('PENDING'), new Error('offline'), slip('FAILED', 'NOT_MATCH')]);
    run.actor.send(picked(png(), 'a.png'));
    run.actor.send({ type: 'slip.submitted' });
    run.attempts[0].sendBack({ type: 'upload.succeeded', slip: slip('PENDING') });
    run.clock.increment(SLIP_RECHECK.firstMs);
    await settle();
    expect(run.readsAsked).toHaveLength(1);
    run.clock.increment(2 * SLIP_RECHECK.firstMs - 1);
    await settle();
    expect(run.readsAsked).toHaveLength(1);
    run.clock.increment(1);
    await settle();
    expect(run.readsAsked).toHaveLength(2);
    run.clock.increment(SLIP_RECHECK.maxMs);
    await settle();
    expect(run.readsAsked).toHaveLength(3);
    expect(run.state().matches({ done: 'decided' })).toBe(true);
    expect(run.state().context.slip).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH' });
  });

  it('keeps the slip it has when the read finds none', async () => {
    const run = start([null]);
    run.actor.send(picked(png(), 'a.png'));
    run.actor.send({ type: 'slip.submitted' });
    run.attempts[0].sendBack({ type: 'upload.succeeded', slip: slip('PENDING') });
    run.actor.send({ type: 'slip.recheck' });
    await settle();
    expect(run.state().context.slip).toMatchObject({ status: 'PENDING' });
    expect(run.state().matches({ done: 'pending' })).toBe(true);
  });
});
