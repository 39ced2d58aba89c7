import { lazy, Suspense, useSyncExternalStore } from 'react';
import { withAllStrings } from '../i18n';
import { appUpdate } from './appUpdate';

// The notice and its strings load with the first news of a new version, never before.
const UpdatePrompt = lazy(withAllStrings(() => import('./UpdatePrompt')));

/** Where the new-version notice appears, on every page of the member app (issue 32). */
export function AppUpdateSlot() {
  const actor = useSyncExternalStore(appUpdate.subscribe, appUpdate.actor, appUpdate.actor);
  if (!actor) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt actor={actor} />
    </Suspense>
  );
}
