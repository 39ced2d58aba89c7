import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: four eyes on payouts. A withdrawal records, when it is made, the four-eyes amount of
 * its currency's money rules (`second_approval_above`, minor units); above it the withdrawal
 * leaves 'queued' for 'paying' only with two approvers (`first_approved_by`, then `approved_by`,
 * the approval that sent it to the payout) who are different operators (a CHECK) of different
 * trees (a trigger, `operator_root` as in 0022), so no code path and no SQL prompt pays it on one
 * person's word. The recorded amount and each approver, once set, never change.
 * A refusal keeps why, for the member: a standard reason (`reject_reason`) and the operator's
 * own words (`reject_text`, plain text).
 * Withdrawals still queued get the default four-eyes amount of their member's currency (the
 * rule's field is new, so no operator has set another); older ones stay outside the rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table withdrawal
      add column second_approval_above bigint check (second_approval_above >= 0),
      add column first_approved_by integer references operator (id),
      add column first_approved_at timestamptz,
      add column approved_by integer references operator (id),
      add column reject_reason text check (reject_reason in ('BANK_ACCOUNT_INVALID', 'TURNOVER_NOT_MET', 'DUPLICATE_REQUEST', 'ACCOUNT_REVIEW', 'OTHER', 'PAYOUT_REFUSED')),
      add column reject_text text check (length(reject_text) between 1 and 500)`.execute(db);
  await sql`
    update withdrawal w set second_approval_above = case m.currency when 'LAK' then 600000000 else 1000000 end
    from member m where m.id = w.member_id and w.status = 'queued'`.execute(db);
  await sql`
    alter table withdrawal
      add constraint withdrawal_two_approvers check (
        status not in ('paying', 'paid') or second_approval_above is null or amount <= second_approval_above
        or (first_approved_by is not null and approved_by is not null and approved_by <> first_approved_by)),
      add constraint withdrawal_first_approval_needed check (
        first_approved_by is null or (second_approval_above is not null and amount > second_approval_above)),
      add constraint withdrawal_first_approval_time check ((first_approved_by is null) = (first_approved_at is null))`.execute(db);
  await sql`
    create function withdrawal_four_eyes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if new.second_approval_above is distinct from old.second_approval_above then
          raise exception 'withdrawal %: its four-eyes amount is fixed when it is made', old.id using errcode = '23514';
        end if;
        if (old.first_approved_by is not null and new.first_approved_by is distinct from old.first_approved_by)
          or (old.approved_by is not null and new.approved_by is distinct from old.approved_by) then
          raise exception 'withdrawal %: an approval is never changed', old.id using errcode = '23514';
        end if;
      end if;
      if new.first_approved_by is not null and new.approved_by is not null
        and operator_root(new.first_approved_by) = operator_root(new.approved_by) then
        raise exception 'withdrawal %: second approval by an operator of the first approver''s tree (not independent)', new.id using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger withdrawal_four_eyes before insert or update on withdrawal
    for each row execute function withdrawal_four_eyes()`.execute(db);
}
