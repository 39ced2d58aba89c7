import type { Kysely } from 'kysely';
import { SAFER_PLAY } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { MemberIdentity } from '../../http/member-guard';
import type { Restriction, Restrictions } from './restriction';

/** A node writes a session's time at most this often (every request and socket check reaches `seen`). */
const WRITE_EVERY_MS = 15_000;

/**
 * Signed-in time, the session limit's measure and the reality check's "time played": stretches of
 * use per session. Each request and each socket session check (every few seconds while the wallet
 * is open) extends the session's last stretch, or starts a new one after SAFER_PLAY.idleMinutes of
 * nothing. Withdraw-only sessions do not count. When a stretch reaches a session limit, every
 * session of the member ends at once on every node (`stopSessions`); signing in again gives a
 * withdraw-only session until the period ends.
 */
export class PlayTime {
  private readonly written = new Map<string, number>();

  constructor(private readonly deps: {
    db: Kysely<DB>; clock: Clock; restrictions: Restrictions; stopSessions: (memberId: number, why: Restriction) => Promise<void>;
  }) {}

  async seen(member: MemberIdentity): Promise<void> {
    const now = this.deps.clock.now();
    const last = this.written.get(member.sessionId);
    if (last !== undefined && now.getTime() - last < WRITE_EVERY_MS && now.getTime() >= last) return;
    if (this.written.size > 50_000) this.written.clear();
    this.written.set(member.sessionId, now.getTime());
    if (await this.deps.restrictions.of(this.deps.db, member.memberId)) return;
    const idleSince = new Date(now.getTime() - SAFER_PLAY.idleMinutes * 60_000);
    const extended = await this.deps.db.updateTable('safer_play_activity').set({ last_seen_at: now })
      .where('id', '=', (eb) => eb.selectFrom('safer_play_activity').select('id')
        .where('session_id', '=', member.sessionId).orderBy('last_seen_at', 'desc').limit(1))
      .where('last_seen_at', '>=', idleSince).where('last_seen_at', '<=', now)
      .executeTakeFirst();
    if (!extended.numUpdatedRows) {
      await this.deps.db.insertInto('safer_play_activity')
        .values({ member_id: member.memberId, session_id: member.sessionId, started_at: now, last_seen_at: now }).execute();
    }
    const after = await this.deps.restrictions.of(this.deps.db, member.memberId);
    if (after?.reason === 'SESSION_LIMIT_REACHED') await this.deps.stopSessions(member.memberId, after);
  }

  /** When the session's first stretch began (the reality check's session start), or now. */
  async sessionStart(sessionId: string): Promise<Date> {
    const first = await this.deps.db.selectFrom('safer_play_activity').select('started_at')
      .where('session_id', '=', sessionId).orderBy('started_at').limit(1).executeTakeFirst();
    return first?.started_at ?? this.deps.clock.now();
  }
}
