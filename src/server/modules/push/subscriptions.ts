import { createECDH } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, type Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';

/**
 * The push services live mode sends to (an endpoint is a URL the member's browser hands us, and the
 * server posts to it: anything else would let a caller point our requests anywhere). Each is a host
 * or the parent of hosts: Chrome, Edge (legacy: Windows), Firefox, Safari.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: Locale;
}

export interface StoredSubscription {
  id: bigint;
  memberId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: Locale;
}

/**
 * Members' push subscriptions (`push_subscription`, migration 0039): one row per endpoint (a
 * device), the newest PUSH_SUBSCRIPTIONS_PER_MEMBER per member kept. An endpoint someone else
 * subscribed moves to the member subscribing now (a shared phone: its pushes follow whoever signed
 * in and asked last).
 */
export class PushSubscriptions {
  constructor(private readonly db: Kysely<DB>, private readonly clock: Clock, private readonly sandbox: boolean) {}

  async save(memberId: number, input: SubscriptionInput): Promise<void> {
    const endpoint = checkEndpoint(input.endpoint, this.sandbox);
    const p256dh = checkKey(input.keys.p256dh, 65);
    const auth = checkKey(input.keys.auth, 16);
    if (!isP256Point(p256dh)) throw new DomainError('PUSH_KEYS_INVALID');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // One subscriber of a member at a time, so two at once both count the other's row.
      await trx.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirstOrThrow();
      await trx.insertInto('push_subscription')
        .values({ member_id: memberId, endpoint, p256dh, auth, language: input.language, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet((eb) => ({
          member_id: eb.ref('excluded.member_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          language: eb.ref('excluded.language'),
          updated_at: eb.ref('excluded.updated_at'),
        })))
        .execute();
      await sql`delete from push_subscription where member_id = ${memberId} and id not in (
        select id from push_subscription where member_id = ${memberId} order by updated_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_MEMBER})`.execute(trx);
    });
  }

  /** Forgets the member's own subscription of this endpoint; another member's is left as it is. */
  async remove(memberId: number, endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscription').where('member_id', '=', memberId).where('endpoint', '=', endpoint).execute();
  }

  async ofMember(memberId: number): Promise<StoredSubscription[]> {
    const rows = await this.db.selectFrom('push_subscription').select(['id', 'member_id', 'endpoint', 'p256dh', 'auth', 'language'])
      .where('member_id', '=', memberId).orderBy('id').execute();
    return rows.map((r) => ({ id: BigInt(r.id), memberId: r.member_id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth }, language: r.language }));
  }

  /** The push service said this subscription is gone (404, 410): forget it, unless it was replaced meanwhile. */
  async forget(subscription: StoredSubscription): Promise<void> {
    await this.db.deleteFrom('push_subscription')
      .where('id', '=', subscription.id).where('p256dh', '=', subscription.keys.p256dh).where('auth', '=', subscription.keys.auth)
      .execute();
  }
}

/** An https address of a known push service (sandbox: any http or https address, for local push services). */
export function checkEndpoint(text: string, sandbox: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DomainError('PUSH_ENDPOINT_INVALID');
  }
  const protocols = sandbox ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol) || url.username || url.password || url.hash) throw new DomainError('PUSH_ENDPOINT_INVALID');
  if (!sandbox && (url.port !== '' || !PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`)))) {
    throw new DomainError('PUSH_ENDPOINT_INVALID');
  }
  return text;
}

/** A base64url key (padding tolerated, stored without) of exactly `bytes` bytes. */
function checkKey(text: string, bytes: number): string {
  const bare = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(bare) || Buffer.from(bare, 'base64url').length !== bytes || Buffer.from(bare, 'base64url').toString('base64url') !== bare) {
    throw new DomainError('PUSH_KEYS_INVALID');
  }
  return bare;
}

/** An uncompressed point of P-256, which the payload's key agreement needs (RFC 8291). */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
