import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Member ids are numbers so that invite codes read PR<id>; they start high so codes look alike.
  await sql`create sequence member_id_seq as integer start with 100001`.execute(db);
  await db.schema
    .createTable('member')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(sql`nextval('member_id_seq')`))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('TH', 'LA')`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('BAHT', 'LAK')`))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('source_code', 'text')
    .addColumn('referrer_id', 'integer', (c) => c.references('member.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'locked')`))
    .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0).check(sql`coin >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One bank account belongs to one member (EXISTING_BANK).
    .addUniqueConstraint('member_bank_account_unique', ['bank_code', 'bank_account_no'])
    .execute();
  await db.schema.createIndex('member_referrer_idx').on('member').column('referrer_id').execute();

  // Sessions: opaque bearer tokens, stored only as SHA-256 hashes, with expiry and revocation.
  await db.schema
    .createTable('session')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('persistent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('session_member_idx').on('session').column('member_id').execute();
}
