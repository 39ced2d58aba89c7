import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { BREAK_HOURS, EXCLUSION_MONTHS, SAFER_PLAY, type BreakLength, type ExclusionLength } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Money } from '../../ledger/envelope';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { addMonths } from './periods';

type Db = Kysely<DB> | Transaction<DB>;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Breaks and self-exclusions (issue 31). Rows are never changed or removed (a trigger refuses it),
 * so neither can be shortened or ended; a new one must end later than the one in force
 * (CANNOT_SHORTEN), a self-exclusion for good being the latest of all. Starting one stops play in
 * one money step (the envelope's play-stopped hook: promotions forfeits a held bonus), then every
 * session of the member ends on every node (`stopSessions`).
 */
export class Pauses {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; money: Money; stopSessions: (memberId: number, why: { reason: 'ON_BREAK' | 'SELF_EXCLUDED'; until: Date | null }) => Promise<void> }) {}

  /** The pause in force at `now`: the one that ends last (null end: for good). */
  async current(db: Db, memberId: number, now = this.deps.clock.now()) {
    const rows = await db.selectFrom('safer_play_pause').selectAll().where('member_id', '=', memberId)
      .where('started_at', '<=', now).where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)])).execute();
    if (rows.length === 0) return null;
    return rows.reduce((a, b) => (a.ends_at === null ? a : b.ends_at === null ? b : a.ends_at >= b.ends_at ? a : b));
  }

  /**
   * The pauses overlapping [from, to), of one member or of all (promotions skips what accrued
   * inside one). Times are the app's, as the pauses were stored; the ledger's are the same outside
   * the sandbox's moved clock.
   */
  async overlapping(db: Db, query: { memberId?: number; from: Date; to: Date }) {
    let select = db.selectFrom('safer_play_pause').select(['member_id', 'started_at', 'ends_at'])
      .where('started_at', '<', query.to).where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', query.from)]));
    if (query.memberId !== undefined) select = select.where('member_id', '=', query.memberId);
    const rows = await select.execute();
    return rows.map((r) => ({ memberId: r.member_id, from: r.started_at, to: r.ends_at }));
  }

  async history(db: Db, memberId: number) {
    return db.selectFrom('safer_play_pause').selectAll().where('member_id', '=', memberId).orderBy('started_at', 'desc').limit(50).execute();
  }

  async takeBreak(memberId: number, length: BreakLength): Promise<void> {
    const now = this.deps.clock.now();
    await this.start(memberId, 'break', length, new Date(now.getTime() + BREAK_HOURS[length] * 3600_000));
  }

  /** The first confirmation of a self-exclusion: a token for this length, used once by `exclude`. */
  async askExclusion(memberId: number, length: ExclusionLength) {
    const now = this.deps.clock.now();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + SAFER_PLAY.exclusionConfirmMinutes * 60_000);
    await this.deps.db.insertInto('safer_play_exclusion_ask').values({ token_hash: hash(token), member_id: memberId, length, expires_at: expiresAt, used_at: null }).execute();
    const months = EXCLUSION_MONTHS[length];
    return { confirmToken: token, expiresAt: expiresAt.toISOString(), endsAt: months === null ? null : addMonths(now, months).toISOString() };
  }

  async exclude(memberId: number, length: ExclusionLength, confirmToken: string): Promise<void> {
    const now = this.deps.clock.now();
    const used = await this.deps.db.updateTable('safer_play_exclusion_ask').set({ used_at: now })
      .where('token_hash', '=', hash(confirmToken)).where('member_id', '=', memberId).where('length', '=', length)
      .where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
    if (!used.numUpdatedRows) throw new DomainError('EXCLUSION_CONFIRM_INVALID');
    const months = EXCLUSION_MONTHS[length];
    await this.start(memberId, 'exclusion', length, months === null ? null : addMonths(now, months));
  }

  private async start(memberId: number, kind: 'break' | 'exclusion', length: string, endsAt: Date | null): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.money.step(async (step) => {
      // The member row first, as every money step of the member takes it: a deposit or a bonus
      // activation racing this either ends before it or sees the pause.
      await takeMemberTurn(step.trx, memberId);
      const inForce = await this.current(step.trx, memberId, now);
      if (inForce && (inForce.ends_at === null || (endsAt !== null && endsAt <= inForce.ends_at))) {
        throw new DomainError('CANNOT_SHORTEN', undefined, { until: inForce.ends_at?.toISOString() ?? null });
      }
      await step.trx.insertInto('safer_play_pause').values({ member_id: memberId, kind, length, started_at: now, ends_at: endsAt }).execute();
      await this.deps.money.hooks.stopPlay(step, memberId);
    });
    await this.deps.stopSessions(memberId, { reason: kind === 'break' ? 'ON_BREAK' : 'SELF_EXCLUDED', until: endsAt });
  }
}
