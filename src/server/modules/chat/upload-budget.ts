import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';

/** The window the byte budgets count over. */
export const UPLOAD_BUDGET_WINDOW_MS = 3_600_000;

export interface UploadBudgetLimits {
  /** Bytes one address may upload within the window, over every guest and member behind it. */
  perAddress: number;
  /** Bytes one conversation (a guest or a member) may receive within the window. */
  perCustomer: number;
}

interface Uploader {
  ip: string;
  /** Unknown before the file's type is checked (a refused file makes no conversation). */
  conversationId?: string;
}

/**
 * How many bytes of chat uploads an address and a customer may leave on our disk per hour.
 * Guest ids are free, so the address is what holds back a guest who makes a new one for each
 * upload; the customer's budget keeps one conversation from using a shared address's (a
 * carrier's) whole allowance. Both are counted in the database, so every node agrees; an
 * upload that would pass either is REQUEST_LIMIT and leaves nothing stored.
 */
export class UploadBudget {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; limits: UploadBudgetLimits }) {}

  private async used(db: Kysely<DB>, who: Uploader) {
    const since = new Date(this.deps.clock.now().getTime() - UPLOAD_BUDGET_WINDOW_MS);
    const sum = (column: 'uploader_ip' | 'conversation_id', value: string) => db
      .selectFrom('chat_file')
      .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('bytes'))
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    // One after the other: in a transaction both go over the same connection anyway.
    const address = await sum('uploader_ip', who.ip);
    const customer = who.conversationId ? await sum('conversation_id', who.conversationId) : { bytes: '0' };
    return { address: Number(address.bytes), customer: Number(customer.bytes) };
  }

  private refuseBeyond(used: { address: number; customer: number }, incoming: number) {
    const { perAddress, perCustomer } = this.deps.limits;
    if (used.address + incoming > perAddress) refuse('REQUEST_LIMIT', `chat uploads from this address passed ${perAddress} bytes an hour`);
    if (used.customer + incoming > perCustomer) refuse('REQUEST_LIMIT', `chat uploads of this conversation passed ${perCustomer} bytes an hour`);
  }

  /** Before reading the file: refuses at once when its declared size cannot fit (nothing is written). */
  async refuseWhenSpent(who: Uploader, declaredBytes: number) {
    this.refuseBeyond(await this.used(this.deps.db, who), Number.isFinite(declaredBytes) && declaredBytes > 0 ? declaredBytes : 1);
  }

  /**
   * Keeps a file of `bytes` against both budgets: `store` runs in the transaction that counted
   * them, with the address and the conversation locked, so two uploads at once (on any nodes)
   * cannot both take the last of a budget.
   */
  async spend(who: Required<Uploader>, bytes: number, store: (trx: Transaction<DB>) => Promise<void>) {
    await this.deps.db.transaction().execute(async (trx) => {
      // Always the address first, then the conversation: no two uploads wait for each other in a circle.
      await sql`select pg_advisory_xact_lock(hashtext(${`chat-upload-ip:${who.ip}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`chat-upload-conversation:${who.conversationId}`}))`.execute(trx);
      this.refuseBeyond(await this.used(trx, who), bytes);
      await store(trx);
    });
  }
}
