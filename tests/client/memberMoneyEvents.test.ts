import { describe, expect, it } from 'vitest';
import { listenToMemberMoney, SPIN_CHANGED, WALLET_CHANGED, type MemberSocket } from '../../src/client/realtime/memberMoneyEvents';
import { SPIN_CHANGED as SERVER_SPIN_CHANGED } from '../../src/server/modules/spin/spinwheel';
import { WALLET_CHANGED as SERVER_WALLET_CHANGED } from '../../src/server/ledger/envelope';

/** A socket the test emits on by hand, as socket.io's client would deliver the server's events. */
function fakeSocket() {
  const listeners = new Map<string, Set<() => void>>();
  const add = (event: string, listener: () => void) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(listener);
  const remove = (event: string, listener: () => void) => void listeners.get(event)?.delete(listener);
  const socket: MemberSocket = { on: add, off: remove, io: { on: (e, l) => add(`io:${e}`, l), off: (e, l) => remove(`io:${e}`, l) } };
  const emit = (event: string) => listeners.get(event)?.forEach((l) => l());
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  return { socket, emit, count };
}

describe('the member\'s money events reach every open screen (issue 27)', () => {
  it('listens to the events the server emits, by the server\'s own names', () => {
    expect(WALLET_CHANGED).toBe(SERVER_WALLET_CHANGED);
    expect(SPIN_CHANGED).toBe(SERVER_SPIN_CHANGED);
  });

  it('reloads the wallet on wallet.changed and after a reconnection, and the coins on spin.changed', () => {
    const { socket, emit } = fakeSocket();
    const heard: string[] = [];
    listenToMemberMoney(socket, () => ({ onChange: () => heard.push('wallet'), onSpinChange: () => heard.push('coins') }));
    emit('wallet.changed');
    emit('spin.changed');
    emit('io:reconnect');
    expect(heard).toEqual(['wallet', 'coins', 'wallet']);
  });

  it('calls the listeners of the moment, and stops listening when told', () => {
    const { socket, emit, count } = fakeSocket();
    let listeners = { onChange: () => heard.push('first') };
    const heard: string[] = [];
    const stop = listenToMemberMoney(socket, () => listeners);
    listeners = { onChange: () => heard.push('second') };
    emit('wallet.changed');
    // Without a coin listener, spin.changed does nothing.
    emit('spin.changed');
    expect(heard).toEqual(['second']);
    stop();
    expect(count()).toBe(0);
  });
});
