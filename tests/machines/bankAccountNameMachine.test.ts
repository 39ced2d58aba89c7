import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { bankAccountNameMachine, canRewriteName } from '../../machines/bankAccountNameMachine';
import { DELAYS } from '../../src/contract/constants';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: { bankCode?: string; name?: string; update?: () => Promise<unknown>; copy?: () => Promise<unknown> } = {}) {
  const log: string[] = [];
  const updates: { bankCode: string; bankAccountName: string }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    bankAccountNameMachine.provide({
      actors: {
        updateName: fromPromise<{ bankAccountName: string }, { bankCode: string; bankAccountName: string }>(async ({ input }) => {
          updates.push(input);
          if (options.update) await options.update();
          return { bankAccountName: input.bankAccountName };
        }),
        copyText: fromPromise<unknown, { text: string }>(async ({ input }) => {
          log.push(`copy ${input.text}`);
          if (options.copy) await options.copy();
        }),
      },
      actions: {
        notifyNotEnglish: () => void log.push('not english'),
        notifyUpdateFailed: (_, { error }) => void log.push(`failed ${(error as CodedError).code}`),
        nameReplaced: (_, { bankAccountName }) => void log.push(`name ${bankAccountName}`),
        notifyCopied: (_, { text }) => void log.push(`copied ${text}`),
        notifyCopyFailed: () => void log.push('copy failed'),
      },
    }),
    { input: { bankCode: options.bankCode ?? 'KTB', bankAccountName: options.name ?? 'สมชาย ใจดี' }, clock },
  ).start();
  return { actor, clock, log, updates };
}

describe('bank account name in English', () => {
  it('is offered for KTB, TMB and BBL only, while the name is not in English', () => {
    expect(canRewriteName({ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' })).toBe(true);
    expect(canRewriteName({ bankCode: 'TMB', bankAccountName: 'สมชาย' })).toBe(true);
    expect(canRewriteName({ bankCode: 'BBL', bankAccountName: 'SOMCHAI JAIDEE' })).toBe(false);
    expect(canRewriteName({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' })).toBe(false);
    const run = start({ bankCode: 'SCB' });
    run.actor.send({ type: 'editor.opened' });
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('forces upper case and toasts anything but letters and spaces, without calling', () => {
    const run = start();
    run.actor.send({ type: 'editor.opened' });
    run.actor.send({ type: 'draft.changed', value: 'somchai' });
    expect(run.actor.getSnapshot().context.draft).toBe('SOMCHAI');
    for (const value of ['', '   ', 'SOMCHAI1', 'สมชาย', 'JAI-DEE']) {
      run.actor.send({ type: 'draft.changed', value });
      run.actor.send({ type: 'draft.submitted' });
    }
    expect(run.log).toEqual(Array(5).fill('not english'));
    expect(run.updates).toEqual([]);
    expect(run.actor.getSnapshot().value).toBe('editing');
  });

  it('replaces the name, closes, and copies it by itself 1 s later', async () => {
    const run = start();
    run.actor.send({ type: 'editor.opened' });
    run.actor.send({ type: 'draft.changed', value: ' somchai   jaidee ' });
    run.actor.send({ type: 'draft.submitted' });
    // Save shows its spinner at once and calls about 0.2 s later (SPEC section 9).
    expect(run.actor.getSnapshot().value).toEqual({ saving: 'waiting' });
    run.clock.increment(DELAYS.spinnerCallMs - 1);
    expect(run.updates).toEqual([]);
    run.clock.increment(1);
    await settle();
    expect(run.updates).toEqual([{ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }]);
    expect(run.actor.getSnapshot().value).toBe('copyPending');
    expect(run.actor.getSnapshot().context.bankAccountName).toBe('SOMCHAI JAIDEE');
    expect(run.log).toEqual(['name SOMCHAI JAIDEE']);
    run.clock.increment(999);
    expect(run.log).toHaveLength(1);
    run.clock.increment(1);
    await settle();
    expect(run.log).toEqual(['name SOMCHAI JAIDEE', 'copy SOMCHAI JAIDEE', 'copied SOMCHAI JAIDEE']);
    expect(run.actor.getSnapshot().value).toBe('idle');
    // Now in English: not offered any more.
    run.actor.send({ type: 'editor.opened' });
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('tells a failed copy and a failed update', async () => {
    const run = start({ copy: () => Promise.reject(new Error('denied')) });
    run.actor.send({ type: 'copy.requested' });
    await settle();
    expect(run.log).toEqual(['copy สมชาย ใจดี', 'copy failed']);

    const failing = start({ update: () => Promise.reject(new CodedError('BANK_ACCOUNT_NAME_ENG')) });
    failing.actor.send({ type: 'editor.opened' });
    failing.actor.send({ type: 'draft.changed', value: 'SOMCHAI' });
    failing.actor.send({ type: 'draft.submitted' });
    failing.clock.increment(DELAYS.spinnerCallMs);
    await settle();
    expect(failing.log).toEqual(['failed BANK_ACCOUNT_NAME_ENG']);
    expect(failing.actor.getSnapshot().value).toBe('editing');
    expect(failing.actor.getSnapshot().context.bankAccountName).toBe('สมชาย ใจดี');
  });
});
