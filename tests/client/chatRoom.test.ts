import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT, CHAT_EVENTS } from '../../src/contract/constants';
import { watchChatRoom, type ChatRoomSocket } from '../../src/client/chat/chatRoom';

/** A socket.io client socket as the chat uses it: the test connects and drops it, and answers the join. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: never[]) => void)[]>();
  const joins: { payload: object; ack: (answer: { ok?: boolean } | undefined) => void }[] = [];
  const socket = {
    connected: false,
    connects: 0,
    disconnected: false,
    connect() {
      this.connects += 1;
    },
    disconnect() {
      this.disconnected = true;
      this.connected = false;
    },
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit(event: string, payload: object, ack: (answer: { ok?: boolean } | undefined) => void) {
      if (event === CHAT_EVENTS.join) joins.push({ payload, ack });
    },
  };
  const fire = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  };
  return {
    socket: socket as typeof socket & ChatRoomSocket,
    joins,
    comesUp: () => {
      socket.connected = true;
      fire('connect');
    },
    goesDown: () => {
      socket.connected = false;
      fire('disconnect');
    },
    says: (message: unknown) => fire(CHAT_EVENTS.messaging, message),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the widget's chat room", () => {
  it('joins its room on connecting, and after a drop tries again every 5 s until it is back, then says it rejoined', () => {
    const net = fakeSocket();
    const handlers = { joined: vi.fn(), message: vi.fn(), rejoined: vi.fn() };
    const stop = watchChatRoom(net.socket, { room: 'support:guest:abc' }, handlers);

    net.comesUp();
    expect(net.joins.map((j) => j.payload)).toEqual([{ room: 'support:guest:abc' }]);
    net.joins[0].ack({ ok: true });
    expect(handlers.joined).toHaveBeenLastCalledWith(true);
    expect(handlers.rejoined).not.toHaveBeenCalled();

    net.says({ _id: 'm1' });
    expect(handlers.message).toHaveBeenCalledWith({ _id: 'm1' });

    // Connected: the check leaves it be.
    vi.advanceTimersByTime(3 * CHAT.socketCheckMs);
    expect(net.socket.connects).toBe(0);

    net.goesDown();
    expect(handlers.joined).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(CHAT.socketCheckMs - 1);
    expect(net.socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(net.socket.connects).toBe(1);
    vi.advanceTimersByTime(CHAT.socketCheckMs);
    expect(net.socket.connects).toBe(2);

    net.comesUp();
    net.joins[1].ack({ ok: true });
    expect(handlers.joined).toHaveBeenLastCalledWith(true);
    expect(handlers.rejoined).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CHAT.socketCheckMs);
    expect(net.socket.connects).toBe(2);

    stop();
    expect(net.socket.disconnected).toBe(true);
    vi.advanceTimersByTime(10 * CHAT.socketCheckMs);
    expect(net.socket.connects).toBe(2);
  });

  it('counts a refused join as not joined, and the first good join after it as no rejoin', () => {
    const net = fakeSocket();
    const handlers = { joined: vi.fn(), message: vi.fn(), rejoined: vi.fn() };
    watchChatRoom(net.socket, {}, handlers);
    net.comesUp();
    net.joins[0].ack({ ok: false });
    net.joins[0].ack(undefined);
    expect(handlers.joined.mock.calls).toEqual([[false], [false]]);
    net.goesDown();
    net.comesUp();
    net.joins[1].ack({ ok: true });
    expect(handlers.joined).toHaveBeenLastCalledWith(true);
    expect(handlers.rejoined).not.toHaveBeenCalled();
  });
});
