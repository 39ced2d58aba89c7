import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * A sandbox simulator's signing secret when the configuration names none: derived from the
 * database every node of the deployment shares, so a launch link made on one node opens on
 * another. Sandbox only: it signs play money and is refused in production with the rest of the
 * sandbox; a live deployment configures real providers' secrets.
 */
export function sandboxSecret(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, purpose: 'provider' | 'gateway' | 'bank-feed' | 'truewallet-feed'): string {
  const database = config.DATABASE_URL ?? path.resolve(config.DATA_DIR);
  return createHash('sha256').update(`member-wallet sandbox ${purpose} secret\n${database}`).digest('hex');
}
