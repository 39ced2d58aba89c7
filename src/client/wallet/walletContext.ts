import { createContext, useContext } from 'react';
import type { WalletHome } from './balance';

export interface WalletStore {
  /** The last GET /api/wallet answer, null until the first arrives. */
  home: WalletHome | null;
  loading: boolean;
  /** When the game balances were last checked with the providers (ISO), from local storage. */
  lastSyncTime: string | null;
  /** Grows by one on each change of the member's money that the server announced. */
  changes: number;
  /** Fetches GET /api/wallet again. */
  reload: () => Promise<void>;
  /** GET /api/wallet/refresh/slot: asks every provider, updates the balances and the last sync time. */
  checkBalances: () => Promise<void>;
}

export const WalletContext = createContext<WalletStore | null>(null);

export const useWallet = (): WalletStore => {
  const store = useContext(WalletContext);
  if (!store) throw new Error('useWallet needs a <WalletProvider> above it');
  return store;
};
