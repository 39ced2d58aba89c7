import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AccountDirectory } from '../../ledger/accounts';
import { IdempotencyKeys } from '../../ledger/idempotency';
import type { GameProvider } from '../../providers/games/adapter';
import type { PayoutProvider } from '../../providers/payout/adapter';

/** Everything the money operations (transfers, withdrawals, reconciler) work with. */
export interface MoneyContext {
  db: Kysely<DB>;
  accounts: AccountDirectory;
  keys: IdempotencyKeys;
  provider(code: string): GameProvider | undefined;
  payout: PayoutProvider;
  /** Pushes an event to the member's open pages; called only after commit. */
  notify(memberId: number, event: string, payload: unknown): void;
  currencyOf(memberId: number): Promise<string>;
  /** How long we wait for a provider before the outcome is "unknown". */
  providerTimeoutMs: number;
  /** How long a request waits for a duplicate's answer before answering "in progress". */
  duplicateWaitMs: number;
}

export function createMoneyContext(options: Omit<MoneyContext, 'accounts' | 'keys' | 'currencyOf'>): MoneyContext {
  const currencies = new Map<number, string>();
  return {
    ...options,
    accounts: new AccountDirectory(),
    keys: new IdempotencyKeys(),
    // A member's currency never changes, so it is read once per process.
    async currencyOf(memberId) {
      const cached = currencies.get(memberId);
      if (cached) return cached;
      const row = await options.db.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirst();
      if (!row) throw new Error(`no member ${memberId}`);
      currencies.set(memberId, row.currency);
      return row.currency;
    },
  };
}
