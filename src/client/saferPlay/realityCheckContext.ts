import { createContext, useContext } from 'react';
import type { RealityCheck } from '../../../machines/realityCheckMachine';

/** The reality check the member area shares: the wallet and the game dialog show it (issue 31). */
export interface RealityCheckStore {
  check: RealityCheck | null;
  /** Something changed that the figures may show (money moved, the page came back): read again. */
  refresh: () => void;
  /** A fresh answer from elsewhere (the interval chosen on the Safer play page). */
  answered: (check: RealityCheck) => void;
}

export const RealityCheckContext = createContext<RealityCheckStore | null>(null);

/** The member area's reality check; null outside it. */
export const useRealityCheck = (): RealityCheckStore | null => useContext(RealityCheckContext);
