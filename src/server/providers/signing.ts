import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 request signing shared by our HTTP adapters and the simulators that stand in
 * for the outside services: `signature = hex(hmac(secret, timestamp + '.' + body))`.
 * A signature older than `maxAgeMs` is refused, so a captured request cannot be replayed later.
 */
export function sign(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function verifySignature(secret: string, timestamp: string | undefined, body: string, signature: string | undefined, now = Date.now(), maxAgeMs = 5 * 60_000): boolean {
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > maxAgeMs) return false;
  const expected = Buffer.from(sign(secret, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
