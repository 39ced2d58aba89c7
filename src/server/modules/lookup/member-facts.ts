import type { Kysely } from 'kysely';
import type { Currency } from '../../../contract';
import type { DB } from '../../db/schema';

/** What a member's own lookups depend on: the bank they registered and the currency they hold. */
export class MemberFacts {
  constructor(private readonly db: Kysely<DB>) {}

  async of(memberId: number): Promise<{ bankCode: string; currency: Currency }> {
    const row = await this.db.selectFrom('member').select(['bank_code', 'currency']).where('id', '=', memberId).executeTakeFirstOrThrow();
    return { bankCode: row.bank_code, currency: row.currency };
  }
}
