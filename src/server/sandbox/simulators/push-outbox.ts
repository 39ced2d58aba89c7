import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { PushDelivery, PushMessage, PushOutcome, VapidKeys } from '../../providers/push/push';

export interface OutboxMessage {
  memberId: number;
  username: string;
  service: string;
  language: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  status: PushOutcome['status'];
  createdAt: Date;
}

/**
 * Sandbox mode's push: each push still goes to its subscription's push service (a tester's browser
 * shows it), and what was sent lands in a table too (so every process of a sandbox sees the same
 * outbox), read at `GET /api/sandbox/push` like the SMS inbox.
 */
export class SandboxPushOutbox implements PushDelivery {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly delivery: PushDelivery,
    private readonly log: (line: object, msg: string) => void = () => undefined,
  ) {}

  async deliver(message: PushMessage, vapid: VapidKeys): Promise<PushOutcome> {
    const outcome = await this.delivery.deliver(message, vapid);
    const { title, body, url, tag } = message.payload;
    await this.db.insertInto('sandbox_push').values({
      member_id: message.memberId, service: serviceOf(message.endpoint), language: message.language,
      title, body, url, tag, status: outcome.status, created_at: this.clock.now(),
    }).execute();
    this.log({ memberId: message.memberId, tag, status: outcome.status }, 'sandbox push sent');
    return outcome;
  }

  /** Newest first; `username` narrows it to one member. */
  async messages(options: { username?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
    let query = this.db.selectFrom('sandbox_push as p').innerJoin('member as m', 'm.id', 'p.member_id')
      .select(['p.member_id', 'm.username', 'p.service', 'p.language', 'p.title', 'p.body', 'p.url', 'p.tag', 'p.status', 'p.created_at'])
      .orderBy('p.id', 'desc').limit(options.limit ?? 50);
    if (options.username) query = query.where('m.username', '=', options.username);
    const rows = await query.execute();
    return rows.map((r) => ({
      memberId: r.member_id, username: r.username, service: r.service, language: r.language,
      title: r.title, body: r.body, url: r.url, tag: r.tag, status: r.status as PushOutcome['status'], createdAt: r.created_at,
    }));
  }
}

/** The push service's origin: the endpoint's path and query are the subscription's capability, never kept. */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}
