import { createActor } from 'xstate';
import { appUpdateMachine } from '../../../machines/appUpdateMachine';

/** The new-version notice's actor with the service worker's effects (./serviceWorker.ts). */
export const createUpdateActor = (effects: { activateWaitingWorker: () => void; reloadPage: () => void }) =>
  createActor(
    appUpdateMachine.provide({
      actions: { activateWaitingWorker: effects.activateWaitingWorker, reloadPage: effects.reloadPage },
    }),
  ).start();
