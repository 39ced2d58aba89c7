import { sql, type Kysely, type Transaction } from 'kysely';
import type { LimitKind } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What a member used in a window of the app's time, for each kind of limit:
 * - deposit: the wallet's postings of entries 'deposit' (gross deposits, every channel);
 * - loss: money moved into games minus money moved back, never below 0: minus the wallet's postings
 *   of the transfer entries ('transfer_reserve' takes money out of the wallet toward a game,
 *   'transfer_settle' of a transfer out of a game brings it back, 'transfer_reverse' returns a failed
 *   one). Read from the wallet alone, it is known before a transfer moves money, whatever the
 *   provider reports later;
 * - session: minutes of the member's play stretches (`safer_play_activity`) inside the window.
 *
 * The ledger stamps entries with the database's time, the rules read the app's clock (the sandbox
 * and the tests move it): a window of app time is read in the ledger at the same distance from
 * the database's now, so "this day" after the clock moved a day ahead holds only what came after.
 */
export class Usage {
  constructor(private readonly clock: Clock) {}

  private ledgerTime(appTime: Date): Date {
    return new Date(appTime.getTime() - (this.clock.now().getTime() - Date.now()));
  }

  async used(db: Db, memberId: number, kind: LimitKind, from: Date, to: Date): Promise<bigint> {
    if (kind === 'session') return BigInt(await this.minutes(db, memberId, from, to));
    const kinds = kind === 'deposit' ? ['deposit'] : ['transfer_reserve', 'transfer_settle', 'transfer_reverse'];
    const { rows } = await sql<{ total: string | null }>`
      select sum(p.amount)::text as total
      from ledger_entry e
      join ledger_posting p on p.entry_id = e.id
      join ledger_account a on a.id = p.account_id and a.kind = 'wallet'
      where e.member_id = ${memberId} and e.kind in (${sql.join(kinds)})
        and e.created_at >= ${this.ledgerTime(from)} and e.created_at < ${this.ledgerTime(to)}`.execute(db);
    const total = BigInt(rows[0]?.total ?? 0);
    if (kind === 'deposit') return total;
    return total < 0n ? -total : 0n;
  }

  /** Whole minutes of play stretches overlapping [from, to). */
  async minutes(db: Db, memberId: number, from: Date, to: Date, sessionId?: string): Promise<number> {
    let query = db.selectFrom('safer_play_activity').select(['started_at', 'last_seen_at'])
      .where('member_id', '=', memberId).where('last_seen_at', '>', from).where('started_at', '<', to);
    if (sessionId) query = query.where('session_id', '=', sessionId);
    const stretches = await query.execute();
    let ms = 0;
    for (const s of stretches) ms += Math.max(0, Math.min(s.last_seen_at.getTime(), to.getTime()) - Math.max(s.started_at.getTime(), from.getTime()));
    return Math.floor(ms / 60_000);
  }

  /** Deposits minus paid withdrawals in [from, to) (the reality check's net deposits). */
  async netDeposits(db: Db, memberId: number, from: Date, to: Date): Promise<bigint> {
    const { rows } = await sql<{ total: string | null }>`
      select sum(case when e.kind = 'deposit' and a.kind = 'wallet' then p.amount
                      when e.kind = 'withdraw_paid' and a.kind = 'house' and a.code = 'bank_payouts' then -p.amount else 0 end)::text as total
      from ledger_entry e
      join ledger_posting p on p.entry_id = e.id
      join ledger_account a on a.id = p.account_id
      where e.member_id = ${memberId} and e.kind in ('deposit', 'withdraw_paid')
        and e.created_at >= ${this.ledgerTime(from)} and e.created_at < ${this.ledgerTime(to)}`.execute(db);
    return BigInt(rows[0]?.total ?? 0);
  }

  /** The game results on the member's game accounts since `from` (won +, lost -). */
  async gameResults(db: Db, memberId: number, from: Date): Promise<bigint> {
    const { rows } = await sql<{ total: string | null }>`
      select sum(p.amount)::text as total
      from ledger_entry e
      join ledger_posting p on p.entry_id = e.id
      join ledger_account a on a.id = p.account_id and a.kind = 'game'
      where e.member_id = ${memberId} and e.kind = 'game_result' and e.created_at >= ${this.ledgerTime(from)}`.execute(db);
    return BigInt(rows[0]?.total ?? 0);
  }
}
