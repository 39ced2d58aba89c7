import { sql, type Kysely } from 'kysely';

/**
 * Incoming bank transfers reported by the banks' feeds for our AUTO-mode receiving accounts
 * (issue 16: deposits that arrived with no match). A bank reports a transfer once per reference,
 * but feeds retry: (bank_code, reference) is unique, so a repeated notification books nothing.
 * An arrival is credited at once to the one member whose registered account sent it; otherwise
 * it waits as `unmatched` until an operator assigns it to a member or dismisses it (returned to
 * the sender or ignored, with a note). Each decision moves the status away from `unmatched`
 * once, and the ledger entry's reference (`bank:<bank>:<reference>`, unique per kind) stops a
 * second credit whatever path tries it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table bank_arrival (
      id uuid primary key,
      -- our receiving bank and account the money arrived in
      bank_code text not null check (length(bank_code) between 1 and 10),
      receiving_account text not null check (length(receiving_account) between 1 and 30),
      -- the bank's own transfer reference
      reference text not null check (length(reference) between 1 and 100),
      amount bigint not null check (amount > 0),
      currency text not null check (currency in ('BAHT', 'LAK')),
      sender_bank text not null check (length(sender_bank) between 1 and 10),
      -- as the bank reports it: possibly masked (xxx-x-x1234-x)
      sender_account text not null check (length(sender_account) between 1 and 30),
      sender_name text check (length(sender_name) <= 200),
      transferred_at timestamptz not null,
      received_at timestamptz not null default now(),
      status text not null default 'unmatched' check (status in ('unmatched', 'credited', 'dismissed')),
      -- why no member was credited on arrival (NO_MEMBER, MANY_MEMBERS, BONUS_REMAINING...)
      reason text,
      member_id integer references member (id),
      -- the operator who assigned or dismissed it; null when the feed matched it
      decided_by integer references operator (id),
      note text check (length(note) <= 500),
      decided_at timestamptz,
      constraint bank_arrival_reference_unique unique (bank_code, reference),
      constraint bank_arrival_credited_member check ((status = 'credited') = (member_id is not null)),
      constraint bank_arrival_dismissed_note check (status <> 'dismissed' or (note is not null and decided_by is not null)),
      constraint bank_arrival_decided check ((status = 'unmatched') = (decided_at is null))
    )`.execute(db);
  await sql`create index bank_arrival_status_idx on bank_arrival (status, received_at)`.execute(db);
  await sql`create index bank_arrival_member_idx on bank_arrival (member_id) where member_id is not null`.execute(db);
}
