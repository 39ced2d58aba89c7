import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { isValidSlipDecision, slipReviewMachine, type SlipDecision, type SlipDecisionInput } from '../../machines/slipReviewMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

function start() {
  const server = handAnsweredCall<unknown, SlipDecisionInput>();
  const announced: string[] = [];
  const actor = createActor(
    slipReviewMachine.provide({
      actors: { sendSlipDecision: server.actor },
      actions: {
        announceDecided: (_, { slipId, decision }) => void announced.push(`decided ${slipId} ${decision.verdict}`),
        announceRefused: (_, { code }) => void announced.push(`refused ${code}`),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, server, announced, state, context };
}

const approve250: SlipDecision = { verdict: 'approve', amount: 250 };

describe('slipReviewMachine', () => {
  it('opens a review, approves for the amount read, and ends done with one call and one announcement', async () => {
    const { actor, server, announced, state, context } = start();
    expect(actor.getSnapshot().can({ type: 'decision.sent', decision: approve250 })).toBe(false);

    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    expect(state()).toBe('confirming');
    expect(context().slipId).toBe('slip-1');

    actor.send({ type: 'decision.sent', decision: approve250 });
    expect(state()).toBe('sending');
    expect(server.calls).toEqual([{ slipId: 'slip-1', decision: approve250 }]);

    await server.succeed({ id: 'slip-1', status: 'SUCCESS' });
    expect(state()).toBe('done');
    expect(context()).toMatchObject({ slipId: 'slip-1', decision: approve250, failure: null });
    expect(announced).toEqual(['decided slip-1 approve']);
  });

  it('a double click sends the decision once, and the review cannot be closed or switched while it is out', async () => {
    const { actor, server, state } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    actor.send({ type: 'decision.sent', decision: approve250 });
    actor.send({ type: 'decision.sent', decision: approve250 });
    actor.send({ type: 'decision.sent', decision: { verdict: 'reject', reason: 'NOT_MATCH' } });
    actor.send({ type: 'review.closed' });
    actor.send({ type: 'review.opened', slipId: 'slip-2' });
    expect(state()).toBe('sending');
    expect(server.calls).toHaveLength(1);
    await server.succeed({});
    expect(state()).toBe('done');
    expect(server.calls).toHaveLength(1);
  });

  it('an amount that is not positive is not sent: the view asks can() to disable the button', () => {
    const { actor, server, state } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    for (const amount of [0, -5, Number.NaN]) {
      expect(actor.getSnapshot().can({ type: 'decision.sent', decision: { verdict: 'approve', amount } })).toBe(false);
      actor.send({ type: 'decision.sent', decision: { verdict: 'approve', amount } });
    }
    expect(state()).toBe('confirming');
    expect(server.calls).toEqual([]);
    expect(isValidSlipDecision({ verdict: 'reject', reason: 'INVALID_SLIP' })).toBe(true);
  });

  it("a refusal reaches failed with the server's code, announced once; no retry of a final refusal", async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    actor.send({ type: 'decision.sent', decision: { verdict: 'reject', reason: 'NOT_MATCH' } });
    await server.refuse('ALREADY_DECIDED');
    expect(state()).toBe('failed');
    expect(context().failure).toEqual({ code: 'ALREADY_DECIDED', outcomeUnknown: false });
    expect(announced).toEqual(['refused ALREADY_DECIDED']);
    expect(actor.getSnapshot().can({ type: 'decision.retried' })).toBe(false);
    actor.send({ type: 'decision.retried' });
    expect(server.calls).toHaveLength(1);

    actor.send({ type: 'review.closed' });
    expect(state()).toBe('idle');
    expect(context()).toEqual({ slipId: null, decision: null, failure: null });
  });

  it('after a network error the same decision is sent again on retry, and can then succeed', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    actor.send({ type: 'decision.sent', decision: approve250 });
    await server.refuse('NETWORK_ERROR');
    expect(state()).toBe('failed');
    expect(context().failure).toEqual({ code: 'NETWORK_ERROR', outcomeUnknown: true });

    actor.send({ type: 'decision.retried' });
    expect(state()).toBe('sending');
    expect(context().failure).toBeNull();
    expect(server.calls).toEqual([
      { slipId: 'slip-1', decision: approve250 },
      { slipId: 'slip-1', decision: approve250 },
    ]);
    await server.succeed({});
    expect(state()).toBe('done');
    expect(announced).toEqual(['refused NETWORK_ERROR', 'decided slip-1 approve']);
  });

  it('after a refusal the operator may send a corrected decision for the same slip', async () => {
    const { actor, server, state } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    actor.send({ type: 'decision.sent', decision: approve250 });
    await server.refuse('INVALID_INPUT');
    actor.send({ type: 'decision.sent', decision: { verdict: 'approve', amount: 25 } });
    expect(state()).toBe('sending');
    expect(server.calls.map((c) => c.decision)).toEqual([approve250, { verdict: 'approve', amount: 25 }]);
  });

  it('opening another slip leaves the one being confirmed, and after done a new review starts clean', async () => {
    const { actor, server, state, context } = start();
    actor.send({ type: 'review.opened', slipId: 'slip-1' });
    actor.send({ type: 'review.opened', slipId: 'slip-2' });
    expect(state()).toBe('confirming');
    expect(context().slipId).toBe('slip-2');
    actor.send({ type: 'decision.sent', decision: { verdict: 'reject', reason: 'INVALID_SLIP' } });
    await server.succeed({});
    actor.send({ type: 'review.opened', slipId: 'slip-3' });
    expect(state()).toBe('confirming');
    expect(context()).toEqual({ slipId: 'slip-3', decision: null, failure: null });
    expect(server.calls).toEqual([{ slipId: 'slip-2', decision: { verdict: 'reject', reason: 'INVALID_SLIP' } }]);
  });
});
