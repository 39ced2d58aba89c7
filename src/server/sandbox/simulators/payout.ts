import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PayoutOrder, PayoutProvider } from '../../providers/payout/adapter';

/** The sandbox bank: pays every order at once, once per reference, and remembers it. */
export class SandboxPayout implements PayoutProvider {
  constructor(private readonly db: Kysely<DB>) {}

  async pay(order: PayoutOrder) {
    await this.db
      .insertInto('sandbox_payout')
      .values({ reference: order.reference, bank_code: order.bankCode, bank_account_no: order.bankAccountNo, amount: order.amount })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    return 'paid' as const;
  }

  async status(reference: string) {
    const row = await this.db.selectFrom('sandbox_payout').select('reference').where('reference', '=', reference).executeTakeFirst();
    return row ? ('paid' as const) : ('not_found' as const);
  }
}
