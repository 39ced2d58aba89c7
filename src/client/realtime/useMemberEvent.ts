import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../auth/storage';
import { holdMemberSocket } from './memberSocket';

/**
 * Calls `onEvent` with the event's payload on every `event` the server sends to the member's
 * room, and with none after a reconnection (events may have been missed). Every hook like this
 * one listens on the page's one member socket (./memberSocket.ts). The payload is the server's
 * word, not yet checked: the caller parses it.
 */
export function useMemberEvent(event: string, onEvent: (payload?: unknown) => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!token) return;
    const { socket, release } = holdMemberSocket(token);
    const heard = (payload: unknown) => latest.current(payload);
    // socket.io's reconnect passes the attempt number, which is no payload.
    const reconnected = () => latest.current(undefined);
    socket.on(event, heard);
    socket.io.on('reconnect', reconnected);
    return () => {
      socket.off(event, heard);
      socket.io.off('reconnect', reconnected);
      release();
    };
  }, [token, event]);
}
