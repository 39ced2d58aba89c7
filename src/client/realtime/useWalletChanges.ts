import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { getToken, subscribeToken } from '../auth/storage';

/** The server emits this to the member's room after any committed change of their money. */
export const WALLET_CHANGED = 'wallet.changed';

/**
 * The member's socket (same origin, path /socket.io, the bearer token in the handshake):
 * calls `onChange` on every 'wallet.changed', and after a reconnection, when events may
 * have been missed. A new token reconnects; no token (logout) disconnects.
 */
export function useWalletChanges(onChange: () => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token } });
    const changed = () => latest.current();
    socket.on(WALLET_CHANGED, changed);
    socket.io.on('reconnect', changed);
    return () => {
      socket.io.off('reconnect', changed);
      socket.disconnect();
    };
  }, [token]);
}
