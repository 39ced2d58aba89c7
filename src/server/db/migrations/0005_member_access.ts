import { sql, type Kysely } from 'kysely';
import { SETTINGS } from './0005_member_access.seed';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per OTP code sent. The code is kept only as an HMAC keyed by the token the client
  // holds, and the token only as its SHA-256, so a copy of the table reveals neither.
  await sql`
    create table otp (
      id uuid primary key,
      phone text not null,
      ref text not null,
      token_hash text not null unique,
      code_hash text not null,
      request_ip text,
      attempts integer not null default 0 check (attempts >= 0),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      verified_at timestamptz,
      verified_ip text,
      consumed_at timestamptz
    )`.execute(db);
  await sql`create index otp_phone_idx on otp (phone, created_at desc)`.execute(db);

  // Per phone: when the last code went out (one per 60 s, reserved by one conditional upsert so
  // that processes agree) and until when it is blocked after too many wrong codes.
  await sql`
    create table otp_phone (
      phone text primary key,
      last_sent_at timestamptz not null,
      blocked_until timestamptz
    )`.execute(db);

  // Request counters shared by every process: hits per bucket per fixed window, read as a
  // sliding window (the previous window weighted by how much of it still overlaps).
  await sql`
    create table throttle (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null check (hits >= 0),
      expires_at timestamptz not null,
      primary key (bucket, window_start)
    )`.execute(db);
  await sql`create index throttle_expires_idx on throttle (expires_at)`.execute(db);

  // The sandbox SMS inbox: what the simulated gateway "delivered", readable at /api/sandbox/sms.
  await sql`
    create table sandbox_sms (
      id bigint generated always as identity primary key,
      recipient text not null,
      text text not null,
      code text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index sandbox_sms_recipient_idx on sandbox_sms (recipient, id desc)`.execute(db);

  // Which agreement versions each member accepted.
  await sql`
    create table member_agreement (
      member_id integer not null references member (id),
      version integer not null,
      accepted_at timestamptz not null default now(),
      primary key (member_id, version)
    )`.execute(db);

  for (const [key, value] of Object.entries(SETTINGS)) {
    await sql`insert into setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`.execute(db);
  }
}
