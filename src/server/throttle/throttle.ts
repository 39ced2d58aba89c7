import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';

/** A hit that was let through; give it back when the attempt turns out not to count (a good login). */
export interface Ticket {
  bucket: string;
  windowStart: Date;
}

/**
 * Request limits shared by every process through the database: each bucket counts hits per
 * fixed window, and a hit is let through when the current window plus the overlapping share
 * of the previous one stays within the limit (a sliding window without storing every hit).
 * The increment is one conditional upsert, so parallel requests cannot slip past the limit.
 */
export class Throttle {
  constructor(private readonly db: Kysely<DB>, private readonly clock: Clock) {}

  /** Counts one hit in the bucket; null when the bucket is already at its limit. */
  async take(bucket: string, limit: number, windowMs: number): Promise<Ticket | null> {
    const now = this.clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    const previous = await this.db
      .selectFrom('throttle')
      .select('hits')
      .where('bucket', '=', bucket)
      .where('window_start', '=', new Date(start - windowMs))
      .executeTakeFirst();
    const overlap = 1 - (now - start) / windowMs;
    const room = Math.floor(limit - (previous?.hits ?? 0) * overlap);
    if (room <= 0) return null;

    const windowStart = new Date(start);
    const row = await this.db
      .insertInto('throttle')
      .values({ bucket, window_start: windowStart, hits: 1, expires_at: new Date(start + 2 * windowMs) })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ hits: eb('throttle.hits', '+', 1) })).where('throttle.hits', '<', room),
      )
      .returning('hits')
      .executeTakeFirst();
    if (Math.random() < 0.01) await this.sweep();
    return row ? { bucket, windowStart } : null;
  }

  async giveBack(ticket: Ticket): Promise<void> {
    await this.db
      .updateTable('throttle')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('bucket', '=', ticket.bucket)
      .where('window_start', '=', ticket.windowStart)
      .where('hits', '>', 0)
      .execute();
  }

  /** Drops windows that no longer count for anything. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('throttle').where('expires_at', '<', this.clock.now()).execute();
  }
}
