import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { retryPauseMs, SERVICE_RETRY, serviceReturnMachine, type ServiceAnswer } from '../../machines/serviceReturnMachine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine on a simulated clock; the fake server answers from a list (the last repeated) and counts questions. */
function start(answers: (ServiceAnswer | Error)[]) {
  const clock = new SimulatedClock();
  let asked = 0;
  const went: string[] = [];
  const queue = [...answers];
  const actor = createActor(
    serviceReturnMachine.provide({
      actors: {
        askService: fromPromise<ServiceAnswer>(async () => {
          asked += 1;
          const answer = queue.length > 1 ? queue.shift()! : queue[0];
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: { sendToLogin: () => void went.push('/login') },
    }),
    { clock },
  ).start();
  return { actor, clock, went, asked: () => asked };
}

describe('/terminated waits for the service to return', () => {
  it('asks at once: the member may be here only because a cache kept a 410', async () => {
    const run = start(['active']);
    await settle();
    expect(run.asked()).toBe(1);
    expect(run.went).toEqual(['/login']);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('asks again with a doubling pause while the service is off, and goes to /login when it runs', async () => {
    const run = start(['gone', 'gone', new Error('offline'), 'active']);
    await settle();
    expect(run.asked()).toBe(1);

    run.clock.increment(SERVICE_RETRY.firstMs - 1);
    await settle();
    expect(run.asked()).toBe(1);
    run.clock.increment(1);
    await settle();
    expect(run.asked()).toBe(2);

    // The second pause is twice the first.
    run.clock.increment(2 * SERVICE_RETRY.firstMs - 1);
    await settle();
    expect(run.asked()).toBe(2);
    run.clock.increment(1);
    await settle();
    expect(run.asked()).toBe(3);
    expect(run.went).toEqual([]);

    // No answer at all (offline) waits too, and longer.
    run.clock.increment(4 * SERVICE_RETRY.firstMs);
    await settle();
    expect(run.asked()).toBe(4);
    expect(run.went).toEqual(['/login']);
  });

  it('asks at once when the member brings the tab back into view', async () => {
    const run = start(['gone', 'active']);
    await settle();
    expect(run.went).toEqual([]);
    run.actor.send({ type: 'service.recheck' });
    await settle();
    expect(run.asked()).toBe(2);
    expect(run.went).toEqual(['/login']);
  });

  it('never waits more than the cap between questions', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryPauseMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });
});
