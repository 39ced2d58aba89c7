import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { getToken } from '../auth/storage';
import { reportSocketHealth } from '../realtime/socketHealth';
import type { ChatIdentity, ChatMessage } from './chatApi';
import { watchChatRoom } from './chatRoom';

/**
 * The widget's socket (SPEC section 7): same origin, path /socket.io, the member's token or
 * the guest id in the handshake, kept in the customer's room by watchChatRoom (./chatRoom.ts:
 * joins on every connection, tries again every 5 s while disconnected). Calls `onMessage` with
 * every 'messaging' event and `onRejoined` after a reconnection, when messages may have been
 * missed. Returns whether the room is joined.
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
    const socket = io({
      path: '/socket.io',
      // Read at each (re)connection, so a refreshed token is used.
      auth: (cb) => cb(guestId ? { guestId } : { token: getToken() }),
      reconnection: false,
    });
    const stopReporting = reportSocketHealth(socket);
    // A guest names its room; a member's is named by the server from the token.
    const stopWatching = watchChatRoom(socket, guestId ? { room: `${prefix}guest:${guestId}` } : {}, {
      joined: setConnected,
      message: (m) => handlers.current.onMessage(m as ChatMessage),
      rejoined: () => handlers.current.onRejoined(),
    });
    return () => {
      stopReporting();
      stopWatching();
    };
  }, [prefix, guestId]);

  return connected;
}
