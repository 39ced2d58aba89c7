import { Workbox } from 'workbox-window';
import { appUpdate, type AppUpdateActor } from './appUpdate';

/**
 * Registers the installable app's service worker (/sw.js, src/client/sw.ts) in a production build,
 * loaded by main.tsx once the first page is idle, never by the console (/admin). The browser looks
 * for a new version at each load; this asks again every hour for a member who keeps the app open.
 * A new version waits (registerType 'prompt') and the notice offers it (machines/appUpdateMachine.ts).
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let update: Promise<AppUpdateActor> | undefined;
  // XState and the machine come with the first news only (the /login page stays small).
  const updateActor = () =>
    (update ??= import('./updateActor').then(({ createUpdateActor }) => {
      const actor = createUpdateActor({
        activateWaitingWorker: () => workbox.messageSkipWaiting(),
        reloadPage: () => window.location.reload(),
      });
      appUpdate.set(actor);
      return actor;
    }));

  workbox.addEventListener('waiting', () => void updateActor().then((actor) => actor.send({ type: 'update.found' })));
  // The new version took over: after a tap here, or in another tab of the app.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) void update?.then((actor) => actor.send({ type: 'worker.controlling' }));
  });

  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await workbox.register();
  } catch {
    // Blocked (a browser's private mode, a test's context) or refused: the app works without it.
    return;
  }
  if (!registration) return;
  window.setInterval(() => {
    if (navigator.onLine) void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
}
