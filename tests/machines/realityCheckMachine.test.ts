import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import { MIN_READ_GAP_MS, nextReadInMs, realityCheckMachine, type RealityCheck } from '../../machines/realityCheckMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

const START = Date.parse('2026-11-26T10:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const check = (over: Partial<RealityCheck> = {}): RealityCheck => ({
  sessionStartedAt: at(0),
  minutesPlayed: 0,
  netResult: 0,
  netDeposits30d: 0,
  intervalMinutes: 60,
  acknowledgedAt: null,
  nextReminderAt: at(60),
  due: false,
  ...over,
});

function start(pollMs = 60_000) {
  const clock = new SimulatedClock();
  clock.set(START);
  const reads: RealityCheck[] = [];
  let readCount = 0;
  const acknowledge = handAnsweredCall<RealityCheck, unknown>();
  const actor = createActor(
    realityCheckMachine.provide({
      actors: {
        readCheck: fromPromise<RealityCheck>(async () => {
          readCount += 1;
          const answer = reads.length > 1 ? reads.shift()! : reads[0];
          if (!answer) throw Object.assign(new Error('offline'), { code: 'NETWORK_ERROR' });
          return answer;
        }),
        acknowledge: acknowledge.actor,
      },
      actions: { readClock: assign({ now: () => clock.now() }) },
    }),
    { input: { pollMs }, clock },
  );
  return {
    actor,
    clock,
    reads,
    acknowledge,
    readCount: () => readCount,
    state: () => actor.getSnapshot(),
    begin: async () => {
      actor.start();
      await settle();
    },
  };
}

describe('the reality check', () => {
  it('reads the session at once and shows its figures without a reminder while none is due', async () => {
    const run = start();
    run.reads.push(check({ minutesPlayed: 12, netResult: -150, netDeposits30d: 1000 }));
    await run.begin();
    expect(run.state().value).toBe('watching');
    expect(run.state().context.check).toMatchObject({ minutesPlayed: 12, netResult: -150, netDeposits30d: 1000 });
  });

  it('asks again at most a poll later, and reminds when the server says one is due', async () => {
    const run = start();
    run.reads.push(check(), check({ due: true, minutesPlayed: 61, nextReminderAt: at(60) }));
    await run.begin();
    expect(run.readCount()).toBe(1);
    run.clock.increment(59_999);
    await settle();
    expect(run.readCount()).toBe(1);
    run.clock.increment(1);
    await settle();
    expect(run.readCount()).toBe(2);
    expect(run.state().value).toBe('reminding');
  });

  it('asks at the next reminder when that comes before the poll', async () => {
    const run = start(10 * 60_000);
    run.reads.push(check({ nextReminderAt: new Date(START + 30_000).toISOString() }), check({ due: true }));
    await run.begin();
    run.clock.increment(29_999);
    await settle();
    expect(run.state().value).toBe('watching');
    run.clock.increment(1);
    await settle();
    expect(run.state().value).toBe('reminding');
  });

  it('stays reminding until the acknowledgement is answered; then watches again', async () => {
    const run = start();
    run.reads.push(check({ due: true }));
    await run.begin();
    expect(run.state().value).toBe('reminding');
    // Nothing but the acknowledgement ends it: time passing, a refresh.
    run.clock.increment(10 * 60_000);
    run.actor.send({ type: 'check.refresh' });
    await settle();
    expect(run.state().value).toBe('reminding');
    expect(run.readCount()).toBe(1);

    run.actor.send({ type: 'reminder.acknowledged' });
    expect(run.state().value).toBe('acknowledging');
    await run.acknowledge.refuse('NETWORK_ERROR');
    expect(run.state().value).toBe('reminding');
    expect(run.state().context.serverError).toBe('NETWORK_ERROR');

    run.actor.send({ type: 'reminder.acknowledged' });
    await run.acknowledge.succeed(check({ acknowledgedAt: at(70), nextReminderAt: at(130) }));
    expect(run.state().value).toBe('watching');
    expect(run.state().context.serverError).toBeNull();
  });

  it('reads again when told something changed, and keeps the last figures through a failed read', async () => {
    const run = start();
    run.reads.push(check({ netResult: 50 }));
    await run.begin();
    run.reads.length = 0;
    run.actor.send({ type: 'check.refresh' });
    await settle();
    expect(run.state().value).toBe('watching');
    expect(run.state().context.check?.netResult).toBe(50);
    expect(run.state().context.serverError).toBe('NETWORK_ERROR');
  });

  it('takes an answer given from elsewhere (the interval chosen) as a read', async () => {
    const run = start();
    run.reads.push(check());
    await run.begin();
    run.actor.send({ type: 'check.answered', check: check({ intervalMinutes: 15, nextReminderAt: at(15) }) });
    expect(run.state().value).toBe('watching');
    expect(run.state().context.check?.intervalMinutes).toBe(15);
  });

  it('never waits less than the minimum gap, nor more than the poll', () => {
    expect(nextReadInMs({ check: check({ nextReminderAt: at(-5) }), now: START, pollMs: 60_000 })).toBe(MIN_READ_GAP_MS);
    expect(nextReadInMs({ check: check({ nextReminderAt: at(600) }), now: START, pollMs: 60_000 })).toBe(60_000);
    expect(nextReadInMs({ check: null, now: START, pollMs: 60_000 })).toBe(60_000);
  });
});
