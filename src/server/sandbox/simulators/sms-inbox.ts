import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { SmsMessage, SmsSender } from '../../providers/sms/sms';

export interface InboxMessage {
  to: string;
  text: string;
  code: string;
  createdAt: Date;
}

/**
 * The simulated SMS gateway: messages land in a table (so every process of a sandbox sees the
 * same inbox) and in the log, and testers read them at `GET /api/sandbox/sms`.
 */
export class SandboxSmsInbox implements SmsSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: (line: object, msg: string) => void,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sandbox_sms')
      .values({ recipient: message.to, text: message.text, code: message.code, created_at: this.clock.now() })
      .execute();
    this.log({ to: message.to, code: message.code }, 'sandbox SMS delivered');
  }

  /** Newest first; `to` (E.164) narrows it to one phone. */
  async messages(options: { to?: string; limit?: number } = {}): Promise<InboxMessage[]> {
    let query = this.db.selectFrom('sandbox_sms').select(['recipient', 'text', 'code', 'created_at']).orderBy('id', 'desc').limit(options.limit ?? 50);
    if (options.to) query = query.where('recipient', '=', options.to);
    const rows = await query.execute();
    return rows.map((r) => ({ to: r.recipient, text: r.text, code: r.code, createdAt: r.created_at }));
  }
}
