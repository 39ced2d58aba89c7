import { sql, type Kysely } from 'kysely';

/**
 * Forgotten passwords are reset with a code sent by SMS to the registered phone (issue 28). The
 * codes live beside registration's in `otp`, kept the same way (an HMAC of the code under its
 * token, the token only as its SHA-256), and `purpose` keeps the two apart: a registration code
 * never resets a password, and a reset code never verifies a phone for registration.
 *
 * The index serves registration's "only the newest code of a phone works", which now looks at
 * registration codes only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table otp add column purpose text not null default 'register' check (purpose in ('register', 'reset'))`.execute(db);
  await sql`drop index otp_phone_idx`.execute(db);
  await sql`create index otp_phone_idx on otp (phone, purpose, created_at desc)`.execute(db);
}
