import { loadConfig } from '../../../src/server/config';

/**
 * The cost tests hash passwords at (argon2id, 1 MiB and one pass: about a millisecond). At
 * production's cost (64 MiB, 3 passes: over a second on a busy machine) the login, admin and
 * profile tests spent most of their time hashing. A hash records its own cost, so checking one
 * works alike at any cost; what production's cost is, and that it stays the default, is
 * checked in passwords.test.ts.
 */
export const TEST_PASSWORD_COST = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' } as const;

/** The configuration's defaults, for a test that needs a hash to take as long as production's. */
const defaults = loadConfig({});
export const PRODUCTION_PASSWORD_COST = {
  PASSWORD_HASH_MEMORY_KIB: String(defaults.PASSWORD_HASH_MEMORY_KIB),
  PASSWORD_HASH_PASSES: String(defaults.PASSWORD_HASH_PASSES),
} as const;
