import type { Socket } from 'socket.io';
import type { Authenticator } from '../../http/member-guard';
import { customerRoom, GUEST_ID, type ChatCustomer } from './identity';

/** What the client emits to enter its chat room, and what it is answered. */
export const JOIN_EVENT = 'chat.join';
export type JoinAnswer = { ok: true; room: string } | { ok: false; message: 'invalid-token' | 'INVALID_INPUT' | 'UNAUTHORIZED' | 'REQUEST_LIMIT' };

/** A socket may ask to join this often; a client rejoins every 5 s at most (SPEC section 9). */
const JOINS_PER_WINDOW = 10;
const JOIN_WINDOW_MS = 10_000;

/**
 * Chat rooms over the app's socket.io. The room is worked out from the handshake's identity
 * (the bearer token, else the guest id), never taken from the client: a client that names a
 * room is answered UNAUTHORIZED unless it is its own, so nobody joins another's room.
 */
export function handleChatSockets(deps: { authenticate: Authenticator; roomPrefix: string }) {
  return (socket: Socket) => {
    let joins: number[] = [];
    socket.on(JOIN_EVENT, async (request: unknown, ack?: unknown) => {
      const answer = (a: JoinAnswer) => typeof ack === 'function' && ack(a);
      const now = Date.now();
      joins = joins.filter((t) => now - t < JOIN_WINDOW_MS);
      joins.push(now);
      if (joins.length > JOINS_PER_WINDOW) {
        answer({ ok: false, message: 'REQUEST_LIMIT' });
        socket.disconnect(true);
        return;
      }
      const customer = await customerOfSocket(socket, deps.authenticate);
      if (customer === 'invalid-token' || customer === 'INVALID_INPUT') return answer({ ok: false, message: customer });
      const room = customerRoom(deps.roomPrefix, customer);
      const asked = request && typeof request === 'object' && 'room' in request ? (request as { room: unknown }).room : undefined;
      if (asked !== undefined && asked !== room) return answer({ ok: false, message: 'UNAUTHORIZED' });
      await socket.join(room);
      answer({ ok: true, room });
    });
  };
}

async function customerOfSocket(socket: Socket, authenticate: Authenticator): Promise<ChatCustomer | 'invalid-token' | 'INVALID_INPUT'> {
  const auth = (socket.handshake.auth ?? {}) as { token?: unknown; guestId?: unknown };
  if (typeof auth.token === 'string' && auth.token) {
    const member = await authenticate(auth.token).catch(() => null);
    return member ? { kind: 'member', memberId: member.memberId } : 'invalid-token';
  }
  if (typeof auth.guestId === 'string' && GUEST_ID.test(auth.guestId)) return { kind: 'guest', guestId: auth.guestId };
  return 'INVALID_INPUT';
}
