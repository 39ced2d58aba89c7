import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_S } from '../../../contract';

const ISSUER = 'Member Wallet back office';

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) });

/** A fresh 160-bit secret (RFC 4226's recommended size), base32 as authenticator apps take it. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** The otpauth URL and its QR (PNG data URL) for enrolment. */
export async function enrolment(secret: string, label: string) {
  const otpauthUrl = totpOf(secret, label).toString();
  return { secret, otpauthUrl, qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/**
 * The 30-second step a code belongs to (one step of clock drift either way), or null when the
 * code is wrong. The caller accepts a step only once, so a code seen over a shoulder is spent.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, 'check').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

