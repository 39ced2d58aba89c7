/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheFirst, isHashedBuildFile, NOT_THE_APP } from './sw/routes';
import { listenForPush } from './sw/push-events';

/**
 * The service worker of the installable app (issue 32), built by vite-plugin-pwa (injectManifest)
 * into /sw.js. It keeps the member app's shell and chunks, so the app opens on a phone with no
 * network and shows its offline banner; it never answers for the API: money, the service switch
 * and sessions are always the server's of this moment (no route here matches /api/).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The member app's shell and chunks, as the build listed them (vite.config.ts: not the console's,
// nor the demo game's or the prize showcase's).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page of the app opened by its address (/user/home, /login) is the precached index.html, online
// or not; the server's own pages (the API, its docs, the console, the sandbox's) are never taken.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }));

// The chunks left out of the precache, and those of a build this worker does not know, when first
// used: their names carry their content's hash, so a copy never goes stale.
registerRoute(({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isHashedBuildFile(url.pathname), cacheFirst);

// registerType 'prompt': a new version waits until the member taps Update (pwa/serviceWorker.ts
// sends this), or until every page of the old one is closed.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

listenForPush(self);
