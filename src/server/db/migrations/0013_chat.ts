import { sql, type Kysely } from 'kysely';

/**
 * Support chat (issue 15): one conversation per member or per guest, its messages, and the
 * files customers upload for media messages. "One conversation per customer" and "a member's
 * conversation is never a guest's" are constraints here, not checks in code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table chat_conversation (
      id uuid primary key,
      member_id integer references member (id),
      guest_id text,
      session_id text not null,
      last_message_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      constraint chat_conversation_one_customer check ((member_id is null) <> (guest_id is null)),
      constraint chat_conversation_member_unique unique (member_id),
      constraint chat_conversation_guest_unique unique (guest_id)
    )`.execute(db);
  // The operator's list: conversations by last activity.
  await sql`create index chat_conversation_activity_idx on chat_conversation (last_message_at desc, id)`.execute(db);

  // A message's body is the contract's message (text, buttons, media, quick replies, generic,
  // postback). read_at is set when the other side has read it.
  await sql`
    create table chat_message (
      id uuid primary key,
      -- The order of messages; created_at can tie within a millisecond.
      seq bigint generated always as identity unique,
      conversation_id uuid not null references chat_conversation (id),
      sender text not null check (length(sender) between 1 and 100),
      body jsonb not null,
      username text,
      name text,
      device_token text,
      session_id text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index chat_message_conversation_idx on chat_message (conversation_id, seq desc)`.execute(db);
  await sql`create index chat_message_unread_idx on chat_message (conversation_id) where read_at is null`.execute(db);

  // An uploaded file: its bytes live in the storage adapter under storage_key; it belongs to
  // the conversation that uploaded it, and only that conversation and operators may read it.
  await sql`
    create table chat_file (
      id uuid primary key,
      conversation_id uuid not null references chat_conversation (id),
      file_type text not null check (file_type in ('image', 'video')),
      mime text not null,
      name text not null,
      size_bytes bigint not null check (size_bytes > 0),
      storage_key text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
}

