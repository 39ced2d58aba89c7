import { sql, type Kysely } from 'kysely';

/**
 * Chat uploads are anonymous (guests) and were kept for ever whether or not a message ever
 * named them: 24 uploads of 5 MB with fresh guest ids from one address went to disk in
 * seconds. Each file now records the address it came from (a byte budget per address and per
 * conversation over an hour) and when a sent message first named it (`attached_at`); a file no
 * message named within the grace time is swept with its bytes (modules/chat/unsent-uploads.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table chat_file add column uploader_ip text`.execute(db);
  await sql`alter table chat_file add column attached_at timestamptz`.execute(db);
  // Files already sent are kept: a media message names its file by /api/chat/files/<id>.
  await sql`
    update chat_file f set attached_at = f.created_at
    where exists (
      select 1 from chat_message m
      where m.conversation_id = f.conversation_id and m.body -> 'payload' ->> 'filePath' = '/api/chat/files/' || f.id::text
    )`.execute(db);
  // The budgets: bytes from one address, and into one conversation, within the last hour.
  await sql`create index chat_file_address_time on chat_file (uploader_ip, created_at)`.execute(db);
  await sql`create index chat_file_conversation_time on chat_file (conversation_id, created_at)`.execute(db);
  // The sweep: unsent files, oldest first.
  await sql`create index chat_file_unsent on chat_file (created_at) where attached_at is null`.execute(db);
}
