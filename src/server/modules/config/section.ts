import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ConfigSectionName } from '../../../contract';
import type { DB } from '../../db/schema';

export type Reader = Kysely<DB> | Transaction<DB>;

/**
 * One kind of thing operators configure (the money rules, the bonuses, the wheel...). The
 * configuration module owns changes, approvals, the audit and the routes; a section only says
 * what its items are, how to read and write one, and which changes move money.
 *
 * Values are what the console edits: the section's contract schema (src/contract/admin/config/),
 * amounts in decimal major units, texts in th, la and en. `write` turns them into the tables
 * the members' side reads (minor units, rows, settings), in the transaction that records the
 * change, so a change and its audit line commit together, and every node reads it from the
 * database at once (settings through their cache of about a second).
 */
export interface ConfigSection<T = unknown> {
  readonly name: ConfigSectionName;
  /** The value's contract; whatever an operator sends is parsed by it before anything else. */
  readonly schema: z.ZodType<T>;
  /** The items that exist now, in the order the console lists them. */
  targets(db: Reader): Promise<string[]>;
  /**
   * When operators may add items of new names (a bonus code), the names allowed; without it a
   * change to a target `targets` does not list is NOT_FOUND.
   */
  readonly newTarget?: RegExp;
  /**
   * An item's value as it applies now; null when there is no such item. Reads through `db` only
   * (in an approval it is the transaction: the embedded database has one connection).
   */
  read(db: Reader, target: string): Promise<T | null>;
  /** Makes the value apply, inside the change's transaction. */
  write(trx: Transaction<DB>, target: string, value: T): Promise<void>;
  /**
   * Whether the change moves or can move money (a percent, a prize, a limit, an account): such a
   * change waits for a second operator. Texts, colours and switches apply at once.
   */
  movesMoney(before: T | null, after: T): boolean;
  /**
   * Makes a parsed value safe to store: operator html through the sanitiser members' content
   * uses. The stored change, the preview and what members get are this cleaned value.
   */
  clean?(value: T): T;
  /**
   * Refusals the schema cannot express, as an error code (e.g. a rule that needs other rows).
   * Runs before the change is recorded and again in the approval's transaction.
   */
  check?(db: Reader, target: string, value: T): Promise<void>;
}
