import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for socket.io-client's io(): records each connection made and whether it was closed. */
const made: { auth: unknown; connected: boolean; disconnected: boolean }[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: { auth: unknown; autoConnect: boolean }) => {
    expect(options.autoConnect).toBe(false);
    const record = { auth: options.auth, connected: false, disconnected: false };
    made.push(record);
    return {
      on: () => undefined,
      off: () => undefined,
      connect: () => {
        record.connected = true;
      },
      disconnect: () => {
        record.disconnected = true;
      },
      io: { on: () => undefined, off: () => undefined },
    };
  },
}));

// The task the socket connects in comes when the test says so.
const tasks: (() => void)[] = [];
vi.mock('../../src/client/api/nextTask', () => ({ nextTask: () => new Promise<void>((resolve) => tasks.push(resolve)) }));
const nextTaskComes = async () => {
  for (const resolve of tasks.splice(0)) resolve();
  await Promise.resolve();
};

const { holdMemberSocket } = await import('../../src/client/realtime/memberSocket');

describe("the member's one socket per page", () => {
  beforeEach(() => {
    made.length = 0;
    tasks.length = 0;
  });

  it('is one connection for every holder, opened in a task after theirs, closed when the last lets go', async () => {
    const wallet = holdMemberSocket('token-a');
    const bonus = holdMemberSocket('token-a');
    expect(made).toHaveLength(1);
    expect(made[0].connected).toBe(false);
    await nextTaskComes();
    expect(made[0].connected).toBe(true);
    expect(bonus.socket).toBe(wallet.socket);
    wallet.release();
    wallet.release(); // a second release by the same holder counts once
    expect(made[0].disconnected).toBe(false);
    bonus.release();
    expect(made[0].disconnected).toBe(true);
  });

  it('opens again for a holder after the last let go, and anew for a new token', async () => {
    const first = holdMemberSocket('token-a');
    first.release();
    await nextTaskComes();
    // Let go before its task came: it never connected.
    expect(made[0].connected).toBe(false);
    const again = holdMemberSocket('token-a');
    expect(made).toHaveLength(2);
    const renewed = holdMemberSocket('token-b');
    expect(made).toHaveLength(3);
    expect(made[2].auth).toEqual({ token: 'token-b' });
    // The old token's socket stays until its holder lets go (its effect runs again with the new token).
    expect(made[1].disconnected).toBe(false);
    again.release();
    expect(made[1].disconnected).toBe(true);
    expect(made[2].disconnected).toBe(false);
    renewed.release();
    expect(made[2].disconnected).toBe(true);
  });
});
