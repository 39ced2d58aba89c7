import { createContext, useContext } from 'react';
import type { BalanceReadReason } from '../../../machines/gameBalanceMachine';
import type { WalletHome } from './balance';

/** How true the game figures are: being read now, when the providers last answered, when a read last failed. */
export interface GameBalancesState {
  reading: boolean;
  /** ms since the epoch, null until a provider read was seen. */
  readAt: number | null;
  /** ms since the epoch of the last failed read, null when the last read answered. */
  failedAt: number | null;
}

export interface WalletStore {
  /** The last GET /api/wallet answer, null until the first arrives. */
  home: WalletHome | null;
  loading: boolean;
  /** The age of the game balances shown (machines/gameBalanceMachine.ts). */
  gameBalances: GameBalancesState;
  /** Grows by one on each change of the member's money that the server announced. */
  changes: number;
  /** Fetches GET /api/wallet again. */
  reload: () => Promise<void>;
  /** "Check balance": asks every provider now (GET /api/wallet/refresh/slot). */
  checkBalances: () => void;
  /** A screen is about to show game balances, or a transfer moved money: read them from the providers. */
  wantGameBalances: (reason: BalanceReadReason) => void;
  /** A game was opened in a tab of its own: coming back from it reads the game balances. */
  gameLaunched: () => void;
}

export const WalletContext = createContext<WalletStore | null>(null);

export const useWallet = (): WalletStore => {
  const store = useContext(WalletContext);
  if (!store) throw new Error('useWallet needs a <WalletProvider> above it');
  return store;
};
