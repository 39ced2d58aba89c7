import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * How every SMS code is made and kept, for registration and for password resets alike: 6 random
 * digits; a token the client holds, stored only as its SHA-256; the code stored only as an HMAC
 * keyed by that token, so a copy of the table reveals neither; a short reference the SMS and
 * the page both show, so the member can tell two messages apart.
 */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const codeHash = (token: string, code: string) => createHmac('sha256', token).update(code).digest('hex');

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newRef = () => Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newToken = () => randomBytes(24).toString('base64url');
