import type { Kysely } from 'kysely';
import { MEMBER_LINKS_SHOWN, MEMBER_LOGINS_SHOWN, type LinkKind, type RiskSignal } from '../../../../contract';
import type { DB } from '../../../db/schema';
import { refuse } from '../../../errors';
import { riskFacts } from '../risk/facts';
import type { Link } from '../risk/links';
import { riskSignals } from '../risk/signals';
import { memberFigures } from './figures';
import type { MemberTagsNotes } from './tags-notes';

/** The last four digits of an account or phone: enough to compare with a statement, not to reuse. */
const lastFour = (value: string) => `••••${value.replace(/\D/g, '').slice(-4)}`;

/** The shared value as an operator needs to see it. */
export function maskedLinkValue(kind: LinkKind, value: string | null): string | null {
  if (value === null) return null;
  if (kind === 'bank' || kind === 'phone') return lastFour(value);
  if (kind === 'device') return value.slice(0, 8);
  return value;
}

const KIND_ORDER: readonly LinkKind[] = ['inviter', 'invitee', 'bank', 'phone', 'device', 'address'];

/**
 * Member 360 (issue 30): the figures from the ledger, the last logins, the devices, the linked
 * members and why, the risk signals (now, or as of one withdrawal), tags and notes.
 */
export class MemberOverview {
  constructor(private readonly deps: { db: Kysely<DB>; notes: MemberTagsNotes }) {}

  async overview(memberId: number) {
    const { db } = this.deps;
    const member = await db.selectFrom('member').select(['id', 'username', 'name', 'status', 'currency', 'created_at', 'referrer_id'])
      .where('id', '=', memberId).executeTakeFirst();
    if (!member) return refuse('NOT_FOUND');
    const [figures, logins, devices, [facts], tags, notes] = await Promise.all([
      memberFigures(db, memberId),
      db.selectFrom('session').select(['created_at', 'ip', 'device_id', 'user_agent'])
        .where('member_id', '=', memberId).orderBy('created_at', 'desc').limit(MEMBER_LOGINS_SHOWN).execute(),
      db.selectFrom('member_device').select(['device_id', 'first_seen_at', 'last_seen_at', 'last_ip'])
        .where('member_id', '=', memberId).orderBy('last_seen_at', 'desc').limit(20).execute(),
      riskFacts(db, [{ memberId }], { withAddress: true }),
      this.deps.notes.tags(memberId),
      this.deps.notes.notes(memberId),
    ]);
    return {
      member: {
        id: member.id, username: member.username, name: member.name, status: member.status, currency: member.currency,
        createdAt: member.created_at.toISOString(), referrerId: member.referrer_id,
      },
      figures,
      logins: logins.map((l) => ({ at: l.created_at.toISOString(), ip: l.ip, deviceId: l.device_id, userAgent: l.user_agent })),
      devices: devices.map((d) => ({ deviceId: d.device_id, firstSeenAt: d.first_seen_at.toISOString(), lastSeenAt: d.last_seen_at.toISOString(), lastIp: d.last_ip })),
      links: await this.linkedMembers(facts.links),
      signals: riskSignals(facts),
      tags,
      notes,
    };
  }

  /** The signals of one withdrawal, as of its hold entry. */
  async withdrawalSignals(memberId: number, withdrawalId: string): Promise<RiskSignal[]> {
    const [facts] = await riskFacts(this.deps.db, [{ memberId, withdrawalId }], { withAddress: false });
    return facts ? riskSignals(facts) : [];
  }

  /**
   * The signal codes of many withdrawals, in two queries whatever their number (the queue's page).
   * Address links are left out: they never raise a signal by themselves.
   */
  async withdrawalSignalCodes(items: readonly { memberId: number; withdrawalId: string }[]): Promise<Map<string, RiskSignal['code'][]>> {
    const facts = await riskFacts(this.deps.db, items, { withAddress: false });
    return new Map(facts.map((f) => [f.withdrawalId ?? '', riskSignals(f).map((s) => s.code)]));
  }

  /** One row per linked member, the invite chain first, each with every reason (masked). */
  private async linkedMembers(links: readonly Link[]) {
    const rank = new Map<number, number>();
    for (const l of links) rank.set(l.otherId, Math.min(rank.get(l.otherId) ?? KIND_ORDER.length, KIND_ORDER.indexOf(l.kind)));
    const ids = [...rank.keys()].sort((a, b) => rank.get(a)! - rank.get(b)! || a - b).slice(0, MEMBER_LINKS_SHOWN);
    if (ids.length === 0) return [];
    const members = await this.deps.db.selectFrom('member').select(['id', 'username', 'name', 'status']).where('id', 'in', ids).execute();
    return members
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
      .map((m) => ({
        memberId: m.id, username: m.username, name: m.name, status: m.status,
        reasons: links.filter((l) => l.otherId === m.id)
          .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
          .map((l) => ({ kind: l.kind, value: maskedLinkValue(l.kind, l.value) })),
      }));
  }
}
