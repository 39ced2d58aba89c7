import { clearToken } from '../auth/storage';
import type { SessionEnd } from './answers';
import { sessionEndOf } from './answers';
import { requestNavigation } from './navigation';

/**
 * What an ended session does in the member app (SPEC sections 2 and 8): a switched-off service
 * sends the member to /terminated; a token the server no longer accepts is forgotten and the
 * member goes back to /login.
 */
export const endMemberSession = (end: SessionEnd): void => {
  if (end === 'serviceGone') {
    requestNavigation('/terminated');
    return;
  }
  clearToken();
  requestNavigation('/login');
};

/** For calls made outside the axios instance (the login page's service check): follow the answer's message. */
export const followMessage = (message: string | undefined): void => {
  const end = sessionEndOf(message);
  if (end) endMemberSession(end);
};
