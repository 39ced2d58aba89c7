import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Authenticator } from '../http/member-guard';

/** Whether the session a socket was let into a room with still holds; checked every few seconds. */
export type SessionCheck = () => Promise<boolean>;

/** Adds a check to a socket: when it fails, the socket is ended (see `checkSessionsEvery`). */
export const holdsSession = (socket: Socket, check: SessionCheck) => {
  socket.data.sessionChecks = [...((socket.data.sessionChecks ?? []) as SessionCheck[]), check];
};

export const memberRoom = (memberId: number) => `member:${memberId}`;
/** Every socket opened with one session's token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io for pushing events to a member's open pages (balance changes, chat). Members
 * authenticate with their bearer token in the handshake and join their own room. With
 * REDIS_URL the rooms span every node behind the balancer.
 */
export class Realtime {
  private io?: Server;
  private redis: Redis[] = [];
  private connectionHandlers: ((socket: Socket) => void)[] = [];

  private sessionCheck?: NodeJS.Timeout;

  constructor(
    private readonly options: {
      authenticate: Authenticator;
      redisUrl?: string;
      corsOrigins: string[];
      /** How often this node checks that its sockets' sessions still hold (a member locked in the back office). */
      sessionCheckMs?: number;
    },
  ) {}

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
    // The member joins their rooms before the handshake completes, so an event sent right after
    // the page sees `connect` reaches it (joining on `connection` left a window where it did not).
    io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      const member = token ? await this.options.authenticate(token).catch(() => null) : null;
      if (member) {
        holdsSession(socket, async () => (await this.options.authenticate(token!)) !== null);
        await socket.join([memberRoom(member.memberId), sessionRoom(member.sessionId)]);
      }
      next();
    });
    io.on('connection', (socket) => {
      for (const handler of this.connectionHandlers) handler(socket);
    });
    this.io = io;
    this.checkSessionsEvery(this.options.sessionCheckMs ?? 5_000);
  }

  /**
   * Ends the sockets of sessions that have ended, on every node: one session's (logout), or all of
   * a member's but the one kept (password change). A socket must not outlive its session and keep
   * receiving the member's events.
   */
  endMemberSockets(target: { sessionId: string } | { memberId: number; exceptSessionId?: string }) {
    if (!this.io) return;
    if ('sessionId' in target) return void this.io.in(sessionRoom(target.sessionId)).disconnectSockets(true);
    const sockets = this.io.in(memberRoom(target.memberId));
    (target.exceptSessionId ? sockets.except(sessionRoom(target.exceptSessionId)) : sockets).disconnectSockets(true);
  }

  /**
   * Ends this node's sockets whose session no longer holds (`holdsSession`: a member's token
   * revoked, expired or locked; an operator's console signed out). A check that cannot be made
   * (the database briefly away) keeps the socket until the next one.
   */
  private checkSessionsEvery(intervalMs: number) {
    this.sessionCheck = setInterval(() => {
      for (const socket of this.io?.of('/').sockets.values() ?? []) {
        const checks = (socket.data.sessionChecks ?? []) as SessionCheck[];
        for (const holds of checks) holds().then((ok) => ok || socket.disconnect(true), () => undefined);
      }
    }, intervalMs);
    this.sessionCheck.unref();
  }

  /** Sends an event to every open page of one member; call only after the change has committed. */
  toMember(memberId: number, event: string, payload: unknown) {
    this.io?.to(memberRoom(memberId)).emit(event, payload);
  }

  /** Lets a module (chat) handle each new socket; register before the server listens. */
  onConnection(handler: (socket: Socket) => void) {
    this.connectionHandlers.push(handler);
  }

  /** Sends an event to one room on every node; call only after the change has committed. */
  toRoom(room: string, event: string, payload: unknown) {
    this.io?.to(room).emit(event, payload);
  }

  /** Sockets connected to this node now (every page and console open on it). */
  connectedCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /**
   * Ends every socket on this node, first of a shutdown: the pages reconnect to another node at
   * once (socket.io retries), and the HTTP server is left with requests only, which it lets finish.
   */
  disconnectAll() {
    this.io?.local.disconnectSockets(true);
    this.io?.engine.close();
  }

  async close() {
    clearInterval(this.sessionCheck);
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await Promise.all(this.redis.map((r) => r.quit().catch(() => undefined)));
  }
}
