import type { Locale } from '../../contract/constants';
import type { DeviceState, PushSubscriptionBody } from '../../../machines/pushOptInMachine';
import { call, endpoints } from '../api';

/**
 * This device's side of Web Push (issue 32): what the browser offers, its subscription, and the
 * server's copy of it. The service worker (src/client/sw.ts, another part of issue 32) shows the
 * pushes; this code only waits for it through `navigator.serviceWorker.ready`.
 */

/** How long to wait for the service worker: without one (a development build) there is no push. */
const WORKER_WAIT_MS = 4_000;

class PushDeviceError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** iOS offers push only to a web app added to the Home Screen (Safari 16.4 and later). */
function isIosOutsideHomeScreen(): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}

function support(): DeviceState['support'] {
  const has = 'serviceWorker' in navigator && 'Notification' in window && 'PushManager' in window;
  if (has) return 'supported';
  return isIosOutsideHomeScreen() ? 'needsInstall' : 'unsupported';
}

/** The service worker's registration, or null when none comes within WORKER_WAIT_MS. */
async function registration(waitMs = WORKER_WAIT_MS): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), waitMs); });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const bodyOf = (subscription: PushSubscription): PushSubscriptionBody => {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
};

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** Support, permission and whether this browser holds a subscription (the `readDevice` actor). */
export async function readDevice(): Promise<DeviceState> {
  const kind = support();
  if (kind !== 'supported') return { support: kind, permission: 'default', subscribed: false };
  const permission = Notification.permission;
  const reg = await registration();
  if (!reg) return { support: 'unsupported', permission, subscribed: false };
  return { support: 'supported', permission, subscribed: (await reg.pushManager.getSubscription()) !== null };
}

/** The server's key (the `readKey` actor). */
export const readKey = () => call(endpoints.pushKey);

/** Asks permission, then subscribes with the server's key (the `subscribe` actor). */
export async function subscribe(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushDeviceError('PERMISSION_DENIED');
  if (permission !== 'granted') throw new PushDeviceError('PERMISSION_DISMISSED');
  const reg = await registration();
  if (!reg) throw new PushDeviceError('NO_SERVICE_WORKER');
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's changed) cannot be reused.
  if (existing && sameKey(existing.options.applicationServerKey, key)) return bodyOf(existing);
  await existing?.unsubscribe();
  return bodyOf(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}

/** Hands the subscription to the server, its texts in `language` (the `saveSubscription` actor). */
export const saveSubscription = (subscription: PushSubscriptionBody, language: Locale) =>
  call(endpoints.pushSubscribe, { body: { ...subscription, language } });

/** The server forgets this device, then the browser drops its subscription (the `unsubscribe` actor). */
export async function unsubscribe(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await call(endpoints.pushUnsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** The subscription this browser holds when notifications are allowed; null otherwise (never asks). */
async function heldSubscription(waitMs?: number): Promise<PushSubscription | null> {
  if (support() !== 'supported' || Notification.permission !== 'granted') return null;
  const reg = await registration(waitMs);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** After a change of language, the server writes this device's pushes in it (best effort). */
export async function followLanguage(language: Locale): Promise<void> {
  const subscription = await heldSubscription();
  if (subscription) await saveSubscription(bodyOf(subscription), language);
}

/**
 * At logout, this device stops receiving the member's pushes (best effort): resolves once the
 * server's forgetting has started with the stored token; the browser drops the subscription too.
 */
export async function forgetOnLogout(): Promise<void> {
  // The member is leaving: wait for the service worker a second at most.
  const subscription = await heldSubscription(1_000);
  if (!subscription) return;
  // The call reads the token as it starts: once started, the caller may forget the token.
  void call(endpoints.pushUnsubscribe, { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  void subscription.unsubscribe().catch(() => false);
}
