import type { Kysely, Selectable, Transaction } from 'kysely';
import { SAFER_PLAY, toMajor, type LimitKind, type LimitPeriod } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB, SaferPlayLimitTable } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import type { Settings } from '../../settings/settings';
import { periodAt } from './periods';
import type { Usage } from './usage';

type Db = Kysely<DB> | Transaction<DB>;
export type LimitRow = Selectable<SaferPlayLimitTable>;

export const COOLING_OFF_KEY = 'saferPlay.coolingOffHours';
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A limit's figures in the API's units: amounts as decimals, session minutes as they are. */
const shown = (kind: LimitKind, value: bigint) => (kind === 'session' ? Number(value) : toMajor(value));

/**
 * The limits members set on their own accounts (issue 31). One row per member, kind and period
 * (the primary key). A first limit or a lower value applies at once; a raise or a removal is kept
 * as the row's pending change, confirmable after the cooling-off (the `saferPlay.coolingOffHours`
 * setting, 24 h by default) for SAFER_PLAY.confirmWindowDays, then it lapses. Operators may only
 * add or lower (`lowerByOperator`).
 */
export class Limits {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; settings: Settings; usage: Usage }) {}

  coolingOffHours(): Promise<number> {
    return this.deps.settings.get<number>(COOLING_OFF_KEY, SAFER_PLAY.coolingOffHoursDefault);
  }

  async rows(db: Db, memberId: number): Promise<LimitRow[]> {
    return db.selectFrom('safer_play_limit').selectAll().where('member_id', '=', memberId)
      .orderBy('kind').orderBy('period').execute();
  }

  /** A pending change still open at `now` (a lapsed one is as if none). */
  pendingOf(row: LimitRow, now: Date) {
    if (!row.pending_asked_at || !row.pending_lapses_at || row.pending_lapses_at <= now) return null;
    return {
      value: row.pending_removal ? null : shown(row.kind, row.pending_value!),
      askedAt: row.pending_asked_at.toISOString(),
      confirmableAt: row.pending_confirmable_at!.toISOString(),
      lapsesAt: row.pending_lapses_at.toISOString(),
      confirmable: row.pending_confirmable_at! <= now,
    };
  }

  /** Each limit with the current period's use, and per kind the lowest remaining (minor units or minutes). */
  async views(db: Db, memberId: number) {
    const now = this.deps.clock.now();
    const rows = await this.rows(db, memberId);
    const lowest: Record<LimitKind, bigint | null> = { deposit: null, loss: null, session: null };
    const limits = [];
    for (const row of rows) {
      const { start, end } = periodAt(row.period, now);
      const used = await this.deps.usage.used(db, memberId, row.kind, start, end);
      const value = BigInt(row.value);
      const remaining = used >= value ? 0n : value - used;
      if (lowest[row.kind] === null || remaining < lowest[row.kind]!) lowest[row.kind] = remaining;
      limits.push({
        row, remaining, periodEndsAt: end,
        view: {
          kind: row.kind, period: row.period, value: shown(row.kind, value), used: shown(row.kind, used), remaining: shown(row.kind, remaining),
          periodEndsAt: end.toISOString(), setBy: row.set_by, since: row.since.toISOString(), pending: this.pendingOf(row, now),
        },
      });
    }
    return { limits, lowest };
  }

  private async lockRow(trx: Transaction<DB>, memberId: number, kind: LimitKind, period: LimitPeriod) {
    return trx.selectFrom('safer_play_limit').selectAll()
      .where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).forUpdate().executeTakeFirst();
  }

  private readonly noPending = {
    pending_value: null, pending_removal: false, pending_asked_at: null, pending_confirmable_at: null, pending_lapses_at: null,
  } as const;

  /** The member sets a limit: new or lower at once (a pending change is dropped), higher after the cooling-off and a confirmation. */
  async setByMember(memberId: number, kind: LimitKind, period: LimitPeriod, value: bigint): Promise<void> {
    const now = this.deps.clock.now();
    const coolingOffMs = (await this.coolingOffHours()) * HOUR_MS;
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, memberId, kind, period);
      if (!row) {
        await trx.insertInto('safer_play_limit').values({ member_id: memberId, kind, period, value, set_by: 'member', since: now }).execute();
        return;
      }
      const current = BigInt(row.value);
      if (value <= current) {
        await trx.updateTable('safer_play_limit')
          .set({ ...(value < current ? { value, since: now, set_by: 'member' as const } : {}), ...this.noPending })
          .where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
        return;
      }
      const confirmableAt = new Date(now.getTime() + coolingOffMs);
      await trx.updateTable('safer_play_limit').set({
        pending_value: value, pending_removal: false, pending_asked_at: now, pending_confirmable_at: confirmableAt,
        pending_lapses_at: new Date(confirmableAt.getTime() + SAFER_PLAY.confirmWindowDays * DAY_MS),
      }).where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
    });
  }

  async askRemoval(memberId: number, kind: LimitKind, period: LimitPeriod): Promise<void> {
    const now = this.deps.clock.now();
    const coolingOffMs = (await this.coolingOffHours()) * HOUR_MS;
    const confirmableAt = new Date(now.getTime() + coolingOffMs);
    const asked = await this.deps.db.updateTable('safer_play_limit').set({
      pending_value: null, pending_removal: true, pending_asked_at: now, pending_confirmable_at: confirmableAt,
      pending_lapses_at: new Date(confirmableAt.getTime() + SAFER_PLAY.confirmWindowDays * DAY_MS),
    }).where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
    if (!asked.numUpdatedRows) refuse('NO_LIMIT');
  }

  /** Confirms a pending raise or removal between the end of its cooling-off and its lapse. */
  async confirm(memberId: number, kind: LimitKind, period: LimitPeriod): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, memberId, kind, period);
      const pending = row && this.pendingOf(row, now);
      if (!row || !pending) throw new DomainError('NO_LIMIT_CHANGE');
      if (!pending.confirmable) throw new DomainError('LIMIT_CHANGE_WAITING', undefined, { until: pending.confirmableAt });
      const where = trx.updateTable('safer_play_limit');
      if (row.pending_removal) {
        await trx.deleteFrom('safer_play_limit').where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
        return;
      }
      await where.set({ value: BigInt(row.pending_value!), since: now, set_by: 'member', ...this.noPending })
        .where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
    });
  }

  async cancel(memberId: number, kind: LimitKind, period: LimitPeriod): Promise<void> {
    const now = this.deps.clock.now();
    const cancelled = await this.deps.db.updateTable('safer_play_limit').set(this.noPending)
      .where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period)
      .where('pending_lapses_at', '>', now).executeTakeFirst();
    if (!cancelled.numUpdatedRows) refuse('NO_LIMIT_CHANGE');
  }

  /**
   * An operator sets a limit the member has not, or a lower one, at once (a pending raise or
   * removal is dropped with it). Anything else is refused: LIMIT_RAISE_REFUSED. Answers the row
   * before and after for the audit line, written in the same transaction by `audit`.
   */
  async lowerByOperator(
    memberId: number, kind: LimitKind, period: LimitPeriod, value: bigint,
    audit: (trx: Transaction<DB>, before: LimitRow | undefined) => Promise<void>,
  ): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, memberId, kind, period);
      if (!row) {
        await trx.insertInto('safer_play_limit').values({ member_id: memberId, kind, period, value, set_by: 'operator', since: now }).execute();
      } else {
        if (value >= BigInt(row.value)) throw new DomainError('LIMIT_RAISE_REFUSED');
        await trx.updateTable('safer_play_limit').set({ value, since: now, set_by: 'operator', ...this.noPending })
          .where('member_id', '=', memberId).where('kind', '=', kind).where('period', '=', period).execute();
      }
      await audit(trx, row);
    });
  }
}
