import { CHAT, CHAT_EVENTS } from '../../contract/constants';
import { keepConnected } from '../realtime/keepConnected';

/** The little of a socket.io client socket the chat uses (tests give a fake one). */
export interface ChatRoomSocket {
  connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, payload: object, ack: (answer: { ok?: boolean } | undefined) => void): unknown;
}

export interface ChatRoomHandlers {
  /** Whether the customer's room is joined: false on every disconnection. */
  joined: (ok: boolean) => void;
  message: (message: unknown) => void;
  /** Joined again after a disconnection: messages may have been missed meanwhile. */
  rejoined: () => void;
}

/**
 * Keeps a socket opened with `reconnection: false` in the customer's chat room: it joins on every
 * connection, and while disconnected tries to connect again every 5 s (SPEC sections 4 and 9).
 * Returns what ends the retries and the socket.
 */
export function watchChatRoom(socket: ChatRoomSocket, join: object, handlers: ChatRoomHandlers, everyMs: number = CHAT.socketCheckMs): () => void {
  let joinedBefore = false;
  socket.on('connect', () => {
    socket.emit(CHAT_EVENTS.join, join, (answer) => {
      const ok = Boolean(answer?.ok);
      handlers.joined(ok);
      if (ok && joinedBefore) handlers.rejoined();
      joinedBefore = joinedBefore || ok;
    });
  });
  socket.on('disconnect', () => handlers.joined(false));
  socket.on(CHAT_EVENTS.messaging, (message: never) => handlers.message(message));
  return keepConnected(socket, everyMs);
}
