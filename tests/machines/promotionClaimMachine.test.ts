import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { promotionClaimMachine, type PromotionClaim } from '../../machines/promotionClaimMachine';
import { DELAYS } from '../../src/contract/constants';
import { handAnsweredCall } from './helpers/handAnsweredCall';

function start() {
  const clock = new SimulatedClock();
  const server = handAnsweredCall<{ amount: number }, { claim: PromotionClaim }>();
  const announced: string[] = [];
  const actor = createActor(
    promotionClaimMachine.provide({
      actors: { claimPromotion: server.actor },
      actions: {
        announceClaimed: (_, { claim, amount }) => void announced.push(`${claim} received ${amount}`),
        announceNothingClaimed: (_, { claim }) => void announced.push(`${claim} nothing`),
        announceRefused: (_, { claim, code }) => void announced.push(`${claim} refused ${code}`),
      },
    }),
    { clock },
  ).start();
  /** Confirms the claim, and lets the 0.2 s before the call pass (SPEC section 9). */
  const confirm = () => {
    actor.send({ type: 'claim.confirmed' });
    clock.increment(DELAYS.spinnerCallMs);
  };
  return { actor, server, announced, confirm, clock, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

const conditions = { success: 300, fail: 50 };

describe('promotionClaimMachine', () => {
  it('invite: the conditions dialog, then one claim, claimed with the amount the server answered', async () => {
    const { actor, server, announced, clock, state, context } = start();
    expect(actor.getSnapshot().can({ type: 'claim.confirmed' })).toBe(false);
    actor.send({ type: 'claim.opened', claim: 'invite', conditions });
    expect(state()).toBe('confirming');
    expect(context()).toEqual({ claim: 'invite', conditions, amount: null, refusal: null });
    expect(server.calls).toEqual([]);

    // The spinner shows at once; the call goes out about 0.2 s later (SPEC section 9).
    actor.send({ type: 'claim.confirmed' });
    expect(state()).toEqual({ claiming: 'waiting' });
    clock.increment(DELAYS.spinnerCallMs - 1);
    expect(server.calls).toEqual([]);
    clock.increment(1);
    expect(state()).toEqual({ claiming: 'sending' });
    expect(server.calls).toEqual([{ claim: 'invite' }]);
    await server.succeed({ amount: 100 });
    expect(state()).toBe('claimed');
    expect(context().amount).toBe(100);
    expect(announced).toEqual(['invite received 100']);
  });

  it('a double click on confirm claims once', async () => {
    const { actor, server, announced, confirm } = start();
    actor.send({ type: 'claim.opened', claim: 'refund', conditions });
    actor.send({ type: 'claim.confirmed' });
    confirm();
    actor.send({ type: 'claim.opened', claim: 'invite', conditions });
    actor.send({ type: 'claim.cancelled' });
    expect(actor.getSnapshot().can({ type: 'claim.confirmed' })).toBe(false);
    expect(server.calls).toEqual([{ claim: 'refund' }]);
    await server.succeed({ amount: 35.5 });
    expect(server.calls).toHaveLength(1);
    expect(announced).toEqual(['refund received 35.5']);
  });

  it('a claim answered with 0 is claimed with 0 and announced as nothing received, not as money', async () => {
    const { actor, server, announced, confirm, state, context } = start();
    actor.send({ type: 'claim.opened', claim: 'invite', conditions });
    confirm();
    await server.succeed({ amount: 0 });
    expect(state()).toBe('claimed');
    expect(context().amount).toBe(0);
    expect(announced).toEqual(['invite nothing']);
  });

  it("a refusal reaches refused with the server's code; the member may open the claim again", async () => {
    const { actor, server, announced, confirm, state, context } = start();
    actor.send({ type: 'claim.opened', claim: 'invite', conditions });
    confirm();
    await server.refuse('NO_INVITEE_PLAY_INFO');
    expect(state()).toBe('refused');
    expect(context()).toMatchObject({ claim: 'invite', refusal: 'NO_INVITEE_PLAY_INFO', amount: null });
    expect(announced).toEqual(['invite refused NO_INVITEE_PLAY_INFO']);

    actor.send({ type: 'claim.opened', claim: 'refund', conditions: { success: 0, fail: 0 } });
    expect(state()).toBe('confirming');
    expect(context()).toEqual({ claim: 'refund', conditions: { success: 0, fail: 0 }, amount: null, refusal: null });
    confirm();
    expect(server.calls).toEqual([{ claim: 'invite' }, { claim: 'refund' }]);
  });

  it('a failure that carries no code (no answer at all) is refused as NETWORK_ERROR, as the money machines read it', async () => {
    const { actor, server, announced, confirm, context } = start();
    actor.send({ type: 'claim.opened', claim: 'refund', conditions });
    confirm();
    await server.rejectWith(new TypeError('Failed to fetch'));
    expect(context().refusal).toBe('NETWORK_ERROR');
    expect(announced).toEqual(['refund refused NETWORK_ERROR']);
  });

  it('cancelled before confirming: nothing is sent', () => {
    const { actor, server, state, context } = start();
    actor.send({ type: 'claim.opened', claim: 'refund', conditions });
    actor.send({ type: 'claim.cancelled' });
    expect(state()).toBe('idle');
    expect(context()).toEqual({ claim: null, conditions: null, amount: null, refusal: null });
    expect(server.calls).toEqual([]);
  });
});
