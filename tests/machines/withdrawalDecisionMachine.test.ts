import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { isValidWithdrawalDecision, REJECTION_NOTE_MAX, withdrawalDecisionMachine, type WithdrawalDecisionInput } from '../../machines/withdrawalDecisionMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

function start() {
  const server = handAnsweredCall<unknown, WithdrawalDecisionInput>();
  const announced: string[] = [];
  const actor = createActor(
    withdrawalDecisionMachine.provide({
      actors: { sendWithdrawalDecision: server.actor },
      actions: {
        announceDecided: (_, { withdrawalId, decision }) => void announced.push(`decided ${withdrawalId} ${decision.verdict}`),
        announceRefused: (_, { code }) => void announced.push(`refused ${code}`),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, server, announced, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('withdrawalDecisionMachine', () => {
  it('approve (pay): one call for that withdrawal, done, announced', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve' } });
    expect(state()).toBe('sending');
    expect(server.calls).toEqual([{ withdrawalId: 'w-1', decision: { verdict: 'approve' } }]);
    await server.succeed({ id: 'w-1', status: 'paying' });
    expect(state()).toBe('done');
    expect(context()).toMatchObject({ withdrawalId: 'w-1', failure: null });
    expect(announced).toEqual(['decided w-1 approve']);
  });

  it('a double click pays once, and no other decision starts while it is out', async () => {
    const { actor, server } = start();
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve' } });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve' } });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-2', decision: { verdict: 'markPaid' } });
    actor.send({ type: 'rejection.opened', withdrawalId: 'w-3' });
    expect(actor.getSnapshot().can({ type: 'decision.sent', withdrawalId: 'w-2', decision: { verdict: 'approve' } })).toBe(false);
    expect(server.calls).toHaveLength(1);
    await server.succeed({});
    actor.send({ type: 'decision.sent', withdrawalId: 'w-2', decision: { verdict: 'markPaid' } });
    expect(server.calls).toEqual([
      { withdrawalId: 'w-1', decision: { verdict: 'approve' } },
      { withdrawalId: 'w-2', decision: { verdict: 'markPaid' } },
    ]);
  });

  it('reject: the note field opens first; an empty note is not sent; the note goes trimmed', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'rejection.opened', withdrawalId: 'w-1' });
    expect(state()).toBe('confirmingRejection');
    expect(context().withdrawalId).toBe('w-1');
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'reject', note: '   ' } });
    expect(state()).toBe('confirmingRejection');
    expect(server.calls).toEqual([]);

    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'reject', note: '  Account closed  ' } });
    expect(state()).toBe('sending');
    expect(server.calls).toEqual([{ withdrawalId: 'w-1', decision: { verdict: 'reject', note: 'Account closed' } }]);
    await server.succeed({});
    expect(announced).toEqual(['decided w-1 reject']);
    expect(isValidWithdrawalDecision({ verdict: 'reject', note: 'x'.repeat(REJECTION_NOTE_MAX + 1) })).toBe(false);
  });

  it('a rejection cancelled sends nothing and leaves the page idle', () => {
    const { actor, server, state, context } = start();
    actor.send({ type: 'rejection.opened', withdrawalId: 'w-1' });
    actor.send({ type: 'rejection.cancelled' });
    expect(state()).toBe('idle');
    expect(context()).toEqual({ withdrawalId: null, decision: null, failure: null });
    expect(server.calls).toEqual([]);
  });

  it("mark paid refused ALREADY_DECIDED: failed with the code on that withdrawal, no retry of a final answer", async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'decision.sent', withdrawalId: 'w-9', decision: { verdict: 'markPaid' } });
    await server.refuse('ALREADY_DECIDED');
    expect(state()).toBe('failed');
    expect(context()).toMatchObject({ withdrawalId: 'w-9', failure: { code: 'ALREADY_DECIDED', outcomeUnknown: false } });
    expect(announced).toEqual(['refused ALREADY_DECIDED']);
    expect(actor.getSnapshot().can({ type: 'decision.retried' })).toBe(false);
    // The operator goes on with another withdrawal.
    actor.send({ type: 'decision.sent', withdrawalId: 'w-10', decision: { verdict: 'approve' } });
    expect(state()).toBe('sending');
    expect(context().failure).toBeNull();
  });

  it('a timeout leaves the outcome unknown: retry sends the same decision for the same withdrawal', async () => {
    const { actor, server, state } = start();
    actor.send({ type: 'rejection.opened', withdrawalId: 'w-1' });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'reject', note: 'Wrong account' } });
    await server.refuse('TIMEOUT');
    expect(actor.getSnapshot().can({ type: 'decision.retried' })).toBe(true);
    actor.send({ type: 'decision.retried' });
    actor.send({ type: 'decision.retried' });
    expect(server.calls).toEqual([
      { withdrawalId: 'w-1', decision: { verdict: 'reject', note: 'Wrong account' } },
      { withdrawalId: 'w-1', decision: { verdict: 'reject', note: 'Wrong account' } },
    ]);
    await server.refuse('ALREADY_DECIDED');
    expect(state()).toBe('failed');
  });

  it('approve after review: the review opens first, a cancelled review sends nothing, the second approval carries the code', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'review.opened', withdrawalId: 'w-1' });
    expect(state()).toBe('reviewing');
    actor.send({ type: 'review.cancelled' });
    expect(state()).toBe('idle');
    expect(server.calls).toEqual([]);

    actor.send({ type: 'review.opened', withdrawalId: 'w-1' });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve', code: '12a' } });
    expect(state()).toBe('reviewing');
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve', code: '123456' } });
    expect(server.calls).toEqual([{ withdrawalId: 'w-1', decision: { verdict: 'approve', code: '123456' } }]);
    // A code already used: the review stays where it was, and a new code can be sent from it.
    await server.refuse('APPROVAL_CODE_INVALID');
    expect(state()).toBe('failed');
    expect(context()).toMatchObject({ withdrawalId: 'w-1', decision: { verdict: 'approve', code: '123456' }, failure: { code: 'APPROVAL_CODE_INVALID' } });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-1', decision: { verdict: 'approve', code: '654321' } });
    await server.succeed({ id: 'w-1', status: 'paid' });
    expect(state()).toBe('done');
    expect(announced).toEqual(['refused APPROVAL_CODE_INVALID', 'decided w-1 approve']);
  });

  it('reject with a standard reason may go without words; OTHER needs them', () => {
    expect(isValidWithdrawalDecision({ verdict: 'reject', note: '', reasonCode: 'TURNOVER_NOT_MET' })).toBe(true);
    expect(isValidWithdrawalDecision({ verdict: 'reject', note: ' ', reasonCode: 'OTHER' })).toBe(false);
    expect(isValidWithdrawalDecision({ verdict: 'reject', note: 'Closed account', reasonCode: 'OTHER' })).toBe(true);
    const { actor, server } = start();
    actor.send({ type: 'rejection.opened', withdrawalId: 'w-2' });
    actor.send({ type: 'decision.sent', withdrawalId: 'w-2', decision: { verdict: 'reject', note: '  ', reasonCode: 'DUPLICATE_REQUEST' } });
    expect(server.calls).toEqual([{ withdrawalId: 'w-2', decision: { verdict: 'reject', note: '', reasonCode: 'DUPLICATE_REQUEST' } }]);
  });
});
