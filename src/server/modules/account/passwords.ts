import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { MEMBER_PASSWORD_MIN_LENGTH } from '../../../contract';
import type { Config } from '../../config';
import { refuse } from '../../errors';

/**
 * What one argon2id hash costs: memory in KiB and passes over it (PASSWORD_HASH_MEMORY_KIB,
 * PASSWORD_HASH_PASSES). The defaults are the library's own (64 MiB, 3 passes), the cost every
 * stored hash had before it was configurable.
 */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
}

export const passwordCostOf = (config: Pick<Config, 'PASSWORD_HASH_MEMORY_KIB' | 'PASSWORD_HASH_PASSES'>): PasswordCost => ({
  memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
  passes: config.PASSWORD_HASH_PASSES,
});

export const PASSWORD_MIN_LENGTH = MEMBER_PASSWORD_MIN_LENGTH;

/**
 * Passwords are kept as argon2id hashes at the configured cost. A hash carries the cost it was
 * made at, so a hash made before the cost changed still verifies; new hashes get the new cost.
 */
export class Passwords {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.cost.memoryKib, timeCost: this.cost.passes });
  }

  /** False for a wrong password and for a stored value that is not an argon2 hash. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * A hash of nothing anyone knows, at this cost: a login for an unknown phone verifies against
   * it, so it costs the same time as a wrong password and the answer time does not tell which it was.
   */
  dummyHash(): Promise<string> {
    return (this.dummy ??= this.hash(randomBytes(16).toString('hex')));
  }
}

/**
 * SPEC leaves the server's rules open; ours: at least 6 characters, wherever a password is set
 * (registration, change, reset). The refusal names the rule (PASSWORD_TOO_SHORT), so the member
 * is told what to fix rather than that "some information is wrong".
 */
export function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) refuse('PASSWORD_TOO_SHORT');
}
