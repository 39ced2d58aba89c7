import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENTS } from '../../contract/constants';
import { keepConnected } from '../realtime/keepConnected';
import { getToken } from '../auth/storage';
import type { ChatIdentity, ChatMessage } from './chatApi';

/**
 * The widget's socket (SPEC section 7): same origin, path /socket.io, the member's token or
 * the guest id in the handshake. On connecting it joins the customer's room, named from the
 * PREFIX of the chat config; while disconnected it tries again every 5 s (SPEC section 9).
 * Calls `onMessage` with every 'messaging' event and `onRejoined` after a reconnection, when
 * messages may have been missed.
 */
export function useChatConnection(who: ChatIdentity, prefix: string | null, onMessage: (m: ChatMessage) => void, onRejoined: () => void) {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onMessage, onRejoined });
  useEffect(() => {
    handlers.current = { onMessage, onRejoined };
  }, [onMessage, onRejoined]);

  const guestId = who.kind === 'guest' ? who.guestId : null;
  useEffect(() => {
    if (prefix === null) return;
    // A guest names its room; a member's is named by the server from the token.
    const join = guestId ? { room: `${prefix}guest:${guestId}` } : {};
    const socket: Socket = io({
      path: '/socket.io',
      // Read at each (re)connection, so a refreshed token is used.
      auth: (cb) => cb(guestId ? { guestId } : { token: getToken() }),
      reconnection: false,
    });
    let joinedBefore = false;
    socket.on('connect', () => {
      socket.emit(CHAT_EVENTS.join, join, (answer: { ok: boolean }) => {
        setConnected(Boolean(answer?.ok));
        if (answer?.ok && joinedBefore) handlers.current.onRejoined();
        joinedBefore = joinedBefore || Boolean(answer?.ok);
      });
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on(CHAT_EVENTS.messaging, (message: ChatMessage) => handlers.current.onMessage(message));
    return keepConnected(socket);
  }, [prefix, guestId]);

  return connected;
}
