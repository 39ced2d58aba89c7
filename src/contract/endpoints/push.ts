import { z } from 'zod';
import { LOCALES } from '../constants';
import { endpoint, MINUTE_MS } from '../endpoint';
import { ok } from './common';

/**
 * Web Push (issue 32): a member's device asks for the server's VAPID public key, subscribes with
 * its browser's push service and hands the subscription over; the server then sends a push after
 * a deposit is credited, a withdrawal paid or refused, an operator answers the chat, or a held
 * bonus completes. Each push's payload is JSON `{ title, body, url, tag }` in the subscription's
 * language; the service worker shows it and opens `url` on click.
 */
const tag = 'push';

/** A push service's address, as the browser's PushSubscription names it (https; the server checks the rest: PUSH_ENDPOINT_INVALID). */
const pushEndpoint = z.string().min(1).max(1024).describe("the subscription's endpoint: an https address of the browser's push service");

export const pushKey = endpoint({
  method: 'GET', path: '/api/push/key', access: 'member', tag,
  summary: "Whether this server sends pushes, and its VAPID public key (base64url) for pushManager.subscribe's applicationServerKey; enabled false: no opt-in",
  response: z.object({ enabled: z.boolean(), publicKey: z.string().nullable() }),
  rateLimit: { per: 'member', max: 60, windowMs: MINUTE_MS },
});

export const pushSubscribe = endpoint({
  method: 'PUT', path: '/api/push/subscription', access: 'member', tag,
  summary: "Keep this device's push subscription for the caller, its texts in `language` (sent again when the member changes language). An endpoint another member subscribed moves to the caller (a shared phone); a member keeps the few newest (PUSH_SUBSCRIPTIONS_PER_MEMBER). PUSH_OFF when the server sends no push, PUSH_ENDPOINT_INVALID, PUSH_KEYS_INVALID (p256dh: 65 bytes, auth: 16, base64url)",
  body: z.object({
    endpoint: pushEndpoint,
    keys: z.object({
      p256dh: z.string().min(1).max(200).describe("the browser's P-256 public key, base64url (65 bytes)"),
      auth: z.string().min(1).max(100).describe('the authentication secret, base64url (16 bytes)'),
    }),
    language: z.enum(LOCALES),
  }),
  response: ok,
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const pushUnsubscribe = endpoint({
  method: 'DELETE', path: '/api/push/subscription', access: 'member', tag,
  summary: "Forget this device's push subscription (the caller's own only: another member's endpoint is left as it is); OK whether or not it was kept",
  body: z.object({ endpoint: pushEndpoint }),
  response: ok,
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const pushEndpoints = { pushKey, pushSubscribe, pushUnsubscribe };
