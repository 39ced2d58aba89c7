import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MemberIdentity } from '../../http/member-guard';
import { MemberDevices } from './devices';

/** A remembered session lasts 30 days; a session-only one 12 hours (the browser forgets it sooner). */
export const SESSION_TTL_MS = { persistent: 30 * 24 * 3600_000, sessionOnly: 12 * 3600_000 } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * How long a node trusts a session it has read. Every member request authenticates, so the
 * answer is kept briefly instead of read each time; a logout or password change on this node
 * forgets it at once, and other nodes see a revocation or a locked member within this time.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 50_000;

interface Remembered {
  identity: MemberIdentity;
  expiresAt: number;
  readAt: number;
}

/**
 * Opaque bearer tokens: 32 random bytes handed to the client once and stored only as a
 * SHA-256 hash, so a copy of the database cannot be replayed as a login.
 */
export class Sessions {
  private readonly remembered = new Map<string, Remembered>();
  /** The devices members use, seen at login and on their calls (the operators' risk signals). */
  readonly devices: MemberDevices;

  constructor(private readonly db: Kysely<DB>, private readonly now: () => Date = () => new Date()) {
    this.devices = new MemberDevices(db, now);
  }

  async create(memberId: number, options: { persistent: boolean; ip?: string; userAgent?: string; deviceId?: string | null }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const ttl = options.persistent ? SESSION_TTL_MS.persistent : SESSION_TTL_MS.sessionOnly;
    await this.db
      .insertInto('session')
      .values({
        id: randomUUID(),
        member_id: memberId,
        token_hash: hashToken(token),
        persistent: options.persistent,
        expires_at: new Date(this.now().getTime() + ttl),
        revoked_at: null,
        ip: options.ip ?? null,
        user_agent: options.userAgent?.slice(0, 300) ?? null,
        device_id: options.deviceId ?? null,
      })
      .execute();
    await this.devices.seen(memberId, options.deviceId ?? null, options.ip ?? null);
    return token;
  }

  /** The member behind a token, or null when it is unknown, expired, revoked or the member is locked. */
  async authenticate(token: string): Promise<MemberIdentity | null> {
    if (token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = this.now().getTime();
    const hit = this.remembered.get(tokenHash);
    if (hit && now - hit.readAt < SESSION_CACHE_MS && now >= hit.readAt && hit.expiresAt > now) return hit.identity;
    const row = await this.db
      .selectFrom('session')
      .innerJoin('member', 'member.id', 'session.member_id')
      .select(['session.id', 'session.member_id', 'session.expires_at', 'session.revoked_at', 'member.status'])
      .where('session.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at.getTime() <= now || row.status !== 'active') {
      this.remembered.delete(tokenHash);
      return null;
    }
    const identity = { memberId: row.member_id, sessionId: row.id };
    if (this.remembered.size >= SESSION_CACHE_MAX) this.remembered.clear();
    this.remembered.set(tokenHash, { identity, expiresAt: row.expires_at.getTime(), readAt: now });
    return identity;
  }

  /**
   * Whether the member signed in from this address within `withinMs`: a password reset asked from
   * it has a daily allowance that strangers elsewhere cannot use up.
   */
  async signedInFrom(memberId: number, ip: string, withinMs: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('session')
      .select('id')
      .where('member_id', '=', memberId)
      .where('ip', '=', ip)
      .where('created_at', '>', new Date(this.now().getTime() - withinMs))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets what this node remembers of the sessions that match. */
  private forget(matches: (identity: MemberIdentity) => boolean) {
    for (const [hash, entry] of this.remembered) if (matches(entry.identity)) this.remembered.delete(hash);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('session').set({ revoked_at: this.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    // After the update: a read made while it ran may have remembered the session as it was.
    this.forget((s) => s.sessionId === sessionId);
  }

  /** Ends every session of the member (a lock, a password reset by an operator). */
  async revokeAll(memberId: number): Promise<void> {
    await this.db.updateTable('session').set({ revoked_at: this.now() })
      .where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
    this.forget((s) => s.memberId === memberId);
  }

  /** Ends every session of the member but one (after a password change). */
  async revokeOthers(memberId: number, keepSessionId: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ revoked_at: this.now() })
      .where('member_id', '=', memberId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
    this.forget((s) => s.memberId === memberId && s.sessionId !== keepSessionId);
  }
}
