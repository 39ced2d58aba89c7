import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onApiNavigation } from './navigation';

/**
 * Lets the api layer move the member to /terminated or /login through the router. A member
 * already there stays put: /terminated itself asks the operator's contact, and a 'gone' answer to
 * it must not start the page again.
 */
export function ApiNavigationBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  useEffect(
    () =>
      onApiNavigation((to) => {
        if (here.current !== to) void navigate(to, { replace: true });
      }),
    [navigate],
  );
  return null;
}
