/// <reference lib="webworker" />
import { APP_ICONS } from '../pwa/webManifest';

/**
 * Web Push (issue 32): the server sends `{ title, body, url, tag }` (its side and the member's
 * opt-in are built apart); the worker shows it, and a tap opens the app at `url`, in a window of
 * the app already open when there is one.
 */
export interface PushMessage {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

/** The message a push carries, or undefined when it is not ours (no JSON, no title). */
export const readPush = (data: { json(): unknown } | null): PushMessage | undefined => {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    if (!message || typeof message.title !== 'string' || !message.title) return undefined;
    return {
      title: message.title,
      body: typeof message.body === 'string' ? message.body : undefined,
      url: typeof message.url === 'string' ? message.url : undefined,
      tag: typeof message.tag === 'string' ? message.tag : undefined,
    };
  } catch {
    return undefined;
  }
};

/** Only the app's own pages: a push may not send the member to another site. */
export const sameOriginPath = (url: string | undefined, origin: string): string => {
  if (!url) return '/user/home';
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/user/home';
  } catch {
    return '/user/home';
  }
};

export const listenForPush = (worker: ServiceWorkerGlobalScope) => {
  worker.addEventListener('push', (event) => {
    const message = readPush(event.data);
    if (!message) return;
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: APP_ICONS.any192,
        badge: APP_ICONS.badge,
        data: { url: sameOriginPath(message.url, worker.location.origin) },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = sameOriginPath((event.notification.data as { url?: string } | null)?.url, worker.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
        if (open) {
          const focused = await open.focus();
          await focused.navigate(path).catch(() => undefined);
          return;
        }
        await worker.clients.openWindow(path);
      })(),
    );
  });
};
