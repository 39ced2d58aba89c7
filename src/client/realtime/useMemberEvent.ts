import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { getToken, subscribeToken } from '../auth/storage';

/**
 * Calls `onEvent` on every `event` the server sends to the member's room, and after a
 * reconnection (events may have been missed). socket.io shares one connection per page among
 * every hook like this one.
 */
export function useMemberEvent(event: string, onEvent: () => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token } });
    const heard = () => latest.current();
    socket.on(event, heard);
    socket.io.on('reconnect', heard);
    return () => {
      socket.io.off('reconnect', heard);
      socket.disconnect();
    };
  }, [token, event]);
}
