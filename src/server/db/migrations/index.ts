import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_members';

/**
 * Forward-only migrations in the order they run. A new migration is a new file added at the
 * end of this list; an applied migration is never edited.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_members': m0002,
};
