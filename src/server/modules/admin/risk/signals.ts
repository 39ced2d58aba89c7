import { NEW_ACCOUNT_DAYS, STRONG_LINK_KINDS, type LinkKind, type RiskSignal } from '../../../../contract';
import type { RiskFacts } from './facts';
import type { Link } from './links';

const STRONG: ReadonlySet<LinkKind> = new Set(STRONG_LINK_KINDS);
const ORDER: readonly LinkKind[] = ['bank', 'phone', 'device', 'address'];

/**
 * The other members linked strongly (bank, phone or device), each with every kind that links
 * them; an address is named only beside a strong kind (carrier NAT: an address alone is no link).
 */
export function strongLinks(links: readonly Link[]): Map<number, LinkKind[]> {
  const byMember = new Map<number, Set<LinkKind>>();
  for (const link of links) {
    if (link.kind === 'inviter' || link.kind === 'invitee') continue;
    const kinds = byMember.get(link.otherId) ?? new Set<LinkKind>();
    kinds.add(link.kind);
    byMember.set(link.otherId, kinds);
  }
  const strong = new Map<number, LinkKind[]>();
  for (const [otherId, kinds] of byMember) {
    if ([...kinds].some((k) => STRONG.has(k))) strong.set(otherId, ORDER.filter((k) => kinds.has(k)));
  }
  return strong;
}

/**
 * The risk signals of a member (or of one withdrawal: facts as of it), in a fixed order. A pure
 * function of the facts, so the member page, the withdrawal review and the queue's badges agree.
 * Signals inform an operator; nothing is refused because of them.
 */
export function riskSignals(facts: RiskFacts): RiskSignal[] {
  const signals: RiskSignal[] = [];
  if (facts.accountAgeDays < NEW_ACCOUNT_DAYS) signals.push({ code: 'NEW_ACCOUNT', days: Math.max(0, facts.accountAgeDays) });
  if (facts.giftsSinceDeposit.length > 0) {
    signals.push({ code: 'BONUS_SINCE_DEPOSIT', count: facts.giftsSinceDeposit.length, gifts: [...new Set(facts.giftsSinceDeposit)] });
  }
  if (facts.withdrawalWithoutPlay) signals.push({ code: 'NO_PLAY' });
  const linked = strongLinks(facts.links);
  if (linked.size > 0) {
    const by = ORDER.filter((k) => [...linked.values()].some((kinds) => kinds.includes(k)));
    signals.push({ code: 'LINKED_MEMBERS', count: linked.size, by });
  }
  const chain = facts.links.filter((l) => l.kind === 'inviter' || l.kind === 'invitee').map((l) => l.otherId);
  const selfReferral = chain.find((otherId) => linked.has(otherId));
  if (selfReferral !== undefined) signals.push({ code: 'SELF_REFERRAL', memberId: selfReferral, by: linked.get(selfReferral) });
  return signals;
}
