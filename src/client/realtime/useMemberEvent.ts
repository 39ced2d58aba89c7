import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { getToken, subscribeToken } from '../auth/storage';
import { reportSocketHealth } from './socketHealth';

/**
 * Calls `onEvent` with the event's payload on every `event` the server sends to the member's
 * room, and with none after a reconnection (events may have been missed). socket.io shares one
 * connection per page among every hook like this one. The payload is the server's word, not yet
 * checked: the caller parses it.
 */
export function useMemberEvent(event: string, onEvent: (payload?: unknown) => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token } });
    const heard = (payload: unknown) => latest.current(payload);
    // socket.io's reconnect passes the attempt number, which is no payload.
    const reconnected = () => latest.current(undefined);
    socket.on(event, heard);
    socket.io.on('reconnect', reconnected);
    const stopReporting = reportSocketHealth(socket);
    return () => {
      stopReporting();
      socket.io.off('reconnect', reconnected);
      socket.disconnect();
    };
  }, [token, event]);
}
