import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { breakOrExclusionMachine, confirmWordMatches, type ExclusionTicket, type PauseChoice, type PauseRequest, type PauseStarted } from '../../machines/breakOrExclusionMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

const BREAK: PauseChoice = { kind: 'break', length: '24h' };
const EXCLUSION: PauseChoice = { kind: 'exclusion', length: '12m' };

function start() {
  const startPause = handAnsweredCall<PauseStarted, PauseRequest>();
  const askExclusion = handAnsweredCall<ExclusionTicket, PauseChoice>();
  const signedOut: { choice: PauseChoice; started: PauseStarted }[] = [];
  const actor = createActor(
    breakOrExclusionMachine.provide({
      actors: { startPause: startPause.actor, askExclusion: askExclusion.actor },
      actions: { signedOut: (_, params) => void signedOut.push(params) },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, startPause, askExclusion, signedOut, state: () => actor.getSnapshot() };
}

describe('a break or a self-exclusion', () => {
  it('a break is asked twice: the explanation, then its own button; only then the call, and the member is signed out', async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: BREAK, confirmWord: 'EXCLUDE' });
    expect(run.state().value).toBe('explaining');
    expect(run.state().can({ type: 'pause.confirmed' })).toBe(false);
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.startPause.calls).toEqual([]);

    run.actor.send({ type: 'pause.understood' });
    expect(run.state().value).toBe('confirming');
    expect(run.startPause.calls).toEqual([]);
    // A break needs no typed word.
    expect(run.state().can({ type: 'pause.confirmed' })).toBe(true);
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.state().value).toBe('starting');
    expect(run.startPause.calls).toEqual([BREAK]);
    expect(run.askExclusion.calls).toEqual([]);

    await run.startPause.succeed({ endsAt: '2026-11-27T12:00:00.000Z' });
    expect(run.state().value).toBe('started');
    expect(run.state().status).toBe('done');
    expect(run.signedOut).toEqual([{ choice: BREAK, started: { endsAt: '2026-11-27T12:00:00.000Z' } }]);
  });

  it("a self-exclusion's first confirmation asks the server for a ticket; it is sent with the ticket only once the word is typed", async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: EXCLUSION, confirmWord: 'ຢືນຢັນ' });
    run.actor.send({ type: 'pause.understood' });
    expect(run.state().value).toBe('asking');
    expect(run.askExclusion.calls).toEqual([EXCLUSION]);
    await run.askExclusion.succeed({ confirmToken: 'ticket-1', endsAt: '2027-11-26T12:00:00.000Z' });
    expect(run.state().value).toBe('confirming');
    expect(run.state().context.ticket?.endsAt).toBe('2027-11-26T12:00:00.000Z');
    expect(run.state().can({ type: 'pause.confirmed' })).toBe(false);
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.state().value).toBe('confirming');

    run.actor.send({ type: 'pause.typed', text: 'ຢືນ' });
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.startPause.calls).toEqual([]);

    run.actor.send({ type: 'pause.typed', text: ' ຢືນຢັນ ' });
    expect(run.state().can({ type: 'pause.confirmed' })).toBe(true);
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.startPause.calls).toEqual([{ ...EXCLUSION, confirmToken: 'ticket-1' }]);
    await run.startPause.succeed({ endsAt: null });
    expect(run.signedOut).toEqual([{ choice: EXCLUSION, started: { endsAt: null } }]);
  });

  it('cancel at either confirmation forgets the choice and sends nothing', async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: BREAK, confirmWord: 'X' });
    run.actor.send({ type: 'pause.cancelled' });
    expect(run.state().value).toBe('idle');
    expect(run.state().context.choice).toBeNull();

    run.actor.send({ type: 'pause.chosen', choice: EXCLUSION, confirmWord: 'EXCLUDE' });
    run.actor.send({ type: 'pause.understood' });
    await run.askExclusion.succeed({ confirmToken: 't', endsAt: null });
    run.actor.send({ type: 'pause.typed', text: 'exclude' });
    run.actor.send({ type: 'pause.cancelled' });
    expect(run.state().value).toBe('idle');
    expect(run.state().context.typed).toBe('');
    expect(run.startPause.calls).toEqual([]);
  });

  it('a refusal stays on the second confirmation with its code, and the member is not signed out', async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: BREAK, confirmWord: 'X' });
    run.actor.send({ type: 'pause.understood' });
    run.actor.send({ type: 'pause.confirmed' });
    await run.startPause.refuse('NETWORK_ERROR');
    expect(run.state().value).toBe('confirming');
    expect(run.state().context.serverError).toBe('NETWORK_ERROR');
    expect(run.signedOut).toEqual([]);
    // Tried again, the same choice goes out.
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.state().context.serverError).toBeNull();
    expect(run.startPause.calls).toEqual([BREAK, BREAK]);
  });

  it('an expired ticket goes back to the first confirmation, which asks for a new one', async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: EXCLUSION, confirmWord: 'EXCLUDE' });
    run.actor.send({ type: 'pause.understood' });
    await run.askExclusion.succeed({ confirmToken: 'old', endsAt: null });
    run.actor.send({ type: 'pause.typed', text: 'EXCLUDE' });
    run.actor.send({ type: 'pause.confirmed' });
    await run.startPause.refuse('EXCLUSION_CONFIRM_INVALID');
    expect(run.state().value).toBe('explaining');
    expect(run.state().context).toMatchObject({ ticket: null, typed: '', serverError: 'EXCLUSION_CONFIRM_INVALID' });
    run.actor.send({ type: 'pause.understood' });
    await run.askExclusion.succeed({ confirmToken: 'new', endsAt: null });
    run.actor.send({ type: 'pause.typed', text: 'EXCLUDE' });
    run.actor.send({ type: 'pause.confirmed' });
    expect(run.startPause.calls.map((c) => c.confirmToken)).toEqual(['old', 'new']);
    expect(run.signedOut).toEqual([]);
  });

  it('a refused ask stays on the first confirmation with its code', async () => {
    const run = start();
    run.actor.send({ type: 'pause.chosen', choice: EXCLUSION, confirmWord: 'EXCLUDE' });
    run.actor.send({ type: 'pause.understood' });
    await run.askExclusion.refuse('CANNOT_SHORTEN');
    expect(run.state().value).toBe('explaining');
    expect(run.state().context.serverError).toBe('CANNOT_SHORTEN');
    expect(run.startPause.calls).toEqual([]);
  });

  it('matches the typed word without regard to case, spaces around or Unicode composition', () => {
    expect(confirmWordMatches('  Exclude ', 'EXCLUDE')).toBe(true);
    expect(confirmWordMatches('ยืนยัน', 'ยืนยัน')).toBe(true);
    expect(confirmWordMatches('ยืน', 'ยืนยัน')).toBe(false);
    expect(confirmWordMatches('', '')).toBe(false);
  });
});
