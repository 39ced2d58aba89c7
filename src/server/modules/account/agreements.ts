import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Lookups } from '../lookup/lookups';

/**
 * Acceptance of the agreement (SPEC section 2: the modal records acceptance when closed), kept
 * per member and agreement version: raising the version in the operator settings asks every
 * member again.
 */
export class Agreements {
  constructor(private readonly deps: { db: Kysely<DB>; lookups: Lookups }) {}

  async status(memberId: number): Promise<{ version: number; accepted: boolean }> {
    const { version } = await this.deps.lookups.agreements();
    const row = await this.deps.db
      .selectFrom('member_agreement')
      .select('version')
      .where('member_id', '=', memberId)
      .where('version', '=', version)
      .executeTakeFirst();
    return { version, accepted: !!row };
  }

  /** Only the current version can be accepted: a page showing an older text must reload it. */
  async accept(memberId: number, version: number): Promise<void> {
    const current = await this.deps.lookups.agreements();
    if (version !== current.version) refuse('INVALID_INPUT', 'not the current agreement version');
    await this.deps.db
      .insertInto('member_agreement')
      .values({ member_id: memberId, version })
      .onConflict((oc) => oc.columns(['member_id', 'version']).doNothing())
      .execute();
  }
}
