import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';

const GUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The guest id this device already chats by, or null when it never chatted (nothing is made). */
export function storedChatGuestId(): string | null {
  const stored = readLocal(STORAGE_KEYS.chatGuestId);
  return stored && GUEST_ID.test(stored) ? stored : null;
}

/** The guest's chat id (SPEC sections 3, 6): made once from crypto randomness and kept on the device. */
export function chatGuestId(): string {
  const stored = storedChatGuestId();
  if (stored) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  writeLocal(STORAGE_KEYS.chatGuestId, id);
  return id;
}
