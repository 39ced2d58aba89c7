import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Authenticator } from '../http/member-guard';

export const memberRoom = (memberId: number) => `member:${memberId}`;

/**
 * socket.io for pushing events to a member's open pages (balance changes, chat). Members
 * authenticate with their bearer token in the handshake and join their own room. With
 * REDIS_URL the rooms span every node behind the balancer.
 */
export class Realtime {
  private io?: Server;
  private redis: Redis[] = [];

  constructor(private readonly options: { authenticate: Authenticator; redisUrl?: string; corsOrigins: string[] }) {}

  attach(server: HttpServer) {
    const io = new Server(server, {
      path: '/socket.io',
      cors: this.options.corsOrigins.length ? { origin: this.options.corsOrigins } : undefined,
      serveClient: false,
    });
    if (this.options.redisUrl) {
      const pub = new Redis(this.options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      this.redis = [pub, sub];
      io.adapter(createAdapter(pub, sub));
    }
    io.on('connection', async (socket) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      const member = token ? await this.options.authenticate(token).catch(() => null) : null;
      if (member) await socket.join(memberRoom(member.memberId));
    });
    this.io = io;
  }

  /** Sends an event to every open page of one member; call only after the change has committed. */
  toMember(memberId: number, event: string, payload: unknown) {
    this.io?.to(memberRoom(memberId)).emit(event, payload);
  }

  async close() {
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await Promise.all(this.redis.map((r) => r.quit().catch(() => undefined)));
  }
}
