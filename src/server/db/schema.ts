import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each migration that adds a table adds its interface here.
 * Money columns are int8 minor units, read as bigint.
 */
export interface DB {
  setting: SettingTable;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Operator settings: one JSON value per key, seeded by migrations, changed by the back office. */
export interface SettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export type { Generated };
