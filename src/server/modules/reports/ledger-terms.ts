import { sql, type RawBuilder } from 'kysely';
import { MANUAL_ADJUSTMENTS } from '../admin/adjustments';
import { HOUSE } from '../../ledger/accounts';

/**
 * The ledger's words the reports read, in one place (see README.md for what each figure means).
 * Every entry is one member account (or two house accounts, for a paid withdrawal) against one
 * house account, so a figure is a sum of the house side of the entries of some kinds.
 */
export const LEDGER = {
  /** `deposits:<channel>`: the channel is the house account's suffix. */
  depositsPrefix: HOUSE.deposits(''),
  bankPayouts: HOUSE.bankPayouts,
  withdrawalsInFlight: HOUSE.withdrawalsInFlight,
  gameFloatPrefix: HOUSE.gameFloat(''),
  transfersInFlightPrefix: HOUSE.transfersInFlight(''),
  bonusExpense: HOUSE.bonusExpense,
  manualAdjustments: MANUAL_ADJUSTMENTS,
} as const;

/** The kinds of entry that move the bonus expense account. (`finish_bonus` books zero: it has no postings.) */
export const BONUS_KINDS = ['bonus', 'bonus_forfeit', 'spin_prize'] as const;

/**
 * What a bonus-expense entry of `e` paid for: a spin prize; an invite or refund paid straight to the
 * wallet (reference `invite:` / `refund:`) or held as a bonus whose source says so; a promotion code;
 * else a bonus. A forfeit (`bonus_forfeit`, reference `member_bonus:<id>`) carries its bonus's source,
 * so it reduces the cost of what it forfeits.
 */
export const bonusCategory = sql<string>`(case
  when e.kind = 'spin_prize' then 'spin'
  when e.reference like 'invite:%' then 'invite'
  when e.reference like 'refund:%' then 'refund'
  when e.description->>'source' in ('invite', 'refund', 'promotion') then e.description->>'source'
  else 'bonus' end)`;

/** The part of a house account code after its family's prefix (`deposits:qr` → `qr`). */
export const codeSuffix = (code: string, prefix: string) => (code.startsWith(prefix) ? code.slice(prefix.length) : code);

/**
 * The postings `h` (amount, account_id, and the account's code and currency) of each entry `e` whose account
 * `ha` meets the condition, found by the entry's id: the entries in the range drive, by the time
 * index. Joined plainly, the planner may start from the few house or member accounts and read
 * every posting they ever had; `offset 0` keeps it from flattening this back into that join.
 */
export const postingsOf = (condition: RawBuilder<unknown>) => sql`cross join lateral (
  select hp.amount, hp.account_id, ha.code, ha.currency from ledger_posting hp join ledger_account ha on ha.id = hp.account_id
  where hp.entry_id = e.id and ${condition} offset 0) h`;
