import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { DEVICE_ID_HEADER } from '../../../contract';
import type { DB } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The device id a request carries, lower case, or null. Anything but a UUID is ignored, never
 * refused: the id only feeds the operators' risk signals, and an old client sends none.
 */
export function deviceIdOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers[DEVICE_ID_HEADER];
  return typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : null;
}

/**
 * The devices members use (`member_device`): one row per member and device, moved by one upsert
 * at login, at registration and on a member's calls that change something (money calls among
 * them), never on reads, so the cost is a write where a write already happens.
 */
export class MemberDevices {
  constructor(private readonly db: Kysely<DB>, private readonly now: () => Date = () => new Date()) {}

  async seen(memberId: number, deviceId: string | null, ip: string | null): Promise<void> {
    if (!deviceId) return;
    const at = this.now();
    await this.db.insertInto('member_device')
      .values({ member_id: memberId, device_id: deviceId, first_seen_at: at, last_seen_at: at, last_ip: ip?.slice(0, 100) ?? null })
      .onConflict((oc) => oc.columns(['member_id', 'device_id']).doUpdateSet({
        last_seen_at: sql`greatest(member_device.last_seen_at, excluded.last_seen_at)`,
        last_ip: sql`excluded.last_ip`,
      }))
      .execute();
  }
}
