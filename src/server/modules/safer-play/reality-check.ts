import type { Kysely } from 'kysely';
import { SAFER_PLAY, toMajor } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { MemberIdentity } from '../../http/member-guard';
import type { PlayTime } from './activity';
import type { Usage } from './usage';

/**
 * The reality check (issue 31): this session's time played (since it began, the same clock the
 * reminder counts, so a reminder never says "0 minutes"; the session-time LIMIT counts only its
 * active stretches, `activity.ts`, so idle time never uses a member's allowance) and net
 * result (game results booked since it began), net deposits over 30 days, and the reminder due an
 * interval after the later of the session's start and the last acknowledgement.
 */
export class RealityChecks {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; usage: Usage; playTime: PlayTime }) {}

  async intervalOf(memberId: number): Promise<number> {
    const row = await this.deps.db.selectFrom('safer_play_member').select('reality_minutes').where('member_id', '=', memberId).executeTakeFirst();
    return row?.reality_minutes ?? SAFER_PLAY.realityCheckMinutesDefault;
  }

  async view(member: MemberIdentity) {
    const { db, clock, usage } = this.deps;
    const now = clock.now();
    const startedAt = await this.deps.playTime.sessionStart(member.sessionId);
    const minutesPlayed = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 60_000));
    const [netResult, netDeposits, intervalMinutes, ack] = await Promise.all([
      usage.gameResults(db, member.memberId, startedAt),
      usage.netDeposits(db, member.memberId, new Date(now.getTime() - SAFER_PLAY.netDepositDays * 24 * 3600_000), new Date(now.getTime() + 1)),
      this.intervalOf(member.memberId),
      db.selectFrom('safer_play_ack').select('acknowledged_at').where('session_id', '=', member.sessionId).executeTakeFirst(),
    ]);
    const from = ack && ack.acknowledged_at > startedAt ? ack.acknowledged_at : startedAt;
    const next = new Date(from.getTime() + intervalMinutes * 60_000);
    return {
      sessionStartedAt: startedAt.toISOString(),
      minutesPlayed,
      netResult: toMajor(netResult),
      netDeposits30d: toMajor(netDeposits),
      intervalMinutes,
      acknowledgedAt: ack?.acknowledged_at.toISOString() ?? null,
      nextReminderAt: next.toISOString(),
      due: next <= now,
    };
  }

  async acknowledge(member: MemberIdentity) {
    const now = this.deps.clock.now();
    await this.deps.db.insertInto('safer_play_ack').values({ session_id: member.sessionId, member_id: member.memberId, acknowledged_at: now })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ acknowledged_at: now })).execute();
    return this.view(member);
  }

  async setInterval(member: MemberIdentity, minutes: number) {
    await this.deps.db.insertInto('safer_play_member').values({ member_id: member.memberId, reality_minutes: minutes })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ reality_minutes: minutes })).execute();
    return this.view(member);
  }
}
