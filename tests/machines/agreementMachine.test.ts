import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { agreementMachine } from '../../machines/agreementMachine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: { acceptedOnDevice?: boolean; accepted?: boolean; agreements?: string[]; acceptFails?: boolean } = {}) {
  const log: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    agreementMachine.provide({
      actors: {
        checkAgreement: fromPromise(async () => {
          log.push('check');
          return { version: 3, accepted: options.accepted ?? false };
        }),
        loadAgreements: fromPromise(async () => {
          log.push('load');
          return options.agreements ?? ['<p>One account per person.</p>'];
        }),
        acceptAgreement: fromPromise<unknown, { version: number }>(async ({ input }) => {
          log.push(`accept ${input.version}`);
          if (options.acceptFails) throw new Error('offline');
        }),
      },
      actions: {
        rememberAccepted: () => void log.push('remember'),
        notifyAcceptFailed: () => void log.push('accept failed'),
      },
    }),
    { input: { acceptedOnDevice: options.acceptedOnDevice ?? false }, clock },
  ).start();
  return { actor, clock, log };
}

describe('agreement modal', () => {
  it('opens 1.5 s after home loads when not accepted, and closing records acceptance', async () => {
    const run = start();
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_499);
    expect(run.log).toEqual([]);
    run.clock.increment(1);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('showing');
    expect(run.actor.getSnapshot().context.agreements).toEqual(['<p>One account per person.</p>']);
    run.actor.send({ type: 'agreement.closed' });
    await settle();
    expect(run.log).toEqual(['check', 'load', 'accept 3', 'remember']);
    expect(run.actor.getSnapshot().value).toBe('accepted');
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(5_000);
    expect(run.actor.getSnapshot().value).toBe('accepted');
  });

  it('stays closed when the server says accepted, and remembers it', async () => {
    const run = start({ accepted: true });
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_500);
    await settle();
    expect(run.log).toEqual(['check', 'remember']);
    expect(run.actor.getSnapshot().value).toBe('accepted');
  });

  it('does not even ask when this device already accepted in this session', () => {
    const run = start({ acceptedOnDevice: true });
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_500);
    expect(run.log).toEqual([]);
  });

  it('leaving home within 1.5 s cancels; coming back starts the wait again', async () => {
    const run = start();
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_000);
    run.actor.send({ type: 'home.left' });
    run.clock.increment(1_000);
    expect(run.log).toEqual([]);
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_500);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('showing');
  });

  it('a failed acceptance is told and asked again on the next visit', async () => {
    const run = start({ acceptFails: true });
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_500);
    await settle();
    run.actor.send({ type: 'agreement.closed' });
    await settle();
    expect(run.log).toContain('accept failed');
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('shows nothing when there is nothing to agree to', async () => {
    const run = start({ agreements: [] });
    run.actor.send({ type: 'home.entered' });
    run.clock.increment(1_500);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('idle');
  });
});
