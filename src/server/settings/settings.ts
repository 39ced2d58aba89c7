import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Operator settings, read through a short cache: every member request asks whether the
 * service is active, and a switch made on one node reaches the others within `ttlMs`.
 */
export class Settings {
  private cache = new Map<string, { value: unknown; at: number }>();

  constructor(private readonly db: Kysely<DB>, private readonly ttlMs = 1_000, private readonly now = Date.now) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return (hit.value ?? fallback) as T;
    const row = await this.db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
    this.cache.set(key, { value: row?.value, at: this.now() });
    return (row?.value ?? fallback) as T;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.write(this.db, key, value);
  }

  /**
   * Writes a setting in the caller's transaction (a configuration change and its audit line
   * commit together). This node forgets its copy at once; the others within `ttlMs`.
   */
  async write(trx: Kysely<DB> | Transaction<DB>, key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await trx
      .insertInto('setting')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
      .execute();
    this.cache.delete(key);
  }

  isServiceActive(): Promise<boolean> {
    return this.get<boolean>('service.active', true);
  }
}
