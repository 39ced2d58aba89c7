import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { adjustmentDecisionMachine, type AdjustmentDecisionInput } from '../../machines/adjustmentDecisionMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

function start() {
  const server = handAnsweredCall<unknown, AdjustmentDecisionInput>();
  const announced: string[] = [];
  const actor = createActor(
    adjustmentDecisionMachine.provide({
      actors: { sendAdjustmentDecision: server.actor },
      actions: {
        announceDecided: (_, { adjustmentId, verdict }) => void announced.push(`${verdict} ${adjustmentId}`),
        announceRefused: (_, { code }) => void announced.push(`refused ${code}`),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, server, announced, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('adjustmentDecisionMachine', () => {
  it("approves another operator's proposal: one call, decided, announced", async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-1', verdict: 'approve' });
    expect(state()).toBe('deciding');
    expect(server.calls).toEqual([{ adjustmentId: 'adj-1', verdict: 'approve' }]);
    await server.succeed({ id: 'adj-1', status: 'approved' });
    expect(state()).toBe('decided');
    expect(context()).toEqual({ adjustmentId: 'adj-1', verdict: 'approve', failure: null });
    expect(announced).toEqual(['approve adj-1']);
  });

  it('a double click approves once; nothing else is decided while it is out', async () => {
    const { actor, server } = start();
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-1', verdict: 'approve' });
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-1', verdict: 'approve' });
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-2', verdict: 'reject' });
    expect(actor.getSnapshot().can({ type: 'decision.sent', adjustmentId: 'adj-2', verdict: 'reject' })).toBe(false);
    expect(server.calls).toHaveLength(1);
    await server.succeed({});
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-2', verdict: 'reject' });
    expect(server.calls).toEqual([
      { adjustmentId: 'adj-1', verdict: 'approve' },
      { adjustmentId: 'adj-2', verdict: 'reject' },
    ]);
  });

  it('OWN_PROPOSAL (maker-checker) reaches failed with its code, beside that proposal; it is not retried', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-7', verdict: 'approve' });
    await server.refuse('OWN_PROPOSAL');
    expect(state()).toBe('failed');
    expect(context()).toEqual({ adjustmentId: 'adj-7', verdict: 'approve', failure: { code: 'OWN_PROPOSAL', outcomeUnknown: false } });
    expect(announced).toEqual(['refused OWN_PROPOSAL']);
    expect(actor.getSnapshot().can({ type: 'decision.retried' })).toBe(false);
    actor.send({ type: 'decision.retried' });
    expect(server.calls).toHaveLength(1);

    // The operator may still reject it, or decide another.
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-7', verdict: 'reject' });
    expect(state()).toBe('deciding');
    expect(context().failure).toBeNull();
  });

  it('no answer: retry sends the same decision on the same proposal; the server settles it once', async () => {
    const { actor, server, announced, state } = start();
    actor.send({ type: 'decision.sent', adjustmentId: 'adj-1', verdict: 'approve' });
    await server.refuse('NETWORK_ERROR');
    actor.send({ type: 'decision.retried' });
    expect(state()).toBe('deciding');
    // It had gone through the first time: the server answers that it is decided.
    await server.refuse('ALREADY_DECIDED');
    expect(server.calls).toEqual([
      { adjustmentId: 'adj-1', verdict: 'approve' },
      { adjustmentId: 'adj-1', verdict: 'approve' },
    ]);
    expect(announced).toEqual(['refused NETWORK_ERROR', 'refused ALREADY_DECIDED']);
    expect(actor.getSnapshot().can({ type: 'decision.retried' })).toBe(false);
  });
});
