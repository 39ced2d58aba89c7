import { sql, type Kysely } from 'kysely';
import { GIFT_KINDS } from '../../../../contract';
import type { DB } from '../../../db/schema';
import { linksOf, type Link } from './links';

type GiftKind = (typeof GIFT_KINDS)[number];

/** What the signals are computed from, for one member as of now or as of one withdrawal. */
export interface RiskFacts {
  memberId: number;
  /** The withdrawal these facts are as of; null: the member now. */
  withdrawalId: string | null;
  referrerId: number | null;
  /** Whole days from registration to the time of the facts. */
  accountAgeDays: number;
  /** Money given since the last deposit (all of it when there was none), by kind, oldest first. */
  giftsSinceDeposit: GiftKind[];
  /** A deposit, then a withdrawal with no money moved into a game and no game result between. */
  withdrawalWithoutPlay: boolean;
  links: Link[];
}

export interface RiskSubject {
  memberId: number;
  withdrawalId?: string;
}

/** Unbounded: the member's facts now. */
const NO_BOUND = '9223372036854775807';

/**
 * Reads the facts of many subjects in two queries whatever their number (the withdrawals queue
 * asks for a page at once). Entries are ordered by id, not by time: a bonus given in the moment
 * of a deposit is after it, and "as of a withdrawal" is up to the withdrawal's own hold entry.
 * A withdrawal's links are its member's today (links are who the member is, not what happened).
 */
export async function riskFacts(db: Kysely<DB>, subjects: readonly RiskSubject[], options: { withAddress: boolean }): Promise<RiskFacts[]> {
  if (subjects.length === 0) return [];
  const { rows } = await sql<{
    member_id: number; withdrawal_id: string; referrer_id: number | null; age_days: number; gifts: string[] | null; no_play: boolean;
  }>`
    with subject as (
      select t.member_id, t.withdrawal_id, w.created_at as withdrawn_at, h.id as hold_id
        from unnest(cast(${subjects.map((s) => s.memberId)} as integer[]), cast(${subjects.map((s) => s.withdrawalId ?? '')} as text[])) as t(member_id, withdrawal_id)
        left join withdrawal w on w.id::text = t.withdrawal_id and w.member_id = t.member_id
        left join ledger_entry h on h.kind = 'withdraw_hold' and h.reference = t.withdrawal_id
    )
    select s.member_id, s.withdrawal_id, m.referrer_id,
      cast(floor(extract(epoch from (coalesce(s.withdrawn_at, now()) - m.created_at)) / 86400) as integer) as age_days,
      gifts.kinds as gifts,
      (deposit.id is not null and held.id is not null and not exists (
        select 1 from ledger_entry e
          where e.member_id = s.member_id and e.id > deposit.id and e.id < held.id
            and (e.kind = 'game_result' or (e.kind = 'transfer_settle' and exists (
              select 1 from ledger_posting p join ledger_account a on a.id = p.account_id
                where p.entry_id = e.id and a.kind = 'game' and p.amount > 0)))
      )) as no_play
    from subject s
    join member m on m.id = s.member_id
    cross join lateral (select coalesce(s.hold_id, cast(${NO_BOUND} as bigint)) as upto) bound
    left join lateral (
      select max(e.id) as id from ledger_entry e where e.member_id = s.member_id and e.kind = 'deposit' and e.id <= bound.upto
    ) deposit on true
    left join lateral (
      -- The withdrawal itself, or the member's first since the last deposit.
      select coalesce(s.hold_id, min(e.id)) as id from ledger_entry e
        where e.member_id = s.member_id and e.kind = 'withdraw_hold' and e.id > coalesce(deposit.id, 0)
    ) held on true
    left join lateral (
      select array_agg(case
          when e.kind = 'spin_prize' then 'spin_prize'
          when e.kind = 'adjustment_credit' then 'adjustment'
          when e.reference like 'invite:%' then 'invite'
          when e.reference like 'refund:%' then 'refund'
          else 'bonus' end order by e.id) as kinds
        from ledger_entry e
        where e.member_id = s.member_id and e.kind in ('bonus', 'spin_prize', 'adjustment_credit')
          and e.id > coalesce(deposit.id, 0) and e.id <= bound.upto
    ) gifts on true
  `.execute(db);
  const links = await linksOf(db, subjects.map((s) => s.memberId), options);
  return rows.map((r) => ({
    memberId: r.member_id,
    withdrawalId: r.withdrawal_id || null,
    referrerId: r.referrer_id,
    accountAgeDays: Number(r.age_days),
    giftsSinceDeposit: (r.gifts ?? []) as GiftKind[],
    withdrawalWithoutPlay: r.no_play,
    links: links.filter((l) => l.memberId === r.member_id),
  }));
}
