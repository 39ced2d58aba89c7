import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../auth/storage';
import { listenToMemberMoney, type MemberMoneyListeners } from './memberMoneyEvents';
import { holdMemberSocket } from './memberSocket';

export { SPIN_CHANGED, WALLET_CHANGED } from './memberMoneyEvents';

/**
 * The member's socket (./memberSocket.ts, shared with every hook listening to the member's room):
 * calls `onChange` on every 'wallet.changed' and after a reconnection, `onSpinChange` on every
 * 'spin.changed' (./memberMoneyEvents.ts). A new token reconnects; no token (logout) disconnects.
 */
export function useWalletChanges(onChange: () => void, onSpinChange?: () => void) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const latest = useRef<MemberMoneyListeners>({ onChange, onSpinChange });
  useEffect(() => {
    latest.current = { onChange, onSpinChange };
  }, [onChange, onSpinChange]);

  useEffect(() => {
    if (!token) return;
    const { socket, release } = holdMemberSocket(token);
    const stop = listenToMemberMoney(socket, () => latest.current);
    return () => {
      stop();
      release();
    };
  }, [token]);
}
