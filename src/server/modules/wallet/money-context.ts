import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { Money } from '../../ledger/envelope';
import type { MemberNotices } from '../../notices/member-notices';
import type { GameProvider } from '../../providers/games/adapter';
import type { PayoutProvider } from '../../providers/payout/adapter';

/** What the wallet's own steps (transfers, withdrawals, the reconciler) add to the money envelope: the outside they call. */
export interface OutsideMoney {
  provider(code: string): GameProvider | undefined;
  payout: PayoutProvider;
  /** How long we wait for a provider before the outcome is "unknown". */
  providerTimeoutMs: number;
}

export type MoneyContext = Money & OutsideMoney;

export function createMoneyContext(options: OutsideMoney & {
  db: Kysely<DB>;
  /** Pushes an event to the member's open pages; the envelope calls it only after commit. */
  publish(memberId: number, event: string, payload: unknown): void;
  duplicateWaitMs: number;
  /** Where steps' notices go after commit (`step.tell`). */
  notices?: MemberNotices;
}): MoneyContext {
  const money = new Money(options.db, options.publish, options.duplicateWaitMs, options.notices);
  return Object.assign(money, { provider: options.provider, payout: options.payout, providerTimeoutMs: options.providerTimeoutMs });
}
