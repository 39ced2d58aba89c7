import { setup } from 'xstate';

/**
 * A new version of the installed app (issue 32): its service worker is installed and waits
 * (registerType 'prompt'); the member is told, politely, and takes it with one tap, or on the next
 * visit without one (a waiting worker takes over once no page of the old one is open).
 *
 *   idle ── update.found ──▶ available ── update.accepted ──▶ updating ── worker.controlling ──▶ reloading
 *                              │  ▲                              │
 *                              │  └──── updateTimeout (no take-over: tap again) ┘
 *                              └── update.dismissed ──▶ dismissed (a newer version: available again)
 *
 * `activateWaitingWorker` asks the waiting worker to take over (skipWaiting) and `reloadPage`
 * loads the page under it; the app provides both (src/client/pwa/serviceWorker.ts). A take-over
 * another tab asked for reloads this one too when the member has not put the notice away: its
 * code is the old version's, whose lazy chunks the server no longer has.
 */

export type AppUpdateEvent =
  | { type: 'update.found' }
  | { type: 'update.accepted' }
  | { type: 'update.dismissed' }
  | { type: 'worker.controlling' };

/** How long the new worker may take to take over before the member may tap Update again. */
export const UPDATE_TIMEOUT_MS = 10_000;

export const appUpdateMachine = setup({
  types: {
    events: {} as AppUpdateEvent,
  },
  actions: {
    activateWaitingWorker: () => {},
    reloadPage: () => {},
  },
  delays: {
    updateTimeout: UPDATE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'appUpdate',
  initial: 'idle',
  states: {
    idle: {
      on: { 'update.found': 'available' },
    },
    available: {
      on: {
        'update.accepted': 'updating',
        'update.dismissed': 'dismissed',
        'worker.controlling': 'reloading',
      },
    },
    updating: {
      entry: 'activateWaitingWorker',
      after: { updateTimeout: 'available' },
      on: { 'worker.controlling': 'reloading' },
    },
    dismissed: {
      on: { 'update.found': 'available' },
    },
    reloading: {
      type: 'final',
      entry: 'reloadPage',
    },
  },
});
