import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../src/contract/constants';

/**
 * The profile's "Notifications" switch (Web Push, issue 32), for this device. It says the truth of
 * the device and the server: `unavailable` (the server sends no push: the row is hidden),
 * `unsupported` (no service worker, Notification or PushManager), `needsInstall` (an iPhone's
 * Safari outside the Home Screen: iOS offers push only to an installed web app), `blocked` (the
 * member denied notifications: only the browser's settings can undo it), `off`, `on`, and the
 * moves between them. Effects are named actors: `readDevice` (support, permission, whether this
 * browser holds a subscription), `readKey` (the server's VAPID key), `subscribe` (asks permission,
 * then `pushManager.subscribe` through `navigator.serviceWorker.ready`), `saveSubscription` (PUT
 * to the server, in the member's language), `unsubscribe` (DELETE, then the browser's own).
 * A refusal rejects with `error.code` (PERMISSION_DENIED, PERMISSION_DISMISSED, or the server's).
 */

export type DeviceSupport = 'supported' | 'unsupported' | 'needsInstall';
export type DevicePermission = 'default' | 'granted' | 'denied';

export interface DeviceState {
  support: DeviceSupport;
  permission: DevicePermission;
  /** The browser holds a push subscription for this site. */
  subscribed: boolean;
}

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptInContext {
  language: Locale;
  device: DeviceState | null;
  publicKey: string | null;
  subscription: PushSubscriptionBody | null;
  error: string | null;
}

export type PushOptInEvent =
  | { type: 'push.toggled' }
  | { type: 'push.recheck' }
  | { type: 'language.changed'; language: Locale };

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'INTERNAL_SERVER_ERROR';

const missing = (name: string) => () => Promise.reject(new Error(`pushOptInMachine: provide the '${name}' actor`));

export const pushOptInMachine = setup({
  types: {
    context: {} as PushOptInContext,
    events: {} as PushOptInEvent,
    input: {} as { language: Locale },
  },
  actors: {
    readDevice: fromPromise<DeviceState>(missing('readDevice')),
    readKey: fromPromise<{ enabled: boolean; publicKey: string | null }>(missing('readKey')),
    subscribe: fromPromise<PushSubscriptionBody, { publicKey: string }>(missing('subscribe')),
    saveSubscription: fromPromise<unknown, { subscription: PushSubscriptionBody; language: Locale }>(missing('saveSubscription')),
    unsubscribe: fromPromise<unknown>(missing('unsubscribe')),
  },
  actions: {
    setLanguage: assign({
      language: ({ event }) => {
        assertEvent(event, 'language.changed');
        return event.language;
      },
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    noPushHere: ({ context }) => context.device?.support === 'unsupported',
    needsInstall: ({ context }) => context.device?.support === 'needsInstall',
    denied: ({ context }) => context.device?.permission === 'denied',
    subscribedHere: ({ context }) => context.device?.permission === 'granted' && context.device.subscribed,
    permissionDenied: (_, params: { code: string }) => params.code === 'PERMISSION_DENIED',
    permissionDismissed: (_, params: { code: string }) => params.code === 'PERMISSION_DISMISSED',
  },
}).createMachine({
  id: 'pushOptIn',
  context: ({ input }) => ({ language: input.language, device: null, publicKey: null, subscription: null, error: null }),
  initial: 'checking',
  on: {
    'language.changed': { actions: 'setLanguage' },
  },
  states: {
    checking: {
      initial: 'device',
      states: {
        device: {
          invoke: {
            src: 'readDevice',
            onDone: { target: 'key', actions: assign({ device: ({ event }) => event.output }) },
            onError: { target: '#pushOptIn.failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
          },
        },
        key: {
          invoke: {
            src: 'readKey',
            onDone: [
              { guard: ({ event }) => !event.output.enabled || !event.output.publicKey, target: '#pushOptIn.unavailable' },
              { target: 'decided', actions: assign({ publicKey: ({ event }) => event.output.publicKey }) },
            ],
            onError: { target: '#pushOptIn.failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
          },
        },
        decided: {
          always: [
            { guard: 'noPushHere', target: '#pushOptIn.unsupported' },
            { guard: 'needsInstall', target: '#pushOptIn.needsInstall' },
            { guard: 'denied', target: '#pushOptIn.blocked' },
            { guard: 'subscribedHere', target: '#pushOptIn.on' },
            { target: '#pushOptIn.off' },
          ],
        },
      },
    },
    /** The server sends no push: nothing to offer. */
    unavailable: {},
    unsupported: {},
    needsInstall: {
      on: { 'push.recheck': 'checking' },
    },
    blocked: {
      on: { 'push.recheck': 'checking' },
    },
    off: {
      on: {
        'push.toggled': { target: 'turningOn', actions: 'clearError' },
        'push.recheck': 'checking',
      },
    },
    turningOn: {
      initial: 'subscribing',
      states: {
        subscribing: {
          invoke: {
            src: 'subscribe',
            input: ({ context }) => ({ publicKey: context.publicKey! }),
            onDone: { target: 'saving', actions: assign({ subscription: ({ event }) => event.output }) },
            onError: [
              { guard: { type: 'permissionDenied', params: ({ event }) => ({ code: codeOf(event.error) }) }, target: '#pushOptIn.blocked' },
              // The member closed the browser's question: nothing changed.
              { guard: { type: 'permissionDismissed', params: ({ event }) => ({ code: codeOf(event.error) }) }, target: '#pushOptIn.off' },
              { target: '#pushOptIn.failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'saveSubscription',
            input: ({ context }) => ({ subscription: context.subscription!, language: context.language }),
            onDone: { target: '#pushOptIn.on' },
            onError: { target: '#pushOptIn.failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
          },
        },
      },
    },
    on: {
      on: {
        'push.toggled': { target: 'turningOff', actions: 'clearError' },
        'push.recheck': 'checking',
      },
    },
    turningOff: {
      invoke: {
        src: 'unsubscribe',
        onDone: { target: 'off', actions: assign({ subscription: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    /** Something went wrong; toggling again reads the device and the server afresh. */
    failed: {
      on: {
        'push.toggled': { target: 'checking', actions: 'clearError' },
        'push.recheck': { target: 'checking', actions: 'clearError' },
      },
    },
  },
});
