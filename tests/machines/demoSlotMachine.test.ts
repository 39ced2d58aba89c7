import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { demoSlotMachine, LANDING_LIMIT_MS, type GameSession, type SpinOutcome } from '../../machines/demoSlotMachine';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const session: GameSession = {
  provider: 'PG', name: 'PG Soft', balance: 12, stakes: [1, 2, 5, 10, 20, 50],
  paytable: [{ symbol: 'seven', pays: 350 }],
};
const outcome = (stake: number, win: number, balance: number): SpinOutcome => ({
  reels: [['cherry', 'seven', 'bell'], ['lemon', 'seven', 'star'], ['melon', 'seven', 'cherry']],
  stake, win, balance,
  lines: win ? [{ line: 0, symbol: 'seven', count: 3, win }] : [],
});

function start(options: { load?: () => Promise<GameSession>; spin?: (stake: number) => Promise<SpinOutcome>; clock?: SimulatedClock } = {}) {
  const spins: { token: string; stake: number }[] = [];
  const actor = createActor(
    demoSlotMachine.provide({
      actors: {
        loadSession: fromPromise(() => (options.load ?? (async () => session))()),
        spin: fromPromise<SpinOutcome, { token: string; stake: number }>(({ input }) => {
          spins.push(input);
          return (options.spin ?? (async (stake) => outcome(stake, 0, session.balance - stake)))(input.stake);
        }),
      },
    }),
    { input: { token: 'launch-token' }, ...(options.clock ? { clock: options.clock } : {}) },
  ).start();
  return { actor, spins, state: () => actor.getSnapshot() };
}

describe('demo slot', () => {
  it('loads the session and starts on the smallest stake with the provider balance', async () => {
    const run = start();
    expect(run.state().value).toBe('loading');
    await settle();
    expect(run.state().value).toBe('ready');
    expect(run.state().context).toMatchObject({ balance: 12, stake: 1, session: { name: 'PG Soft' }, reels: null });
  });

  it('takes only the stakes the game offers', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'stake.chosen', stake: 5 });
    expect(run.state().context.stake).toBe(5);
    run.actor.send({ type: 'stake.chosen', stake: 3 });
    expect(run.state().context.stake).toBe(5);
  });

  it("spins with the token and stake, lands, and shows the server's balance only once the reels settle", async () => {
    const run = start({ spin: async (stake) => outcome(stake, 17.5, 12 - stake + 17.5) });
    await settle();
    run.actor.send({ type: 'stake.chosen', stake: 5 });
    run.actor.send({ type: 'spin.requested' });
    expect(run.state().value).toBe('spinning');
    expect(run.spins).toEqual([{ token: 'launch-token', stake: 5 }]);
    // No second spin while one is on its way or landing.
    expect(run.state().can({ type: 'spin.requested' })).toBe(false);
    await settle();
    expect(run.state().value).toBe('landing');
    expect(run.state().context.balance).toBe(12);
    expect(run.state().can({ type: 'stake.chosen', stake: 1 })).toBe(false);
    run.actor.send({ type: 'reels.settled' });
    expect(run.state().value).toBe('ready');
    expect(run.state().context).toMatchObject({ balance: 24.5, settledSpins: 1, reels: outcome(5, 0, 0).reels });
  });

  it('shows the outcome when the reels never report landing, once the landing limit has passed', async () => {
    const clock = new SimulatedClock();
    const run = start({ clock, spin: async (stake) => outcome(stake, 0, 12 - stake) });
    await settle();
    run.actor.send({ type: 'spin.requested' });
    await settle();
    expect(run.state().value).toBe('landing');
    clock.increment(LANDING_LIMIT_MS - 1);
    expect(run.state().value).toBe('landing');
    clock.increment(1);
    expect(run.state().value).toBe('ready');
    expect(run.state().context).toMatchObject({ balance: 11, settledSpins: 1 });
    // The scene's late report changes nothing more.
    run.actor.send({ type: 'reels.settled' });
    expect(run.state().context.settledSpins).toBe(1);
  });

  it('refuses a stake above the balance without calling the server', async () => {
    const run = start({ load: async () => ({ ...session, balance: 4 }) });
    await settle();
    run.actor.send({ type: 'stake.chosen', stake: 5 });
    run.actor.send({ type: 'spin.requested' });
    expect(run.state().value).toBe('ready');
    expect(run.state().context.error).toBe('MONEY_NOT_ENOUGH');
    expect(run.spins).toEqual([]);
    run.actor.send({ type: 'stake.chosen', stake: 2 });
    expect(run.state().context.error).toBeNull();
  });

  it("shows the server's refusal of a spin and stays playable", async () => {
    const run = start({ spin: () => Promise.reject(new CodedError('MONEY_NOT_ENOUGH')) });
    await settle();
    run.actor.send({ type: 'spin.requested' });
    await settle();
    expect(run.state().value).toBe('ready');
    expect(run.state().context.error).toBe('MONEY_NOT_ENOUGH');
    expect(run.state().context.balance).toBe(12);
  });

  it('ends in expired when the link is refused, on opening or on a spin', async () => {
    const opening = start({ load: () => Promise.reject(new CodedError('invalid-token')) });
    await settle();
    expect(opening.state().value).toBe('expired');
    expect(opening.state().status).toBe('done');

    const playing = start({ spin: () => Promise.reject(new CodedError('invalid-token')) });
    await settle();
    playing.actor.send({ type: 'spin.requested' });
    await settle();
    expect(playing.state().value).toBe('expired');
  });

  it('offers a retry when the game could not be opened', async () => {
    let calls = 0;
    const run = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new CodedError('NETWORK_ERROR');
        return session;
      },
    });
    await settle();
    expect(run.state().value).toBe('failed');
    expect(run.state().context.error).toBe('NETWORK_ERROR');
    run.actor.send({ type: 'session.retry' });
    await settle();
    expect(run.state().value).toBe('ready');
    expect(run.state().context.error).toBeNull();
  });
});
