import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { SERVICE_ACTIVE_KEY, SERVICE_CLOSURE_KEY, servicePhase, serviceView, type ServiceClosure, type ServicePhase, type ServiceView } from './service-closure';

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

  /** The member service at `now`: the plain switch and any closure, open, scheduled or closed. */
  async serviceAt(now: Date): Promise<{ phase: ServicePhase; switchOn: boolean; closure: ServiceClosure | null }> {
    const [switchOn, closure] = await Promise.all([
      this.get<boolean>(SERVICE_ACTIVE_KEY, true),
      this.get<ServiceClosure | null>(SERVICE_CLOSURE_KEY, null),
    ]);
    return { phase: servicePhase(switchOn, closure, now), switchOn, closure };
  }

  /** The service at `now` as operators and the members' notice read it. */
  async serviceViewAt(now: Date): Promise<ServiceView> {
    const { phase, closure } = await this.serviceAt(now);
    return serviceView(phase, closure, now);
  }

  /**
   * Whether members are served at `now` (the app's clock): off while the switch is off or a
   * stored closure is in force, so a scheduled closure starts on every node at its time.
   */
  async isServiceActive(now: Date = new Date()): Promise<boolean> {
    return (await this.serviceAt(now)).phase !== 'closed';
  }
}
