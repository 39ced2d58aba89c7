import type { Locale } from '../../../contract';
import type { MemberNotice } from '../../notices/member-notices';
import type { PushDelivery } from '../../providers/push/push';
import type { PushKeys } from './keys';
import type { PushSubscriptions, StoredSubscription } from './subscriptions';
import { pushPayload, TTL_SECONDS } from './texts';

/** What the sender writes to the log: never a key, never an endpoint's path or query. */
export interface PushLog {
  warn(line: object, message: string): void;
  error(line: object, message: string): void;
}

/** Pushes on their way at once, per node; more wait their turn. */
const AT_ONCE = 16;

/**
 * Sends a member's notices to each of their subscriptions, after the fact committed and apart from
 * the request that committed it (the notice's listener only queues): a slow or failing push service
 * never holds or fails money. A 404 or 410 forgets the subscription; other failures are logged.
 */
export class PushSender {
  private readonly inFlight = new Set<Promise<void>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: { subscriptions: PushSubscriptions; keys: PushKeys; delivery: PushDelivery; log: PushLog }) {}

  /** The notices' listener: queues the sending and returns at once. */
  readonly notify = (memberId: number, notice: MemberNotice): void => {
    const sending: Promise<void> = this.send(memberId, notice)
      .catch((error: unknown) => this.deps.log.error({ err: error, notice: notice.kind }, 'push not sent'))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  };

  /** Resolves when every push queued so far has been handed over (or failed): the app waits for it at close; tests too. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async send(memberId: number, notice: MemberNotice): Promise<void> {
    const vapid = await this.deps.keys.keys();
    if (!vapid) return;
    const subscriptions = await this.deps.subscriptions.ofMember(memberId);
    await Promise.all(subscriptions.map((s) => this.turn(() => this.sendTo(s, notice, vapid))));
  }

  private async sendTo(subscription: StoredSubscription, notice: MemberNotice, vapid: NonNullable<Awaited<ReturnType<PushKeys['keys']>>>) {
    const outcome = await this.deps.delivery.deliver({
      memberId: subscription.memberId,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      language: subscription.language,
      payload: pushPayload(notice, subscription.language as Locale),
      ttlSeconds: TTL_SECONDS[notice.kind],
    }, vapid);
    if (outcome.status === 'gone') await this.deps.subscriptions.forget(subscription);
    else if (outcome.status === 'failed') {
      this.deps.log.warn({ service: serviceOf(subscription.endpoint), statusCode: outcome.statusCode, reason: outcome.reason, notice: notice.kind }, 'push service refused or did not answer');
    }
  }

  private async turn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** The push service's origin, for the log: the endpoint's path is the subscription's capability. */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}
