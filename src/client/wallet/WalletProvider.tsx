import { useActorRef, useSelector } from '@xstate/react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { gameBalanceMachine, type BalanceReadReason } from '../../../machines/gameBalanceMachine';
import { call, endpoints } from '../api';
import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';
import { useWalletChanges } from '../realtime/useWalletChanges';
import type { WalletHome } from './balance';
import { WalletContext, type WalletStore } from './walletContext';

/**
 * Answers can overtake each other; only the newest request may write. A counter in a closure
 * (not a ref: the game balance read is handed to the machine during render).
 */
const loadOrder = () => {
  let latest = 0;
  return { next: () => ++latest, isLatest: (ticket: number) => ticket === latest };
};

/** The last provider read this browser saw, as ms since the epoch (null when never, or unreadable). */
const storedReadAt = (): number | null => {
  const stored = readLocal(STORAGE_KEYS.lastSyncTime);
  const at = stored ? Date.parse(stored) : NaN;
  return Number.isFinite(at) ? at : null;
};

/**
 * The member's wallet for every screen of the member area: loaded once, reloaded when the
 * server announces a change on the socket, and after the member's own money actions. The game
 * balances are read from the providers (machines/gameBalanceMachine.ts) when the member area
 * opens, when the tab comes back into view or the page gets the focus back (back from a game),
 * and when a screen asks (the game account dialog opens, a transfer ended, "check balance").
 * SPEC section 8: wallet load and refresh errors are only logged.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [home, setHome] = useState<WalletHome | null>(null);
  const [loading, setLoading] = useState(true);
  const [changes, setChanges] = useState(0);
  const [loads] = useState(loadOrder);

  const reload = useCallback((): Promise<void> => {
    const ticket = loads.next();
    return call(endpoints.wallet).then(
      // A transition: the whole home renders with the answer, in slices a slow phone stays responsive between.
      (answer) =>
        startTransition(() => {
          if (loads.isLatest(ticket)) setHome(answer);
          setLoading(false);
        }),
      (error: unknown) => {
        console.warn('wallet load failed', error);
        setLoading(false);
      },
    );
  }, [loads]);

  const readGameBalances = useCallback(async (): Promise<{ readAt: number }> => {
    const ticket = loads.next();
    try {
      const refreshed = await call(endpoints.walletRefreshSlot);
      const readAt = Date.now();
      writeLocal(STORAGE_KEYS.lastSyncTime, new Date(readAt).toISOString());
      // Newer than any wallet load still in flight: those answers are dropped.
      if (loads.isLatest(ticket)) setHome((current) => (current ? { ...current, ...refreshed } : current));
      return { readAt };
    } catch (error) {
      console.warn('balance check failed', error);
      throw error;
    }
  }, [loads]);
  const balances = useActorRef(
    gameBalanceMachine.provide({ actors: { readGameBalances: fromPromise(readGameBalances) } }),
    { input: { readAt: storedReadAt() } },
  );
  const gameBalances = useSelector(
    balances,
    (snapshot) => ({ reading: snapshot.matches('reading'), readAt: snapshot.context.readAt, failedAt: snapshot.context.failedAt }),
    (a, b) => a.reading === b.reading && a.readAt === b.readAt && a.failedAt === b.failedAt,
  );
  const wantGameBalances = useCallback(
    (reason: BalanceReadReason) => balances.send({ type: 'balances.wanted', reason, at: Date.now() }),
    [balances],
  );
  const checkBalances = useCallback(() => wantGameBalances('asked'), [wantGameBalances]);

  // A game was launched from here (a tab of its own): the next time the page is back in view
  // the member comes back from it, and the read is not skipped as a mere tab switch.
  const inGame = useRef(false);
  const gameLaunched = useCallback(() => {
    inGame.current = true;
  }, []);
  useEffect(() => {
    wantGameBalances('started');
    const back = () => {
      wantGameBalances(inGame.current ? 'returned' : 'visible');
      inGame.current = false;
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') back();
    };
    const onFocus = back;
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [wantGameBalances]);

  // The bank's name comes in the member's language: a new language reloads the wallet.
  const { i18n } = useTranslation();
  useEffect(() => {
    void reload();
  }, [reload, i18n.language]);

  const onWalletChanged = useCallback(() => {
    setChanges((n) => n + 1);
    void reload();
  }, [reload]);
  // The coins of the spin wheel live in the wallet's answer too: 'spin.changed' reloads it.
  const onCoinsChanged = useCallback(() => void reload(), [reload]);
  useWalletChanges(onWalletChanged, onCoinsChanged);

  const store = useMemo<WalletStore>(
    () => ({ home, loading, gameBalances, changes, reload, checkBalances, wantGameBalances, gameLaunched }),
    [home, loading, gameBalances, changes, reload, checkBalances, wantGameBalances, gameLaunched],
  );
  return <WalletContext.Provider value={store}>{children}</WalletContext.Provider>;
}
