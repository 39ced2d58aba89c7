import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasToken } from './storage';

/** SPEC section 2: a route that needs authentication goes to /login when no token is stored. */
export function RequireToken({ children }: { children: ReactNode }) {
  if (!hasToken()) return <Navigate to="/login" replace />;
  return children;
}
