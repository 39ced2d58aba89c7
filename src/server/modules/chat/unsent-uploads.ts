import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { FileStorage } from '../../providers/storage/adapter';

/** Files swept per transaction: a short lock, however many are waiting. */
const BATCH = 100;

/**
 * Uploads no sent message named within the grace time: an upload comes before its message,
 * so a file is kept only once a message names it (`attached_at`, set in the message's own
 * transaction); the rest are deleted, bytes and row. Safe on any number of nodes at once:
 * each takes only rows no other node holds (skip locked), removes their bytes, then deletes
 * the rows in the same transaction, so a node that dies midway leaves its rows to the next
 * sweep; and a message naming a file being swept waits for the sweep and then finds no file.
 */
export class UnsentUploads {
  constructor(private readonly deps: { db: Kysely<DB>; storage: FileStorage; clock: Clock; graceMs: number }) {}

  /** Deletes every unsent upload older than the grace time; returns how many. */
  async sweep(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - this.deps.graceMs);
    let swept = 0;
    for (;;) {
      const batch = await this.deps.db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('chat_file').select(['id', 'storage_key'])
          .where('attached_at', 'is', null).where('created_at', '<', before)
          .orderBy('created_at').limit(BATCH)
          .forUpdate().skipLocked()
          .execute();
        for (const row of rows) await this.deps.storage.remove(row.storage_key);
        if (rows.length > 0) await trx.deleteFrom('chat_file').where('id', 'in', rows.map((r) => r.id)).execute();
        return rows.length;
      });
      swept += batch;
      if (batch < BATCH) return swept;
    }
  }
}
