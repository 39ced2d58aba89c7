import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  isLoosening,
  limitChangeMachine,
  parseLimitValue,
  type LimitChange,
  type LimitKind,
  type LimitPeriod,
  type LimitSaved,
  type LimitTarget,
} from '../../machines/limitChangeMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

const APPLIED: LimitSaved = { applied: true, pending: null };
const WAITING: LimitSaved = { applied: false, pending: { value: 5_000, confirmableAt: '2026-11-27T12:00:00.000Z', lapsesAt: '2026-12-04T12:00:00.000Z' } };

function start() {
  const saveLimit = handAnsweredCall<LimitSaved, LimitChange>();
  const confirmPending = handAnsweredCall<unknown, { kind: LimitKind; period: LimitPeriod }>();
  const cancelPending = handAnsweredCall<unknown, { kind: LimitKind; period: LimitPeriod }>();
  const log: string[] = [];
  const actor = createActor(
    limitChangeMachine.provide({
      actors: { saveLimit: saveLimit.actor, confirmPending: confirmPending.actor, cancelPending: cancelPending.actor },
      actions: {
        limitsChanged: () => void log.push('reload'),
        notifyPending: (_, { did, code }) => void log.push(code ? `${did} ${code}` : did),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  const open = (target: LimitTarget, whole = false) => actor.send({ type: 'limit.opened', target, whole });
  const submit = (text: string) => {
    actor.send({ type: 'limit.typed', text });
    actor.send({ type: 'limit.submitted' });
  };
  return { actor, saveLimit, confirmPending, cancelPending, log, open, submit, state: () => actor.getSnapshot() };
}

describe('changing a limit', () => {
  it('a first limit is sent at once, without the cooling-off review, and the page reads the limits again', async () => {
    const run = start();
    run.open({ kind: 'deposit', period: 'day', current: null });
    run.submit('1,000');
    expect(run.state().value).toBe('saving');
    expect(run.saveLimit.calls).toEqual([{ kind: 'deposit', period: 'day', value: 1000 }]);
    await run.saveLimit.succeed(APPLIED);
    expect(run.state().value).toBe('saved');
    expect(run.state().context.saved).toEqual(APPLIED);
    expect(run.log).toEqual(['reload']);
    run.actor.send({ type: 'limit.closed' });
    expect(run.state().value).toBe('idle');
  });

  it('a lower limit is sent at once', () => {
    const run = start();
    run.open({ kind: 'loss', period: 'week', current: 2_000 });
    run.submit('1500.50');
    expect(run.saveLimit.calls).toEqual([{ kind: 'loss', period: 'week', value: 1500.5 }]);
  });

  it('a raise is reviewed first (it waits the cooling-off); confirmed, it is sent and answers the pending change', async () => {
    const run = start();
    run.open({ kind: 'deposit', period: 'day', current: 1_000 });
    run.submit('5000');
    expect(run.state().value).toBe('reviewing');
    expect(run.saveLimit.calls).toEqual([]);
    run.actor.send({ type: 'limit.confirmed' });
    expect(run.saveLimit.calls).toEqual([{ kind: 'deposit', period: 'day', value: 5000 }]);
    await run.saveLimit.succeed(WAITING);
    expect(run.state().context.saved).toEqual(WAITING);
  });

  it('a removal is reviewed too, and sent as null; with no limit in force there is nothing to remove', () => {
    const run = start();
    run.open({ kind: 'session', period: 'month', current: null }, true);
    run.actor.send({ type: 'limit.removeRequested' });
    expect(run.state().value).toBe('editing');

    run.actor.send({ type: 'limit.cancelled' });
    run.open({ kind: 'session', period: 'month', current: 600 }, true);
    run.actor.send({ type: 'limit.removeRequested' });
    expect(run.state().value).toBe('reviewing');
    run.actor.send({ type: 'limit.cancelled' });
    expect(run.state().value).toBe('editing');
    run.actor.send({ type: 'limit.removeRequested' });
    run.actor.send({ type: 'limit.confirmed' });
    expect(run.saveLimit.calls).toEqual([{ kind: 'session', period: 'month', value: null }]);
  });

  it('says what is wrong with the typed value before any call', () => {
    const run = start();
    run.open({ kind: 'session', period: 'day', current: 120 }, true);
    const tries: [string, string][] = [
      ['', 'required'],
      ['abc', 'notPositive'],
      ['0', 'notPositive'],
      ['90.5', 'tooManyDecimals'],
      ['120', 'unchanged'],
    ];
    for (const [text, error] of tries) {
      run.submit(text);
      expect(run.state().value).toBe('editing');
      expect(run.state().context.fieldError).toBe(error);
    }
    run.actor.send({ type: 'limit.typed', text: '9' });
    expect(run.state().context.fieldError).toBeNull();
    expect(run.saveLimit.calls).toEqual([]);
  });

  it("a refusal comes back to the form with the server's code; the limits are not reloaded", async () => {
    const run = start();
    run.open({ kind: 'deposit', period: 'day', current: null });
    run.submit('100');
    await run.saveLimit.refuse('INVALID_INPUT');
    expect(run.state().value).toBe('editing');
    expect(run.state().context.serverError).toBe('INVALID_INPUT');
    expect(run.log).toEqual([]);
  });

  it('confirms a pending change that is due, and says how it went', async () => {
    const run = start();
    run.actor.send({ type: 'pending.confirmRequested', kind: 'deposit', period: 'day' });
    expect(run.state().value).toBe('confirmingPending');
    expect(run.confirmPending.calls).toEqual([{ kind: 'deposit', period: 'day' }]);
    await run.confirmPending.succeed({});
    expect(run.state().value).toBe('idle');
    expect(run.log).toEqual(['confirmed', 'reload']);

    run.actor.send({ type: 'pending.confirmRequested', kind: 'loss', period: 'month' });
    await run.confirmPending.refuse('NO_LIMIT_CHANGE');
    expect(run.log).toEqual(['confirmed', 'reload', 'failed NO_LIMIT_CHANGE', 'reload']);
  });

  it('withdraws a pending change the member no longer wants', async () => {
    const run = start();
    run.actor.send({ type: 'pending.cancelRequested', kind: 'session', period: 'week' });
    expect(run.cancelPending.calls).toEqual([{ kind: 'session', period: 'week' }]);
    await run.cancelPending.succeed({});
    expect(run.state().value).toBe('idle');
    expect(run.log).toEqual(['cancelled', 'reload']);
  });

  it('reads typed values and says which changes loosen a limit', () => {
    expect(parseLimitValue(' 1,250.50 ', false)).toEqual({ value: 1250.5 });
    expect(parseLimitValue('1.234', false)).toEqual({ error: 'tooManyDecimals' });
    expect(parseLimitValue('-5', false)).toEqual({ error: 'notPositive' });
    expect(isLoosening(null, 100)).toBe(false);
    expect(isLoosening(100, 50)).toBe(false);
    expect(isLoosening(100, 150)).toBe(true);
    expect(isLoosening(100, null)).toBe(true);
  });
});
