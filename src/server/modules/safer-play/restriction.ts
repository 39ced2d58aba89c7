import type { Kysely, Transaction } from 'kysely';
import type { RestrictionReason } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Pauses } from './pauses';
import { periodAt } from './periods';
import type { Usage } from './usage';

type Db = Kysely<DB> | Transaction<DB>;
export interface Restriction {
  reason: RestrictionReason;
  until: Date | null;
}

/**
 * Withdraw-only mode: a break or a self-exclusion in force, or a session limit used up in its
 * period. While it holds the member may sign in, take money out of games and withdraw, nothing else.
 */
export class Restrictions {
  constructor(private readonly deps: { clock: Clock; pauses: Pauses; usage: Usage }) {}

  async of(db: Db, memberId: number): Promise<Restriction | null> {
    const now = this.deps.clock.now();
    const pause = await this.deps.pauses.current(db, memberId, now);
    if (pause) return { reason: pause.kind === 'break' ? 'ON_BREAK' : 'SELF_EXCLUDED', until: pause.ends_at };
    const sessionLimits = await db.selectFrom('safer_play_limit').select(['period', 'value'])
      .where('member_id', '=', memberId).where('kind', '=', 'session').execute();
    let until: Date | null = null;
    for (const limit of sessionLimits) {
      const { start, end } = periodAt(limit.period, now);
      const used = await this.deps.usage.minutes(db, memberId, start, end);
      if (BigInt(used) >= BigInt(limit.value) && (until === null || end > until)) until = end;
    }
    return until ? { reason: 'SESSION_LIMIT_REACHED', until } : null;
  }

  /** Refuses with the restriction's own code and when it ends. */
  async refuseIfAny(db: Db, memberId: number): Promise<void> {
    const restriction = await this.of(db, memberId);
    if (restriction) throw new DomainError(restriction.reason, undefined, { until: restriction.until?.toISOString() ?? null });
  }

  /** A pause alone (the rules for deposits and gifts: a session limit stops play, not deposits). */
  async refuseIfPaused(db: Db, memberId: number): Promise<void> {
    const pause = await this.deps.pauses.current(db, memberId);
    if (pause) throw new DomainError(pause.kind === 'break' ? 'ON_BREAK' : 'SELF_EXCLUDED', undefined, { until: pause.ends_at?.toISOString() ?? null });
  }
}
