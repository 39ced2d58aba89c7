import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onApiNavigation } from './navigation';

/** Lets the api layer move the member to /terminated or /login through the router. */
export function ApiNavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => onApiNavigation((to) => void navigate(to, { replace: true })), [navigate]);
  return null;
}
