import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../api';
import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';
import { useWalletChanges } from '../realtime/useWalletChanges';
import type { WalletHome } from './balance';
import { WalletContext, type WalletStore } from './walletContext';

/**
 * The member's wallet for every screen of the member area: loaded once, reloaded when the
 * server announces a change on the socket, and after the member's own money actions.
 * SPEC section 8: wallet load and refresh errors are only logged.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [home, setHome] = useState<WalletHome | null>(null);
  const [loading, setLoading] = useState(true);
  const [lastSyncTime, setLastSyncTime] = useState(() => readLocal(STORAGE_KEYS.lastSyncTime));
  const [changes, setChanges] = useState(0);
  // Answers can overtake each other; only the newest request may write.
  const latestLoad = useRef(0);

  const reload = useCallback((): Promise<void> => {
    const ticket = ++latestLoad.current;
    return call(endpoints.wallet)
      .then(
        (answer) => {
          if (ticket === latestLoad.current) setHome(answer);
        },
        (error: unknown) => console.warn('wallet load failed', error),
      )
      .finally(() => setLoading(false));
  }, []);

  const checkBalances = useCallback(async () => {
    const ticket = ++latestLoad.current;
    try {
      const refreshed = await call(endpoints.walletRefreshSlot);
      const now = new Date().toISOString();
      writeLocal(STORAGE_KEYS.lastSyncTime, now);
      setLastSyncTime(now);
      // Newer than any wallet load still in flight: those answers are dropped.
      if (ticket === latestLoad.current) setHome((current) => (current ? { ...current, ...refreshed } : current));
    } catch (error) {
      console.warn('balance check failed', error);
    }
  }, []);

  // The bank's name comes in the member's language: a new language reloads the wallet.
  const { i18n } = useTranslation();
  useEffect(() => {
    void reload();
  }, [reload, i18n.language]);

  const onWalletChanged = useCallback(() => {
    setChanges((n) => n + 1);
    void reload();
  }, [reload]);
  useWalletChanges(onWalletChanged);

  const store = useMemo<WalletStore>(
    () => ({ home, loading, lastSyncTime, changes, reload, checkBalances }),
    [home, loading, lastSyncTime, changes, reload, checkBalances],
  );
  return <WalletContext.Provider value={store}>{children}</WalletContext.Provider>;
}
