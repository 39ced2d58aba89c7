import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';

/** The guest's chat id (SPEC sections 3, 6): made once from crypto randomness and kept on the device. */
export function chatGuestId(): string {
  const stored = readLocal(STORAGE_KEYS.chatGuestId);
  if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  writeLocal(STORAGE_KEYS.chatGuestId, id);
  return id;
}
