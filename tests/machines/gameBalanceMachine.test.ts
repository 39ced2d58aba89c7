import { describe, expect, it } from 'vitest';
import { createActor, type NonReducibleUnknown } from 'xstate';
import { FRESH_FOR_MS, gameBalanceMachine, type BalanceReadReason } from '../../machines/gameBalanceMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

const T0 = Date.parse('2026-11-26T02:00:00.000Z');

/** The machine with a read the test answers by hand (the provider's figures, booked, and when). */
function start(readAt: number | null = null) {
  // The read takes no input (the machine invokes it without one).
  const read = handAnsweredCall<{ readAt: number }, NonReducibleUnknown>();
  const actor = createActor(gameBalanceMachine.provide({ actors: { readGameBalances: read.actor } }), { input: { readAt } }).start();
  const want = (reason: BalanceReadReason, at: number) => actor.send({ type: 'balances.wanted', reason, at });
  return { actor, read, want, context: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
}

describe('game balances are read from the providers whenever the member is about to see them (issue 27)', () => {
  it.each<BalanceReadReason>(['opened', 'transferred', 'returned', 'visible', 'started', 'asked'])('reads on %s when nothing was read yet', (reason) => {
    const run = start();
    run.want(reason, T0);
    expect(run.state()).toBe('reading');
    expect(run.read.calls).toHaveLength(1);
  });

  it('keeps the time of the providers\' answer, which the screens show as the figures\' age', async () => {
    const run = start();
    run.want('opened', T0);
    await run.read.succeed({ readAt: T0 + 800 });
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ readAt: T0 + 800, failedAt: null });
  });

  it('a tab switch right after a read does not ask again; later it does', async () => {
    const run = start();
    run.want('opened', T0);
    await run.read.succeed({ readAt: T0 });
    run.want('visible', T0 + 1_000);
    run.want('visible', T0 + FRESH_FOR_MS - 1);
    expect(run.read.calls).toHaveLength(1);
    run.want('visible', T0 + FRESH_FOR_MS);
    expect(run.read.calls).toHaveLength(2);
  });

  it('coming back from a game always reads: a few seconds of play are enough to lose', async () => {
    const run = start();
    run.want('opened', T0);
    await run.read.succeed({ readAt: T0 });
    run.want('returned', T0 + 3_000);
    expect(run.read.calls).toHaveLength(2);
  });

  it('opening the dialog or a transfer reads even right after a read', async () => {
    const run = start();
    run.want('visible', T0);
    await run.read.succeed({ readAt: T0 });
    run.want('opened', T0 + 10);
    expect(run.read.calls).toHaveLength(2);
    await run.read.succeed({ readAt: T0 + 20 });
    run.want('transferred', T0 + 30);
    expect(run.read.calls).toHaveLength(3);
  });

  it('a transfer that ends during a read is followed by one more read: the first answer may predate it', async () => {
    const run = start();
    run.want('opened', T0);
    run.want('transferred', T0 + 100);
    run.want('transferred', T0 + 200);
    // Other reasons during a read are served by the read under way.
    run.want('visible', T0 + 300);
    expect(run.read.calls).toHaveLength(1);
    await run.read.succeed({ readAt: T0 + 150 });
    expect(run.state()).toBe('reading');
    expect(run.read.calls).toHaveLength(2);
    await run.read.succeed({ readAt: T0 + 400 });
    expect(run.state()).toBe('idle');
    expect(run.context().readAt).toBe(T0 + 400);
    expect(run.read.calls).toHaveLength(2);
  });

  it('a failed read keeps the last figures with their age and says when it failed', async () => {
    const run = start(T0 - 60_000);
    run.want('asked', T0);
    await run.read.refuse('NETWORK_ERROR');
    expect(run.state()).toBe('idle');
    expect(run.context()).toMatchObject({ readAt: T0 - 60_000, failedAt: T0 });
    run.want('asked', T0 + 5_000);
    await run.read.succeed({ readAt: T0 + 5_100 });
    expect(run.context()).toMatchObject({ readAt: T0 + 5_100, failedAt: null });
  });
});
