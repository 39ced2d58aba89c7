import { createContext, useContext } from 'react';
import type { Permission, ResponseOf, adminMe } from '../../contract';

export type OperatorView = ResponseOf<typeof adminMe>;

export interface OperatorSession {
  operator: OperatorView;
  can: (permission: Permission) => boolean;
  signOut: () => void;
}

export const OperatorContext = createContext<OperatorSession | null>(null);

export const useOperator = (): OperatorSession => {
  const session = useContext(OperatorContext);
  if (!session) throw new Error('useOperator needs the admin shell above it');
  return session;
};
