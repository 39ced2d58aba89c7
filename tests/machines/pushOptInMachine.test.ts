import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Locale } from '../../src/contract/constants';
import { pushOptInMachine, type DeviceState, type PushSubscriptionBody } from '../../machines/pushOptInMachine';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const SUBSCRIPTION: PushSubscriptionBody = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };

interface Fakes {
  device?: DeviceState;
  key?: { enabled: boolean; publicKey: string | null };
  subscribe?: () => Promise<PushSubscriptionBody>;
  save?: () => Promise<unknown>;
  unsubscribe?: () => Promise<unknown>;
}

function start(fakes: Fakes = {}, language: Locale = 'th') {
  const calls = { subscribe: [] as string[], save: [] as { subscription: PushSubscriptionBody; language: Locale }[], unsubscribe: 0, readDevice: 0 };
  const actor = createActor(
    pushOptInMachine.provide({
      actors: {
        readDevice: fromPromise(async () => {
          calls.readDevice += 1;
          return fakes.device ?? { support: 'supported', permission: 'default', subscribed: false };
        }),
        readKey: fromPromise(async () => fakes.key ?? { enabled: true, publicKey: 'BPUBLIC' }),
        subscribe: fromPromise<PushSubscriptionBody, { publicKey: string }>(({ input }) => {
          calls.subscribe.push(input.publicKey);
          return fakes.subscribe ? fakes.subscribe() : Promise.resolve(SUBSCRIPTION);
        }),
        saveSubscription: fromPromise<unknown, { subscription: PushSubscriptionBody; language: Locale }>(({ input }) => {
          calls.save.push(input);
          return fakes.save ? fakes.save() : Promise.resolve({ message: 'OK' });
        }),
        unsubscribe: fromPromise(() => {
          calls.unsubscribe += 1;
          return fakes.unsubscribe ? fakes.unsubscribe() : Promise.resolve();
        }),
      },
    }),
    { input: { language } },
  ).start();
  return { actor, calls, state: () => actor.getSnapshot().value };
}

describe('push opt-in', () => {
  it.each([
    ['the server sends no push', { key: { enabled: false, publicKey: null } }, 'unavailable'],
    ['no push in this browser', { device: { support: 'unsupported', permission: 'default', subscribed: false } }, 'unsupported'],
    ["an iPhone's Safari outside the Home Screen", { device: { support: 'needsInstall', permission: 'default', subscribed: false } }, 'needsInstall'],
    ['notifications denied', { device: { support: 'supported', permission: 'denied', subscribed: true } }, 'blocked'],
    ['granted and subscribed', { device: { support: 'supported', permission: 'granted', subscribed: true } }, 'on'],
    ['granted but not subscribed', { device: { support: 'supported', permission: 'granted', subscribed: false } }, 'off'],
    ['never asked', {}, 'off'],
  ] as [string, Fakes, string][])('checks the device and the server first: %s is %s', async (_what, fakes, expected) => {
    const run = start(fakes);
    expect(run.state()).toEqual({ checking: 'device' });
    await settle();
    await settle();
    expect(run.state()).toBe(expected);
  });

  it("turns on: subscribes with the server's key, then saves the subscription in the member's language", async () => {
    const run = start();
    await settle(); await settle();
    run.actor.send({ type: 'language.changed', language: 'la' });
    run.actor.send({ type: 'push.toggled' });
    expect(run.state()).toEqual({ turningOn: 'subscribing' });
    await settle(); await settle();
    expect(run.calls.subscribe).toEqual(['BPUBLIC']);
    expect(run.calls.save).toEqual([{ subscription: SUBSCRIPTION, language: 'la' }]);
    expect(run.state()).toBe('on');
  });

  it('is blocked when the member denies the browser, and back off when they only close its question', async () => {
    const denied = start({ subscribe: () => Promise.reject(new CodedError('PERMISSION_DENIED')) });
    await settle(); await settle();
    denied.actor.send({ type: 'push.toggled' });
    await settle(); await settle();
    expect(denied.state()).toBe('blocked');
    expect(denied.calls.save).toEqual([]);
    expect(denied.actor.getSnapshot().can({ type: 'push.toggled' })).toBe(false);

    const dismissed = start({ subscribe: () => Promise.reject(new CodedError('PERMISSION_DISMISSED')) });
    await settle(); await settle();
    dismissed.actor.send({ type: 'push.toggled' });
    await settle(); await settle();
    expect(dismissed.state()).toBe('off');
  });

  it("fails with the server's code when saving is refused, and checks again on the next toggle", async () => {
    const run = start({ save: () => Promise.reject(new CodedError('PUSH_ENDPOINT_INVALID')) });
    await settle(); await settle();
    run.actor.send({ type: 'push.toggled' });
    await settle(); await settle(); await settle();
    expect(run.state()).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toBe('PUSH_ENDPOINT_INVALID');
    run.actor.send({ type: 'push.toggled' });
    expect(run.state()).toEqual({ checking: 'device' });
    expect(run.actor.getSnapshot().context.error).toBeNull();
    await settle(); await settle();
    expect(run.calls.readDevice).toBe(2);
    expect(run.state()).toBe('off');
  });

  it('turns off through the unsubscribe actor; a failure is told', async () => {
    const run = start({ device: { support: 'supported', permission: 'granted', subscribed: true } });
    await settle(); await settle();
    run.actor.send({ type: 'push.toggled' });
    expect(run.state()).toBe('turningOff');
    await settle();
    expect(run.calls.unsubscribe).toBe(1);
    expect(run.state()).toBe('off');

    const failing = start({ device: { support: 'supported', permission: 'granted', subscribed: true }, unsubscribe: () => Promise.reject(new CodedError('NETWORK_ERROR')) });
    await settle(); await settle();
    failing.actor.send({ type: 'push.toggled' });
    await settle(); await settle();
    expect(failing.state()).toBe('failed');
    expect(failing.actor.getSnapshot().context.error).toBe('NETWORK_ERROR');
  });

  it('offers no switch while it cannot act: checking, unsupported, needing install, in flight', async () => {
    const run = start({ device: { support: 'needsInstall', permission: 'default', subscribed: false } });
    expect(run.actor.getSnapshot().can({ type: 'push.toggled' })).toBe(false);
    await settle(); await settle();
    expect(run.actor.getSnapshot().can({ type: 'push.toggled' })).toBe(false);
    const slow = start({ subscribe: () => new Promise(() => undefined) });
    await settle(); await settle();
    slow.actor.send({ type: 'push.toggled' });
    expect(slow.actor.getSnapshot().can({ type: 'push.toggled' })).toBe(false);
  });
});
