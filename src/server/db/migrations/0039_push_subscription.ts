import { sql, type Kysely } from 'kysely';

/**
 * Web Push (issue 32).
 *
 * - `push_subscription`: a browser's push subscription (its push service endpoint and the keys
 *   the payload is encrypted to), for one member, with the language its texts are written in. An
 *   endpoint is one device's: unique, so a shared phone's endpoint moves to whoever subscribed last.
 *   The module keeps at most a few per member (the oldest dropped).
 * - `push_vapid`: sandbox mode's VAPID key pair when the configuration names none; one row, made
 *   by the first node to start (insert ... on conflict do nothing), read by every node.
 * - `sandbox_push`: the sandbox outbox, what was sent (shared by every node, like `sandbox_sms`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table push_subscription (
      id bigint generated always as identity primary key,
      member_id integer not null references member (id),
      endpoint text not null check (char_length(endpoint) between 1 and 1024),
      p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}$'),
      auth text not null check (auth ~ '^[A-Za-z0-9_-]{22,24}$'),
      language text not null check (language in ('th', 'la', 'en')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint push_subscription_endpoint_unique unique (endpoint)
    )`.execute(db);
  await sql`create index push_subscription_member_idx on push_subscription (member_id, updated_at desc, id desc)`.execute(db);

  await sql`
    create table push_vapid (
      id boolean primary key default true check (id),
      public_key text not null,
      private_key text not null,
      subject text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table sandbox_push (
      id bigint generated always as identity primary key,
      member_id integer not null,
      service text not null,
      language text not null,
      title text not null,
      body text not null,
      url text not null,
      tag text not null,
      status text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index sandbox_push_member_idx on sandbox_push (member_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sandbox_push`.execute(db);
  await sql`drop table push_vapid`.execute(db);
  await sql`drop table push_subscription`.execute(db);
}
