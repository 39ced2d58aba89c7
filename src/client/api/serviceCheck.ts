import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { callLanguage, messageOf } from './answers';
import { followMessage } from './memberSession';

/** The path of the contract's lookupActive (tests/client/serviceCheck.test.ts keeps the two in step). */
export const SERVICE_ACTIVE_PATH = '/api/lookup/active';

/**
 * SPEC section 2: on /login, ask whether the service still runs. It is the one call the login
 * page makes before the member does anything, so it goes out with fetch rather than through the
 * axios instance: axios and the contract's schemas arrive when the member starts to log in
 * (./onDemand.ts), which keeps the login page inside its JavaScript budget (issue 18). It sends
 * what every call sends and follows the answer the same way ('gone' goes to /terminated).
 * Resolves true when the service answered that it runs.
 */
export async function askServiceActive(): Promise<boolean> {
  const headers: Record<string, string> = { accept: 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const language = callLanguage();
  if (language) headers['accept-language'] = language;
  const response = await fetch(SERVICE_ACTIVE_PATH, { headers, signal: AbortSignal.timeout(TIMEOUTS.requestMs) });
  const message = messageOf(await response.json().catch(() => undefined));
  followMessage(message);
  return response.ok && message === 'OK';
}
