/// <reference lib="webworker" />
import type { RouteHandlerCallback } from 'workbox-core';

/**
 * Addresses the service worker must leave to the server when a page is opened (navigations):
 * the API and its docs, socket.io, the operators' console, the sandbox's pages (the demo game's
 * launch form posts there), the project's images under /assets/, and any file (/favicon.svg).
 */
export const NOT_THE_APP: RegExp[] = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/admin(\/|$)/, /^\/sandbox(\/|$)/, /^\/assets\//, /\/[^/]+\.[^/]+$/];

/**
 * A file of the client's build: /assets/<name>-<hash>.<ext>, directly in /assets/ (the project's
 * own images live in folders below it, /assets/banks/..., and are not hashed).
 */
export const isHashedBuildFile = (pathname: string): boolean => /^\/assets\/[^/]+-[\w-]{8,}\.(js|css|woff2?|png|svg|webp|jpe?g)$/.test(pathname);

const RUNTIME_CACHE = 'assets-runtime';
/** Files of older builds go first once the cache holds this many (oldest first: Cache keeps insertion order). */
const RUNTIME_ENTRIES = 60;

const trim = async (cache: Cache) => {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - RUNTIME_ENTRIES)).map((key) => cache.delete(key)));
};

/** Cache first: a hashed file never changes, so a stored copy is always right. */
export const cacheFirst: RouteHandlerCallback = async ({ request, event }) => {
  const cache = await caches.open(RUNTIME_CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const answer = await fetch(request);
  if (answer.ok) {
    const storing = cache.put(request, answer.clone()).then(() => trim(cache));
    (event as ExtendableEvent | undefined)?.waitUntil?.(storing);
  }
  return answer;
};
