import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { DEPOSIT_NOTICE, toMajor, toMinor, type DepositNoticeState } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB, DepositNoticeTable } from '../../db/schema';
import { DomainError } from '../../errors';
import { answerBody, type MoneyAnswer } from '../../ledger/answer';
import type { Money } from '../../ledger/envelope';
import type { DepositFacts } from '../../ledger/hooks';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { refuseOffStep, type MoneyRules } from '../../settings/money-rules';
import { accountMatches } from './accounts';

const OPERATION = 'deposit-notice';
const MINUTE = 60_000;
const LIFETIME_MS = DEPOSIT_NOTICE.lifetimeHours * 60 * MINUTE;
const MATCH_MS = DEPOSIT_NOTICE.matchMinutes * MINUTE;

/**
 * The deposit channels of a bank transfer into our accounts: the bank feed's arrivals and the
 * slips. A credit by either closes the member's notice of that amount; QR codes and True Wallet
 * are their own deposits, never "I transferred from my registered account".
 */
const TRANSFER_CHANNELS = ['bank', 'slip'];

type NoticeRow = Pick<DepositNoticeTable, 'id' | 'currency' | 'created_at' | 'expires_at' | 'closed_at'> & { amount: bigint; state: DepositNoticeState };

/** A pending notice past its expiry is expired, whether or not the sweep has marked it yet. */
const view = (n: NoticeRow, now: Date) => {
  const lapsed = n.state === 'pending' && n.expires_at.getTime() <= now.getTime();
  return {
    id: n.id, amount: toMajor(n.amount), currency: n.currency, state: lapsed ? 'expired' as const : n.state,
    createdAt: n.created_at.toISOString(), expiresAt: n.expires_at.toISOString(),
    closedAt: (lapsed ? n.expires_at : n.closed_at)?.toISOString() ?? null,
  };
};

/** A waiting transfer, as the operators' queue asks for the notices that may be it. */
export interface WaitingTransfer {
  id: string;
  amount: bigint;
  currency: string;
  transferred_at: Date;
  sender_bank: string;
  sender_account: string;
}

/**
 * The member's deposit notices (POST /api/wallet/add): "I transferred this amount from my
 * registered account". A notice credits nothing. It shows the operators which member a waiting
 * transfer of its amount may be from (`candidates`), and tells the member where the transfer
 * is: `pending` until a bank transfer of its amount is credited to the member (`closeOnCredit`,
 * in the credit's own transaction, whoever credits it: the bank feed, an operator, a slip),
 * `matched` then, `expired` after DEPOSIT_NOTICE.lifetimeHours. A notice made shortly after its
 * transfer was credited (the feed is quick) is matched at once. One credit closes one notice
 * (the deposit's ledger reference is unique on the notices); the member's row lock orders a
 * notice and a credit of the same member, so neither misses the other.
 */
export class DepositNotices {
  constructor(private readonly deps: { money: Money; rules: MoneyRules; clock: Clock }) {}

  private get money() {
    return this.deps.money;
  }

  /** Makes the notice under the member's Idempotency-Key: the same key answers the same notice. */
  async notify(request: { memberId: number; key: string; amount: bigint }): Promise<MoneyAnswer> {
    const { memberId, amount } = request;
    // Read before the step: PGlite has one connection, which the step holds.
    const currency = await this.money.currencyOf(memberId);
    const rules = await this.deps.rules.of(currency);
    const largest = Math.max(...Object.values(rules.qr).map((q) => q.maximum));
    const moved = await this.money.request(
      { memberId, key: request.key, operation: OPERATION, payload: { amount: amount.toString() } },
      async ({ trx }) => {
        refuseOffStep(rules, amount);
        if (amount > toMinor(largest)) throw new DomainError('DEPOSIT_MAXIMUM', `above ${largest} ${currency}`);
        await takeMemberTurn(trx, memberId);
        const now = this.deps.clock.now();
        const { pending } = await trx.selectFrom('deposit_notice').select(sql<string>`count(*)`.as('pending'))
          .where('member_id', '=', memberId).where('state', '=', 'pending').where('expires_at', '>', now).executeTakeFirstOrThrow();
        if (Number(pending) >= DEPOSIT_NOTICE.pendingMax) throw new DomainError('REQUEST_LIMIT', `${pending} notices pending`);
        const member = await trx.selectFrom('member').select(['bank_code', 'bank_account_no']).where('id', '=', memberId).executeTakeFirstOrThrow();
        const credited = await this.creditedJustBefore(trx, memberId, amount, now);
        const row = await trx.insertInto('deposit_notice').values({
          id: randomUUID(), member_id: memberId, amount, currency: currency as 'BAHT' | 'LAK',
          sender_bank: member.bank_code, sender_account: member.bank_account_no,
          state: credited ? 'matched' : 'pending', created_at: now, expires_at: new Date(now.getTime() + LIFETIME_MS),
          closed_at: credited ? now : null, matched_reference: credited ?? null,
        }).returning(['id', 'amount', 'currency', 'state', 'created_at', 'expires_at', 'closed_at']).executeTakeFirstOrThrow();
        return { answer: answerBody(view(row, now)) };
      },
    );
    return moved.answer;
  }

  /** The member's notices of the last two lifetimes, newest first: what the deposit dialog shows. */
  async forMember(memberId: number) {
    const now = this.deps.clock.now();
    const rows = await this.money.db.selectFrom('deposit_notice')
      .select(['id', 'amount', 'currency', 'state', 'created_at', 'expires_at', 'closed_at'])
      .where('member_id', '=', memberId).where('created_at', '>', new Date(now.getTime() - 2 * LIFETIME_MS))
      .orderBy('created_at', 'desc').limit(5).execute();
    return { notices: rows.map((r) => view(r, now)) };
  }

  /**
   * In a deposit's step (a money hook): a bank transfer credited to the member closes the
   * member's oldest pending notice of that amount.
   */
  async closeOnCredit(trx: Transaction<DB>, deposit: DepositFacts): Promise<void> {
    if (!TRANSFER_CHANNELS.includes(deposit.channel)) return;
    await takeMemberTurn(trx, deposit.memberId);
    const now = this.deps.clock.now();
    const oldest = trx.selectFrom('deposit_notice').select('id')
      .where('member_id', '=', deposit.memberId).where('state', '=', 'pending').where('amount', '=', deposit.amount)
      .where('currency', '=', deposit.currency as 'BAHT' | 'LAK').where('expires_at', '>', now)
      .orderBy('created_at').limit(1);
    await trx.updateTable('deposit_notice').set({ state: 'matched', closed_at: now, matched_reference: deposit.reference })
      .where('id', '=', oldest).where('state', '=', 'pending').execute();
  }

  /** Marks pending notices past their lifetime expired (the views already read them so). */
  async expire(): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await this.money.db.updateTable('deposit_notice').set({ state: 'expired', closed_at: now })
      .where('state', '=', 'pending').where('expires_at', '<=', now).returning('id').execute();
    return rows.length;
  }

  /**
   * For the operators' queue: each waiting transfer's pending notices of its amount and currency,
   * made from DEPOSIT_NOTICE.matchMinutes before the transfer to a lifetime after it, with
   * whether the member's registered account fits the transfer's sender.
   */
  async candidates(transfers: readonly WaitingTransfer[]) {
    const found = new Map<string, ReturnType<typeof candidateView>[]>();
    if (transfers.length === 0) return found;
    const now = this.deps.clock.now();
    const earliest = Math.min(...transfers.map((t) => t.transferred_at.getTime())) - MATCH_MS;
    const rows = await this.money.db.selectFrom('deposit_notice as n').innerJoin('member as m', 'm.id', 'n.member_id')
      .select(['n.id', 'n.member_id', 'm.name', 'm.username', 'n.amount', 'n.currency', 'n.sender_bank', 'n.sender_account', 'n.created_at', 'n.expires_at'])
      .where('n.state', '=', 'pending').where('n.expires_at', '>', now).where('n.created_at', '>=', new Date(earliest))
      .where('n.amount', 'in', [...new Set(transfers.map((t) => BigInt(t.amount)))])
      .orderBy('n.created_at').execute();
    for (const t of transfers) {
      const at = t.transferred_at.getTime();
      found.set(t.id, rows.filter((n) => BigInt(n.amount) === BigInt(t.amount) && n.currency === t.currency
        && n.created_at.getTime() >= at - MATCH_MS && n.created_at.getTime() <= at + LIFETIME_MS).map((n) => candidateView(n, t)));
    }
    return found;
  }

  /**
   * The ledger reference of a bank transfer credited to the member for this amount within
   * DEPOSIT_NOTICE.matchMinutes before now that no notice claims yet: the member tells us of a
   * transfer we already credited.
   */
  private async creditedJustBefore(trx: Transaction<DB>, memberId: number, amount: bigint, now: Date): Promise<string | undefined> {
    const row = await trx.selectFrom('ledger_entry as e').innerJoin('ledger_posting as p', 'p.entry_id', 'e.id')
      .select('e.reference')
      .where('e.member_id', '=', memberId).where('e.kind', '=', 'deposit').where('e.created_at', '>=', new Date(now.getTime() - MATCH_MS))
      .where(sql<string>`e.description ->> 'channel'`, 'in', TRANSFER_CHANNELS)
      // The wallet's posting is the one positive posting of a deposit.
      .where('p.amount', '=', amount)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deposit_notice as n').select('n.id').whereRef('n.matched_reference', '=', 'e.reference'))))
      .orderBy('e.id').limit(1).executeTakeFirst();
    return row?.reference ?? undefined;
  }
}

const candidateView = (
  n: { id: string; member_id: number; name: string; username: string; amount: bigint; sender_bank: string; sender_account: string; created_at: Date; expires_at: Date },
  t: WaitingTransfer,
) => ({
  id: n.id, memberId: n.member_id, memberName: n.name, username: n.username, amount: toMajor(n.amount),
  senderBank: n.sender_bank, senderAccount: n.sender_account,
  accountFits: n.sender_bank === t.sender_bank && accountMatches(t.sender_account, n.sender_account),
  createdAt: n.created_at.toISOString(), expiresAt: n.expires_at.toISOString(),
});
