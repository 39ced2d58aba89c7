import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random (version 4) UUID; randomUUID exists only in secure contexts, so it is made from random bytes there too. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memo: string | null = null;

/**
 * This device's id (issue 30): made once and kept in localStorage, through logouts (clearSession
 * leaves it), so the operators' risk signals can see one phone behind several accounts. Where
 * storage is refused (private mode) it lives as long as the page.
 */
export function deviceId(): string {
  if (memo) return memo;
  const stored = readLocal(STORAGE_KEYS.deviceId);
  if (stored && UUID.test(stored)) return (memo = stored);
  memo = randomUuid();
  writeLocal(STORAGE_KEYS.deviceId, memo);
  return memo;
}
