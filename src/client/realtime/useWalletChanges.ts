import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { getToken, subscribeToken } from '../auth/storage';
import { listenToMemberMoney, type MemberMoneyListeners } from './memberMoneyEvents';
import { reportSocketHealth } from './socketHealth';

export { SPIN_CHANGED, WALLET_CHANGED } from './memberMoneyEvents';

/**
 * The member's socket (same origin, path /socket.io, the bearer token in the handshake):
 * calls `onChange` on every 'wallet.changed' and after a reconnection, `onSpinChange` on every
 * 'spin.changed' (./memberMoneyEvents.ts). A new token reconnects; no token (logout) disconnects.
 * While it connects again after a drop, the shell's banner says so (./socketHealth.ts).
 */
export function useWalletChanges(onChange: () => void, onSpinChange?: () => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef<MemberMoneyListeners>({ onChange, onSpinChange });
  useEffect(() => {
    latest.current = { onChange, onSpinChange };
  }, [onChange, onSpinChange]);

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token } });
    const stop = listenToMemberMoney(socket, () => latest.current);
    const stopReporting = reportSocketHealth(socket);
    return () => {
      stop();
      stopReporting();
      socket.disconnect();
    };
  }, [token]);
}
