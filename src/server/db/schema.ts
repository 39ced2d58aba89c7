import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each migration that adds a table adds its interface here.
 * Money columns are int8 minor units, read as bigint.
 */
export interface DB {
  setting: SettingTable;
  member: MemberTable;
  session: SessionTable;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Operator settings: one JSON value per key, seeded by migrations, changed by the back office. */
export interface SettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface MemberTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  country: 'TH' | 'LA';
  currency: 'BAHT' | 'LAK';
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  source_code: string | null;
  referrer_id: number | null;
  status: Generated<'active' | 'locked'>;
  coin: Generated<number>;
  created_at: Generated<Date>;
  password_changed_at: Generated<Date>;
}

export interface SessionTable {
  id: string;
  member_id: number;
  token_hash: string;
  persistent: Generated<boolean>;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export type { Generated };
