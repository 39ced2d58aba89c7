import type { Socket } from 'socket.io';
import { can, CHAT_EVENTS } from '../../../contract';
import type { Authenticator } from '../../http/member-guard';
import { holdsSession } from '../../realtime/realtime';
import type { OperatorAuthenticator } from '../admin/guard';
import { consoleRoom, customerRoom, GUEST_ID, type ChatCustomer } from './identity';

/** What the widget is answered when it asks to enter its chat room. */
export type JoinAnswer = { ok: true; room: string } | { ok: false; message: 'invalid-token' | 'INVALID_INPUT' | 'UNAUTHORIZED' | 'REQUEST_LIMIT' };
/**
 * What the back office's chat page is answered when it asks to hear of every conversation's
 * changes, with the operator's token in the handshake (`operatorToken`); a role without the chat
 * permission is answered FORBIDDEN.
 */
export type ConsoleJoinAnswer = { ok: true } | { ok: false; message: 'invalid-token' | 'FORBIDDEN' | 'REQUEST_LIMIT' };

/** A socket may ask to join this often; a client rejoins every 5 s at most (SPEC section 9). */
const JOINS_PER_WINDOW = 10;
const JOIN_WINDOW_MS = 10_000;

/**
 * Chat rooms over the app's socket.io. The room is worked out from the handshake's identity
 * (the bearer token, else the guest id), never taken from the client: a client that names a
 * room is answered UNAUTHORIZED unless it is its own, so nobody joins another's room.
 */
export function handleChatSockets(deps: { authenticate: Authenticator; authenticateOperator: OperatorAuthenticator; roomPrefix: string }) {
  return (socket: Socket) => {
    let joins: number[] = [];
    /** Counts a join; false (and the socket ended) past the limit. */
    const allowed = (answer: (a: { ok: false; message: 'REQUEST_LIMIT' }) => void) => {
      const now = Date.now();
      joins = joins.filter((t) => now - t < JOIN_WINDOW_MS);
      joins.push(now);
      if (joins.length <= JOINS_PER_WINDOW) return true;
      answer({ ok: false, message: 'REQUEST_LIMIT' });
      socket.disconnect(true);
      return false;
    };

    socket.on(CHAT_EVENTS.join, async (request: unknown, ack?: unknown) => {
      const answer = (a: JoinAnswer) => typeof ack === 'function' && ack(a);
      if (!allowed(answer)) return;
      const customer = await customerOfSocket(socket, deps.authenticate);
      if (customer === 'invalid-token' || customer === 'INVALID_INPUT') return answer({ ok: false, message: customer });
      const room = customerRoom(deps.roomPrefix, customer);
      const asked = request && typeof request === 'object' && 'room' in request ? (request as { room: unknown }).room : undefined;
      if (asked !== undefined && asked !== room) return answer({ ok: false, message: 'UNAUTHORIZED' });
      await socket.join(room);
      answer({ ok: true, room });
    });

    socket.on(CHAT_EVENTS.consoleJoin, async (_request: unknown, ack?: unknown) => {
      const answer = (a: ConsoleJoinAnswer) => typeof ack === 'function' && ack(a);
      if (!allowed(answer)) return;
      const token = (socket.handshake.auth ?? {}).operatorToken;
      /** Whether the operator may chat; null without a live operator session. */
      const mayChat = async () => {
        const operator = typeof token === 'string' && token ? await deps.authenticateOperator(token) : null;
        return operator ? can(operator.role, 'chat') : null;
      };
      const allowedNow = await mayChat().catch(() => null);
      if (allowedNow === null) return answer({ ok: false, message: 'invalid-token' });
      if (!allowedNow) return answer({ ok: false, message: 'FORBIDDEN' });
      // Signed out, disabled or moved to a role without chat: the socket ends within seconds.
      holdsSession(socket, async () => (await mayChat()) === true);
      await socket.join(consoleRoom(deps.roomPrefix));
      answer({ ok: true });
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
