import type { Kysely } from 'kysely';
import { SAFER_PLAY, SAFER_PLAY_TIME_ZONES, toMajor, toMinor, type Country, type LimitKind } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import type { Limits } from './limits';
import type { Pauses } from './pauses';
import type { RealityChecks } from './reality-check';
import type { Restrictions } from './restriction';

type Db = Kysely<DB>;

/** The member's safer play as one answer (the member's page and the operators' member page read it). */
export class SaferPlay {
  constructor(readonly deps: {
    db: Db; clock: Clock; country: Country; limits: Limits; pauses: Pauses; restrictions: Restrictions; realityChecks: RealityChecks;
  }) {}

  async currencyOf(memberId: number): Promise<string> {
    const row = await this.deps.db.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirst();
    if (!row) refuse('NO_USER');
    return row!.currency;
  }

  /** A value from the API in the limit's stored unit: minor units, or whole minutes within the period. */
  async storedValue(memberId: number, kind: LimitKind, period: keyof typeof SAFER_PLAY.sessionMinutesMax, value: number): Promise<bigint> {
    if (kind === 'session') {
      if (!Number.isInteger(value) || value > SAFER_PLAY.sessionMinutesMax[period]) refuse('INVALID_INPUT', 'session minutes');
      return BigInt(value);
    }
    const minor = toMinor(value);
    // Kip is paid in whole kip (money rules' step): a limit in satang of kip means nothing.
    if ((await this.currencyOf(memberId)) === 'LAK' && minor % 100n !== 0n) refuse('AMOUNT_STEP');
    return minor;
  }

  private pauseView(row: { kind: 'break' | 'exclusion'; length: string; started_at: Date; ends_at: Date | null }) {
    return { kind: row.kind, length: row.length as never, startedAt: row.started_at.toISOString(), endsAt: row.ends_at?.toISOString() ?? null };
  }

  async status(memberId: number) {
    const { db } = this.deps;
    const { limits, lowest } = await this.deps.limits.views(db, memberId);
    const pause = await this.deps.pauses.current(db, memberId);
    const restriction = await this.deps.restrictions.of(db, memberId);
    const shownLowest = (kind: LimitKind) => (lowest[kind] === null ? null : kind === 'session' ? Number(lowest[kind]) : toMajor(lowest[kind]!));
    return {
      timeZone: SAFER_PLAY_TIME_ZONES[this.deps.country],
      currency: await this.currencyOf(memberId),
      limits: limits.map((l) => l.view),
      remaining: { deposit: shownLowest('deposit'), loss: shownLowest('loss'), session: shownLowest('session') },
      pause: pause ? this.pauseView(pause) : null,
      restriction: restriction ? { reason: restriction.reason, until: restriction.until?.toISOString() ?? null } : null,
      coolingOffHours: await this.deps.limits.coolingOffHours(),
      confirmWindowDays: SAFER_PLAY.confirmWindowDays,
      realityCheckMinutes: await this.deps.realityChecks.intervalOf(memberId),
    };
  }

  async operatorView(memberId: number) {
    const status = await this.status(memberId);
    const history = await this.deps.pauses.history(this.deps.db, memberId);
    return {
      memberId, timeZone: status.timeZone, currency: status.currency, limits: status.limits, pause: status.pause,
      pauses: history.map((p) => this.pauseView(p)), restriction: status.restriction, realityCheckMinutes: status.realityCheckMinutes,
    };
  }

  /**
   * The money rules (registered as the envelope's hooks in setup.ts): a deposit or a transfer
   * into a game is refused when it would pass the lowest remaining of its kind's limits; the
   * answer says what remains. Answers whether a limit of the kind applies.
   */
  async refusePastLimit(db: Kysely<DB> | import('kysely').Transaction<DB>, memberId: number, kind: 'deposit' | 'loss', amount: bigint | undefined): Promise<boolean> {
    const { lowest } = await this.deps.limits.views(db, memberId);
    const remaining = lowest[kind];
    if (remaining === null) return false;
    if (remaining <= 0n || (amount !== undefined && amount > remaining)) {
      throw new DomainError(kind === 'deposit' ? 'DEPOSIT_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED', undefined, { remaining: toMajor(remaining) });
    }
    return true;
  }
}
