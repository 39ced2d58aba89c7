import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { refuse } from '../../errors';

/** Passwords are kept as argon2id hashes (the library's defaults: 64 MiB, 3 passes). */
const OPTIONS = { type: argon2.argon2id } as const;

export const PASSWORD_MIN_LENGTH = 6;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows: a login for an unknown phone verifies against it, so it
 * costs the same time as a wrong password and the answer time does not tell which it was.
 */
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

/** SPEC leaves the server's rules open; ours: at least 6 characters (INVALID_USER_INFO). */
export function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) refuse('INVALID_USER_INFO', 'password too short');
}
