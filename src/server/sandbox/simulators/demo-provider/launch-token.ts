import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The demo provider's launch tokens: `base64url(json claim) + '.' + base64url(hmac)`. A launch
 * link carries one instead of the player's name, so seeing a username (or an old link) is not
 * enough to play. The claim names the provider and player, expires, and is bound to the player's
 * password at the time, so a password reset ends every link given out before it.
 */
export interface LaunchClaim {
  provider: string;
  username: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  /** A fingerprint of the player's password when the link was made. */
  pw: string;
}

// Domain separation from the provider protocol's request signatures, made with the same secret.
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`launch-token.${payload}`).digest();

export const passwordFingerprint = (password: string) => createHash('sha256').update(password).digest('base64url').slice(0, 16);

export function signLaunchToken(secret: string, claim: LaunchClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claim of a well-signed, unexpired token; undefined for anything else. */
export function readLaunchToken(secret: string, token: string, now: number): LaunchClaim | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claim: Partial<LaunchClaim>;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { provider, username, exp, pw } = claim;
  if (typeof provider !== 'string' || typeof username !== 'string' || typeof exp !== 'number' || typeof pw !== 'string') return undefined;
  if (exp <= now) return undefined;
  return { provider, username, exp, pw };
}
