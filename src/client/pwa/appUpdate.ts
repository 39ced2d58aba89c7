import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../../machines/appUpdateMachine';

/**
 * Where the running app finds the new-version notice's actor (issue 32): none until the service
 * worker (./serviceWorker.ts, loaded after the page is idle) finds a waiting new version. In the
 * entry chunk, so it holds only a reference: XState and the notice load when there is news.
 */
export type AppUpdateActor = ActorRefFrom<typeof appUpdateMachine>;

let actor: AppUpdateActor | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  actor: (): AppUpdateActor | null => actor,
  set: (next: AppUpdateActor) => {
    actor = next;
    for (const listener of listeners) listener();
  },
};
