import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { appUpdateMachine, UPDATE_TIMEOUT_MS } from '../../machines/appUpdateMachine';

/** The machine on a simulated clock, with the worker's take-over and the reload recorded. */
function start() {
  const clock = new SimulatedClock();
  const done: string[] = [];
  const actor = createActor(
    appUpdateMachine.provide({
      actions: {
        activateWaitingWorker: () => void done.push('skipWaiting'),
        reloadPage: () => void done.push('reload'),
      },
    }),
    { clock },
  ).start();
  return { actor, clock, done, state: () => actor.getSnapshot().value };
}

describe('a new version of the app', () => {
  it('waits quietly until a new worker is found, then offers it', () => {
    const run = start();
    expect(run.state()).toBe('idle');
    expect(run.actor.getSnapshot().can({ type: 'update.accepted' })).toBe(false);
    run.actor.send({ type: 'update.found' });
    expect(run.state()).toBe('available');
    expect(run.done).toEqual([]);
  });

  it('takes it on a tap: the waiting worker takes over, then the page reloads under it', () => {
    const run = start();
    run.actor.send({ type: 'update.found' });
    run.actor.send({ type: 'update.accepted' });
    expect(run.state()).toBe('updating');
    expect(run.done).toEqual(['skipWaiting']);
    // A second tap while it is taking over does nothing more.
    run.actor.send({ type: 'update.accepted' });
    expect(run.done).toEqual(['skipWaiting']);
    run.actor.send({ type: 'worker.controlling' });
    expect(run.done).toEqual(['skipWaiting', 'reload']);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('offers it again when the new worker does not take over in time', () => {
    const run = start();
    run.actor.send({ type: 'update.found' });
    run.actor.send({ type: 'update.accepted' });
    run.clock.increment(UPDATE_TIMEOUT_MS - 1);
    expect(run.state()).toBe('updating');
    run.clock.increment(1);
    expect(run.state()).toBe('available');
    run.actor.send({ type: 'update.accepted' });
    expect(run.done).toEqual(['skipWaiting', 'skipWaiting']);
  });

  it('never reloads without a tap of this page or another: put away, the next visit takes it', () => {
    const run = start();
    run.actor.send({ type: 'worker.controlling' });
    expect(run.state()).toBe('idle');
    run.actor.send({ type: 'update.found' });
    run.actor.send({ type: 'update.dismissed' });
    expect(run.state()).toBe('dismissed');
    run.actor.send({ type: 'worker.controlling' });
    expect(run.done).toEqual([]);
    // A newer version found later is offered again.
    run.actor.send({ type: 'update.found' });
    expect(run.state()).toBe('available');
  });

  it('reloads a page showing the notice when another tab took the new version', () => {
    const run = start();
    run.actor.send({ type: 'update.found' });
    run.actor.send({ type: 'worker.controlling' });
    expect(run.done).toEqual(['reload']);
  });
});
