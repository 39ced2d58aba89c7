import { sql } from 'kysely';
import { answerCode, toStored } from '../../ledger/answer';
import { withTimeout } from '../../providers/games/adapter';
import type { MoneyContext } from './money-context';
import { IN_WALLET, type Transfers } from './transfers';
import type { Withdrawals } from './withdrawals';

export interface ReconcileReport {
  settled: number;
  reversed: number;
  paid: number;
  unresolved: number;
  keysFinished: number;
}

/**
 * Resolves what a crash or a timeout left half-done, by asking the outside about our
 * reference: a pending transfer the provider applied is settled; one it never applied is
 * first voided at the provider (so a call of ours still on its way can't land later) and then
 * reversed; a withdrawal the bank paid is marked paid. Only work older than `graceMs` is
 * touched, to leave requests in progress to finish themselves. Run at start and then every
 * few seconds; safe to run on several nodes at once (each completion happens once).
 */
export class Reconciler {
  constructor(
    private readonly money: MoneyContext,
    private readonly transfers: Transfers,
    private readonly withdrawals: Withdrawals,
    readonly graceMs: number,
  ) {}

  async run(options: { graceMs?: number } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = { settled: 0, reversed: 0, paid: 0, unresolved: 0, keysFinished: 0 };
    const before = new Date(Date.now() - (options.graceMs ?? this.graceMs));

    const pending = await this.money.db.selectFrom('game_transfer as t')
      .leftJoin('game_account as a', (join) => join.onRef('a.member_id', '=', 't.member_id').onRef('a.provider_code', '=', 't.provider_code'))
      .select(['t.id', 't.member_id', 't.provider_code', 'a.username'])
      .where('t.status', '=', 'pending').where('t.created_at', '<', before).orderBy('t.created_at').limit(500).execute();
    for (const t of pending) {
      const provider = this.money.provider(t.provider_code);
      // Not "has it applied?" but "make sure it never will, unless it did": a call of ours may
      // still be on its way to the provider, and must not land after we put the money back.
      const status = provider && t.username
        ? await withTimeout(provider.voidTransfer(t.id, t.username), this.money.providerTimeoutMs).catch(() => undefined)
        : undefined;
      if (status === 'applied') { await this.transfers.complete({ id: t.id, memberId: t.member_id }, 'settled'); report.settled++; }
      else if (status === 'voided') { await this.transfers.complete({ id: t.id, memberId: t.member_id }, 'reversed'); report.reversed++; }
      else report.unresolved++;
    }

    const paying = await this.money.db.selectFrom('withdrawal').select('id')
      .where('status', '=', 'paying').where('created_at', '<', before).limit(500).execute();
    for (const w of paying) {
      const status = await withTimeout(this.money.payout.status(w.id), this.money.providerTimeoutMs).catch(() => undefined);
      if (status === 'paid') { await this.withdrawals.finish(w.id, 'paid', 'reconciler'); report.paid++; }
      // Never paid: pay it now (the payout is idempotent on our reference).
      else if (status === 'not_found') await this.withdrawals.pay(w.id);
      // Accepted by a manual payout: an operator settles it.
      else if (status !== 'pending') report.unresolved++;
    }

    report.keysFinished = await this.finishOrphanKeys(before);
    return report;
  }

  /**
   * What waits for the reconciler now (the metrics' backlog, read when scraped): transfer legs
   * still pending and transfer requests still open after the grace time. Both stay near zero on a
   * healthy site; a number that grows means a provider that cannot say what became of our calls.
   */
  async backlog(): Promise<{ pending_transfer_legs: number; open_transfer_keys: number }> {
    const before = new Date(Date.now() - this.graceMs);
    const { rows } = await sql<{ legs: number; keys: number }>`select
      (select count(*) from game_transfer where status = 'pending' and created_at < ${before})::int as legs,
      (select count(*) from idempotency_key where state = 'pending' and operation = 'transfer' and created_at < ${before})::int as keys`
      .execute(this.money.db);
    return { pending_transfer_legs: Number(rows[0].legs), open_transfer_keys: Number(rows[0].keys) };
  }

  /**
   * A game-to-game transfer that crashed between its legs has its money in the wallet (its first
   * leg settled) and no transfer pending: its request ends as TRANSFER_IN_WALLET, which says so.
   * Keys whose first transaction never committed don't exist, so nothing else can be orphaned;
   * a key with no settled leg (none known) ends TRANSFER_FAIL, nothing having moved.
   */
  private async finishOrphanKeys(before: Date): Promise<number> {
    const [inWallet, failed] = [toStored(IN_WALLET), toStored(answerCode('TRANSFER_FAIL'))];
    return this.money.db.transaction().execute(async (trx) => {
      // The keys first, locked: a request reserving its next leg right now holds its key's lock
      // (transfer_reserve_many, migration 0038) and is skipped; one that comes after waits for
      // this ending and then finds the key ended. The check for a pending leg is the next
      // statement, so it sees a leg reserved before the lock was taken.
      const { rows } = await sql<{ member_id: number; key: string }>`
        select member_id, key from idempotency_key
        where state = 'pending' and operation = 'transfer' and created_at < ${before}
        order by member_id, key limit 500 for update skip locked`.execute(trx);
      if (rows.length === 0) return 0;
      const settled = sql`exists (select 1 from game_transfer t where t.member_id = k.member_id and t.idempotency_key = k.key and t.status = 'settled')`;
      const result = await sql`
        update idempotency_key k set state = 'done', completed_at = now(),
          status_code = case when ${settled} then ${inWallet.statusCode}::integer else ${failed.statusCode}::integer end,
          response = case when ${settled} then ${JSON.stringify(inWallet.response)}::jsonb else ${JSON.stringify(failed.response)}::jsonb end
        from unnest(${rows.map((r) => r.member_id)}::integer[], ${rows.map((r) => r.key)}::text[]) as c(member_id, key)
        where k.member_id = c.member_id and k.key = c.key and k.state = 'pending'
          and not exists (select 1 from game_transfer t where t.member_id = k.member_id and t.idempotency_key = k.key and t.status = 'pending')`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    });
  }
}
