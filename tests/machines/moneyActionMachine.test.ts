import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  AUTO_RETRY,
  failureOf,
  moneyActionMachine,
  PENDING_RETRY,
  sameRequest,
  type MoneyActionEvent,
  type MoneyAnswer,
  type MoneyCallInput,
  type MoneyRequest,
} from '../../machines/moneyActionMachine';

/** A call the test answers by hand, recording each request and the key it carried. */
function fakeServer() {
  const calls: MoneyCallInput[] = [];
  let pending: { resolve: (a: MoneyAnswer) => void; reject: (e: unknown) => void } | undefined;
  const actor = fromPromise<MoneyAnswer, MoneyCallInput>(
    ({ input }) =>
      new Promise<MoneyAnswer>((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
  );
  const settle = async (fn: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    if (!p) throw new Error('no call in flight');
    pending = undefined;
    fn(p);
    // Let the promise's continuation reach the machine.
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    calls,
    actor,
    inFlight: () => pending !== undefined,
    succeed: (result: unknown = { wallet: { amount: 700 } }) => settle((p) => p.resolve({ status: 'done', result })),
    pending: () => settle((p) => p.resolve({ status: 'pending' })),
    fail: (code: string) => settle((p) => p.reject(Object.assign(new Error(code), { code }))),
  };
}

const transfer: MoneyRequest = { operation: 'transfer', from: 'wallet', to: 'PG', amount: 300 };

/** The page's connection as the machine hears it: the test says when it comes back, to whoever waits then. */
function fakeConnection() {
  const waiting = new Set<(event: MoneyActionEvent) => void>();
  const actor = fromCallback<MoneyActionEvent>(({ sendBack }) => {
    waiting.add(sendBack);
    return () => waiting.delete(sendBack);
  });
  return {
    actor,
    waiting: () => waiting.size,
    restore: () => {
      for (const sendBack of [...waiting]) sendBack({ type: 'connection.restored' });
    },
  };
}

function start() {
  const server = fakeServer();
  const connection = fakeConnection();
  const clock = new SimulatedClock();
  let keys = 0;
  const machine = moneyActionMachine.provide({
    actors: { submitMoneyAction: server.actor, awaitConnection: connection.actor },
    actions: { assignFreshKey: assign({ key: () => `key-${++keys}` }) },
  });
  const actor = createActor(machine, { clock }).start();
  // The top state (idle and failed have states of their own, tested below by `matches`).
  const state = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  };
  return { server, connection, clock, actor, state, keysMade: () => keys };
}

describe('moneyActionMachine', () => {
  it('success: one call with a fresh key, then done with the answer; acknowledging forgets the action', async () => {
    const { server, actor, state } = start();
    expect(actor.getSnapshot().can({ type: 'action.confirmed', request: transfer })).toBe(true);

    actor.send({ type: 'action.confirmed', request: transfer });
    expect(state()).toBe('submitting');
    expect(actor.getSnapshot().can({ type: 'action.confirmed', request: transfer })).toBe(false);
    expect(server.calls).toEqual([{ request: transfer, key: 'key-1' }]);

    await server.succeed({ wallet: { amount: 700 } });
    expect(state()).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ wallet: { amount: 700 } });

    actor.send({ type: 'result.acknowledged' });
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ key: null, request: null, result: null });
  });

  it('a new press after success is a new action with a new key, even for the same request', async () => {
    const { server, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.succeed();
    actor.send({ type: 'result.acknowledged' });
    actor.send({ type: 'action.confirmed', request: transfer });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-2']);
  });

  it("refusal: failed with the server's code; no retry; the next press is a new action", async () => {
    const { server, actor, state } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('MONEY_NOT_ENOUGH');
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'MONEY_NOT_ENOUGH', outcomeUnknown: false });
    expect(actor.getSnapshot().can({ type: 'action.retried' })).toBe(false);

    actor.send({ type: 'result.acknowledged' });
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context.key).toBeNull();
    actor.send({ type: 'action.confirmed', request: transfer });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-2']);
  });

  it('TRANSFER_FAIL is a final answer too (the money is back in the wallet)', async () => {
    const { server, actor, state } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('TRANSFER_FAIL');
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'TRANSFER_FAIL', outcomeUnknown: false });
  });

  it('network error, then retry: the SAME key is sent again, and success ends it', async () => {
    const { server, actor, state, keysMade } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'NETWORK_ERROR', outcomeUnknown: true });
    expect(actor.getSnapshot().can({ type: 'action.retried' })).toBe(true);

    actor.send({ type: 'action.retried' });
    expect(state()).toBe('submitting');
    expect(server.calls).toEqual([
      { request: transfer, key: 'key-1' },
      { request: transfer, key: 'key-1' },
    ]);
    expect(keysMade()).toBe(1);
    await server.succeed();
    expect(state()).toBe('done');
  });

  it('timeout, alert closed, the member confirms the same request again: same key', async () => {
    const { server, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('TIMEOUT');
    actor.send({ type: 'result.acknowledged' });
    expect(actor.getSnapshot().matches({ idle: 'settled' })).toBe(true);
    actor.send({ type: 'action.confirmed', request: { ...transfer } });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });

  it('timeout, then a changed amount: a new action with a new key', async () => {
    const { server, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('TIMEOUT');
    actor.send({ type: 'result.acknowledged' });
    actor.send({ type: 'action.confirmed', request: { ...transfer, amount: 250 } });
    expect(server.calls.map((c) => [c.key, c.request.amount])).toEqual([
      ['key-1', 300],
      ['key-2', 250],
    ]);
  });

  it('202 pending: waits, retries automatically with the same key, and succeeds after pending', async () => {
    const { server, clock, actor, state } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.pending();
    expect(state()).toBe('pendingRetry');
    expect(actor.getSnapshot().can({ type: 'action.confirmed', request: transfer })).toBe(false);

    clock.increment(PENDING_RETRY.delayMs - 1);
    expect(server.inFlight()).toBe(false);
    expect(server.calls).toHaveLength(1);
    clock.increment(1);
    expect(state()).toBe('submitting');
    expect(server.calls).toHaveLength(2);

    await server.pending();
    clock.increment(PENDING_RETRY.delayMs);
    expect(server.calls).toHaveLength(3);

    await server.succeed({ wallet: { amount: 700 }, slots: [{ code: 'PG', amount: 300 }] });
    expect(state()).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ wallet: { amount: 700 }, slots: [{ code: 'PG', amount: 300 }] });
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set(['key-1']));
    expect(server.calls.every((c) => sameRequest(c.request, transfer))).toBe(true);
  });

  it('202 pending, then a refusal: failed with the final answer', async () => {
    const { server, clock, actor, state } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.pending();
    clock.increment(PENDING_RETRY.delayMs);
    await server.fail('TRANSFER_FAIL');
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.failure?.code).toBe('TRANSFER_FAIL');
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });

  it('still pending after about a minute: stops waiting, says so, and a retry keeps the key', async () => {
    const { server, clock, actor, state } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    for (let answer = 1; answer < PENDING_RETRY.maxPendingAnswers; answer += 1) {
      await server.pending();
      expect(state()).toBe('pendingRetry');
      clock.increment(PENDING_RETRY.delayMs);
    }
    await server.pending();
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'TRANSFER_PENDING', outcomeUnknown: true });
    expect(server.calls).toHaveLength(PENDING_RETRY.maxPendingAnswers);
    const waited = (PENDING_RETRY.maxPendingAnswers - 1) * PENDING_RETRY.delayMs;
    expect(waited).toBeGreaterThanOrEqual(50_000);
    expect(waited).toBeLessThanOrEqual(65_000);

    // Nothing more happens by itself.
    clock.increment(10 * PENDING_RETRY.delayMs);
    expect(server.calls).toHaveLength(PENDING_RETRY.maxPendingAnswers);

    actor.send({ type: 'action.retried' });
    expect(server.calls.at(-1)?.key).toBe('key-1');
    await server.succeed();
    expect(state()).toBe('done');
  });

  it('a network error while waiting out a 202 keeps the key for the retry', async () => {
    const { server, clock, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.pending();
    clock.increment(PENDING_RETRY.delayMs);
    await server.fail('NETWORK_ERROR');
    actor.send({ type: 'action.retried' });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('ignores confirm while a call is in flight', async () => {
    const { server, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    actor.send({ type: 'action.confirmed', request: transfer });
    expect(server.calls).toHaveLength(1);
  });
});

describe('moneyActionMachine: offline and flaky networks (issue 32)', () => {
  it('refused offline before anything was sent: a final answer, no waiting, and the next press is a new action', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('OFFLINE');
    expect(actor.getSnapshot().matches({ failed: 'answered' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'OFFLINE', outcomeUnknown: false });
    expect(actor.getSnapshot().can({ type: 'action.retried' })).toBe(false);
    expect(connection.waiting()).toBe(0);

    actor.send({ type: 'result.acknowledged' });
    connection.restore();
    expect(actor.getSnapshot().matches({ idle: 'settled' })).toBe(true);
    actor.send({ type: 'action.confirmed', request: transfer });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-2']);
  });

  it("the answer lost on the way: waits for the connection, then asks again by itself with the same key and shows the server's stored answer", async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    expect(actor.getSnapshot().matches({ failed: 'awaitingConnection' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: { code: 'NETWORK_ERROR', outcomeUnknown: true }, mayHaveMoved: true });
    expect(connection.waiting()).toBe(1);
    expect(server.calls).toHaveLength(1);

    connection.restore();
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(connection.waiting()).toBe(0);
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
    // The server replays what it stored for the key: the transfer that had gone through.
    await server.succeed({ wallet: { amount: 700 } });
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ result: { wallet: { amount: 700 } }, mayHaveMoved: true });

    actor.send({ type: 'result.acknowledged' });
    expect(actor.getSnapshot().context).toMatchObject({ key: null, mayHaveMoved: false, autoRetries: 0 });
  });

  it('the stored answer may be a refusal: failed with it, nothing more sent', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    connection.restore();
    await server.fail('MONEY_NOT_ENOUGH');
    expect(actor.getSnapshot().matches({ failed: 'answered' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'MONEY_NOT_ENOUGH', outcomeUnknown: false });
    connection.restore();
    expect(server.calls).toHaveLength(2);
  });

  it('the alert closed while waiting: still asked again when the connection is back, and its answer shows', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    actor.send({ type: 'result.acknowledged' });
    expect(actor.getSnapshot().matches({ idle: 'awaitingConnection' })).toBe(true);
    expect(connection.waiting()).toBe(1);

    connection.restore();
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
    await server.succeed();
    expect(actor.getSnapshot().matches('done')).toBe(true);
  });

  it('a retry while still offline is refused before it is sent, and the first outcome stays unknown: same key when back', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    actor.send({ type: 'action.retried' });
    await server.fail('OFFLINE');
    expect(actor.getSnapshot().matches({ failed: 'awaitingConnection' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'OFFLINE', outcomeUnknown: true });

    // Confirming the same request again is this action too.
    actor.send({ type: 'result.acknowledged' });
    actor.send({ type: 'action.confirmed', request: { ...transfer } });
    await server.fail('OFFLINE');
    expect(actor.getSnapshot().context.failure?.outcomeUnknown).toBe(true);

    connection.restore();
    await server.succeed();
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set(['key-1']));
  });

  it('asks again by itself at most AUTO_RETRY.maxAttempts times; then the member retries, with the same key', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    for (let attempt = 0; attempt < AUTO_RETRY.maxAttempts; attempt += 1) {
      connection.restore();
      await server.fail('NETWORK_ERROR');
    }
    expect(server.calls).toHaveLength(1 + AUTO_RETRY.maxAttempts);
    connection.restore();
    expect(server.inFlight()).toBe(false);
    expect(actor.getSnapshot().matches({ failed: 'awaitingConnection' })).toBe(true);

    actor.send({ type: 'action.retried' });
    await server.succeed();
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(new Set(server.calls.map((c) => c.key))).toEqual(new Set(['key-1']));
  });

  it('a timeout or a still-pending answer is not the connection: nothing is sent by itself, the member retries', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('TIMEOUT');
    expect(actor.getSnapshot().matches({ failed: 'answered' })).toBe(true);
    expect(connection.waiting()).toBe(0);
    connection.restore();
    expect(server.calls).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'action.retried' })).toBe(true);
  });

  it('a new, different request while waiting is a new action with a new key; the old one is no longer asked', async () => {
    const { server, connection, actor } = start();
    actor.send({ type: 'action.confirmed', request: transfer });
    await server.fail('NETWORK_ERROR');
    actor.send({ type: 'result.acknowledged' });
    actor.send({ type: 'action.confirmed', request: { ...transfer, amount: 100 } });
    expect(connection.waiting()).toBe(0);
    await server.succeed();
    expect(actor.getSnapshot().context.mayHaveMoved).toBe(false);
    expect(server.calls.map((c) => [c.key, c.request.amount])).toEqual([
      ['key-1', 300],
      ['key-2', 100],
    ]);
  });
});

describe('moneyActionMachine: whole-balance actions are reviewed first (issue 27)', () => {
  const withdrawAll: MoneyRequest = { operation: 'withdrawAll', amount: 1234.5 };

  it('sends nothing until the member accepts the amount shown, then sends exactly that request', async () => {
    const { server, actor, state } = start();
    actor.send({ type: 'action.reviewed', request: withdrawAll });
    expect(state()).toBe('reviewing');
    expect(actor.getSnapshot().context.reviewing).toEqual(withdrawAll);
    expect(server.calls).toEqual([]);
    // No other action starts while one is being reviewed.
    expect(actor.getSnapshot().can({ type: 'action.confirmed', request: transfer })).toBe(false);

    actor.send({ type: 'review.accepted' });
    expect(state()).toBe('submitting');
    expect(server.calls).toEqual([{ request: withdrawAll, key: 'key-1' }]);
    expect(actor.getSnapshot().context.reviewing).toBeNull();
    await server.succeed({ wallet: { amount: 0 } });
    expect(state()).toBe('done');
  });

  it('declining sends nothing and makes no key', () => {
    const { server, actor, state, keysMade } = start();
    actor.send({ type: 'action.reviewed', request: withdrawAll });
    actor.send({ type: 'review.declined' });
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context.reviewing).toBeNull();
    expect(server.calls).toEqual([]);
    expect(keysMade()).toBe(0);
  });

  it('reviewing again what was left without a known outcome keeps its key', async () => {
    const { server, actor } = start();
    actor.send({ type: 'action.reviewed', request: withdrawAll });
    actor.send({ type: 'review.accepted' });
    await server.fail('TIMEOUT');
    actor.send({ type: 'result.acknowledged' });
    actor.send({ type: 'action.reviewed', request: withdrawAll });
    actor.send({ type: 'review.accepted' });
    expect(server.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });
});

describe('failureOf', () => {
  it('reads the code of an ApiError-like value and knows which outcomes are unknown', () => {
    expect(failureOf({ code: 'MONEY_NOT_ENOUGH' })).toEqual({ code: 'MONEY_NOT_ENOUGH', outcomeUnknown: false });
    expect(failureOf({ code: 'INTERNAL_SERVER_ERROR' })).toEqual({ code: 'INTERNAL_SERVER_ERROR', outcomeUnknown: true });
    expect(failureOf(new Error('boom'))).toEqual({ code: 'NETWORK_ERROR', outcomeUnknown: true });
  });
});

describe('sameRequest', () => {
  it('compares every field', () => {
    expect(sameRequest(transfer, { ...transfer })).toBe(true);
    expect(sameRequest(transfer, { ...transfer, to: 'JOKER' })).toBe(false);
    expect(sameRequest(transfer, { operation: 'transfer', from: 'wallet', to: 'PG' })).toBe(false);
    expect(sameRequest(null, transfer)).toBe(false);
  });
});
