import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_members';
import * as m0003 from './0003_ledger';
import * as m0004 from './0004_games_and_payouts';
import * as m0005 from './0005_member_access';
import * as m0006 from './0006_deposits';
import * as m0007 from './0007_transfer_speed';

/**
 * Forward-only migrations in the order they run. A new migration is a new file added at the
 * end of this list; an applied migration is never edited.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_members': m0002,
  '0003_ledger': m0003,
  '0004_games_and_payouts': m0004,
  '0005_member_access': m0005,
  '0006_deposits': m0006,
  '0007_transfer_speed': m0007,
};
