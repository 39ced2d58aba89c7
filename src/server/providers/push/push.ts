/** What a push shows and opens (the service worker reads exactly these four). */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen the notification opens, a path of the member app (/user/home...). */
  url: string;
  /** Notifications of one tag replace each other on the device. */
  tag: string;
}

/** The application server's VAPID key pair (RFC 8292), base64url, and its contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** One push to one browser subscription. */
export interface PushMessage {
  memberId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: string;
  payload: PushPayload;
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
}

/**
 * How a push service answered: `sent` (2xx), `gone` (404 or 410: the subscription no longer exists
 * and must be forgotten), or `failed` (anything else, a timeout or no answer).
 */
export type PushOutcome = { status: 'sent' } | { status: 'gone'; statusCode: number } | { status: 'failed'; statusCode?: number; reason: string };

/** Encrypts (RFC 8291) and hands a push to the browser's push service. Never throws: the outcome says. */
export interface PushDelivery {
  deliver(message: PushMessage, vapid: VapidKeys): Promise<PushOutcome>;
}
