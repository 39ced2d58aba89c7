import { sql, type Kysely } from 'kysely';
import { ADDRESS_LINK_WINDOW_HOURS, type LinkKind } from '../../../../contract';
import type { DB } from '../../../db/schema';

/** One reason two members are linked, with the value they share (unmasked: the caller masks). */
export interface Link {
  memberId: number;
  otherId: number;
  kind: LinkKind;
  value: string | null;
}

/**
 * Why each of `memberIds` is linked to other members, in one query for them all (the withdrawals
 * queue asks for a page of members at once):
 * - device: both members used one device id (member_device);
 * - bank / phone: a transfer credited to one came from the other's registered bank account or,
 *   through True Wallet, the other's registered phone (registration keeps accounts and phones
 *   unique, so a shared one shows up as money, not as two registrations);
 * - address: logins of both from one address within ADDRESS_LINK_WINDOW_HOURS (only with
 *   `withAddress`; alone it is no signal, see the contract's STRONG_LINK_KINDS);
 * - inviter / invitee: the invite chain (member.referrer_id).
 */
export async function linksOf(db: Kysely<DB>, memberIds: readonly number[], options: { withAddress: boolean }): Promise<Link[]> {
  if (memberIds.length === 0) return [];
  const ids = [...new Set(memberIds)];
  const window = `${ADDRESS_LINK_WINDOW_HOURS} hours`;
  const address = options.withAddress
    ? sql`
      union
      select s.member_id, o.member_id, 'address', s.ip
        from me join session s on s.member_id = me.member_id and s.ip is not null
        join session o on o.ip = s.ip and o.member_id <> s.member_id
          and o.created_at between s.created_at - cast(${window} as interval) and s.created_at + cast(${window} as interval)`
    : sql``;
  const { rows } = await sql<{ member_id: number; other_id: number; kind: LinkKind; value: string | null }>`
    with me as (select distinct unnest(cast(${ids} as integer[])) as member_id)
    select d.member_id, o.member_id as other_id, 'device' as kind, cast(d.device_id as text) as value
      from me join member_device d on d.member_id = me.member_id
      join member_device o on o.device_id = d.device_id and o.member_id <> d.member_id
    union
    select a.member_id, m.id, 'bank', m.bank_account_no
      from me join bank_arrival a on a.member_id = me.member_id and a.status = 'credited' and a.channel = 'bank'
      join member m on m.bank_code = a.sender_bank and m.bank_account_no = risk_sender_key(a.channel, a.sender_account) and m.id <> a.member_id
    union
    select a.member_id, m.id, 'phone', m.username
      from me join bank_arrival a on a.member_id = me.member_id and a.status = 'credited' and a.channel = 'truewallet'
      join member m on m.username = risk_sender_key(a.channel, a.sender_account) and m.id <> a.member_id
    union
    select m.id, a.member_id, 'bank', m.bank_account_no
      from me join member m on m.id = me.member_id
      join bank_arrival a on a.status = 'credited' and a.channel = 'bank' and a.sender_bank = m.bank_code
        and risk_sender_key(a.channel, a.sender_account) = m.bank_account_no and a.member_id <> m.id
    union
    select m.id, a.member_id, 'phone', m.username
      from me join member m on m.id = me.member_id
      join bank_arrival a on a.status = 'credited' and a.channel = 'truewallet'
        and risk_sender_key(a.channel, a.sender_account) = m.username and a.member_id <> m.id
    union
    select m.id, m.referrer_id, 'inviter', null from me join member m on m.id = me.member_id where m.referrer_id is not null
    union
    select m.referrer_id, m.id, 'invitee', null from me join member m on m.referrer_id = me.member_id
    ${address}
  `.execute(db);
  return rows.map((r) => ({ memberId: r.member_id, otherId: r.other_id, kind: r.kind, value: r.value }));
}
