import { describe, expect, it } from 'vitest';
import { assign, createActor, SimulatedClock } from 'xstate';
import {
  adjustmentProposalMachine,
  isValidProposal,
  type AdjustmentProposal,
  type ProposeAdjustmentInput,
} from '../../machines/adjustmentProposalMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

function start() {
  const server = handAnsweredCall<unknown, ProposeAdjustmentInput>();
  const announced: string[] = [];
  let keys = 0;
  const actor = createActor(
    adjustmentProposalMachine.provide({
      actors: { proposeAdjustment: server.actor },
      actions: {
        assignFreshKey: assign({ key: () => `key-${++keys}` }),
        announceProposed: (_, { proposal }) => void announced.push(`proposed ${proposal.direction} ${proposal.amount} for ${proposal.memberId}`),
        announceRefused: (_, { code }) => void announced.push(`refused ${code}`),
      },
    }),
    { clock: new SimulatedClock() },
  ).start();
  return {
    actor, server, announced,
    keysMade: () => keys,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    sentKeys: () => server.calls.map((c) => c.key),
  };
}

const credit: AdjustmentProposal = { memberId: 42, direction: 'credit', amount: 123.45, reason: 'Goodwill for a slow payout' };

describe('adjustmentProposalMachine', () => {
  it('proposes with a fresh key, announces once, and forgets the key after the answer', async () => {
    const { actor, server, announced, state, context } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    expect(state()).toBe('proposing');
    expect(server.calls).toEqual([{ proposal: credit, key: 'key-1' }]);
    await server.succeed({ id: 'adj-1', status: 'proposed' });
    expect(state()).toBe('proposed');
    expect(announced).toEqual(['proposed credit 123.45 for 42']);
    expect(context()).toEqual({ proposal: null, key: null, failure: null });
  });

  it('a double click proposes once', async () => {
    const { actor, server, sentKeys } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    actor.send({ type: 'proposal.submitted', proposal: credit });
    expect(actor.getSnapshot().can({ type: 'proposal.submitted', proposal: credit })).toBe(false);
    expect(sentKeys()).toEqual(['key-1']);
    await server.succeed({});
    expect(sentKeys()).toEqual(['key-1']);
  });

  it('a network error, then retry: the SAME key goes again, so the server stores one proposal', async () => {
    const { actor, server, announced, state, context, keysMade, sentKeys } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    await server.refuse('NETWORK_ERROR');
    expect(state()).toBe('failed');
    expect(context().failure).toEqual({ code: 'NETWORK_ERROR', outcomeUnknown: true });
    expect(actor.getSnapshot().can({ type: 'proposal.retried' })).toBe(true);

    actor.send({ type: 'proposal.retried' });
    expect(state()).toBe('proposing');
    await server.refuse('TIMEOUT');
    actor.send({ type: 'proposal.retried' });
    await server.succeed({});
    expect(sentKeys()).toEqual(['key-1', 'key-1', 'key-1']);
    expect(server.calls.every((c) => c.proposal.amount === 123.45)).toBe(true);
    expect(keysMade()).toBe(1);
    expect(announced).toEqual(['refused NETWORK_ERROR', 'refused TIMEOUT', 'proposed credit 123.45 for 42']);
  });

  it('submitting the same proposal again after a timeout is a retry too (same key); a changed one is new', async () => {
    const { actor, server, sentKeys } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    await server.refuse('TIMEOUT');
    actor.send({ type: 'proposal.submitted', proposal: { ...credit, reason: `  ${credit.reason} ` } });
    await server.refuse('TIMEOUT');
    actor.send({ type: 'proposal.submitted', proposal: { ...credit, amount: 100 } });
    expect(sentKeys()).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.calls[2].proposal.amount).toBe(100);
  });

  it("a final refusal reaches failed with the server's code; no retry; the next submit is a new proposal", async () => {
    const { actor, server, announced, state, context, sentKeys } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    await server.refuse('NOT_FOUND');
    expect(state()).toBe('failed');
    expect(context().failure).toEqual({ code: 'NOT_FOUND', outcomeUnknown: false });
    expect(announced).toEqual(['refused NOT_FOUND']);
    expect(actor.getSnapshot().can({ type: 'proposal.retried' })).toBe(false);
    actor.send({ type: 'proposal.retried' });
    expect(sentKeys()).toEqual(['key-1']);

    actor.send({ type: 'proposal.submitted', proposal: { ...credit, memberId: 43 } });
    expect(sentKeys()).toEqual(['key-1', 'key-2']);
  });

  it('after a success, the same proposal again is a new one with a new key', async () => {
    const { actor, server, sentKeys } = start();
    actor.send({ type: 'proposal.submitted', proposal: credit });
    await server.succeed({});
    actor.send({ type: 'proposal.submitted', proposal: credit });
    expect(sentKeys()).toEqual(['key-1', 'key-2']);
  });

  it('an incomplete proposal is not sent', () => {
    const { actor, server, state } = start();
    for (const proposal of [
      { ...credit, memberId: 0 },
      { ...credit, amount: 0 },
      { ...credit, amount: Number.NaN },
      { ...credit, reason: '   ' },
      { ...credit, reason: 'x'.repeat(501) },
    ]) {
      expect(isValidProposal(proposal)).toBe(false);
      expect(actor.getSnapshot().can({ type: 'proposal.submitted', proposal })).toBe(false);
      actor.send({ type: 'proposal.submitted', proposal });
    }
    expect(state()).toBe('editing');
    expect(server.calls).toEqual([]);
  });
});
